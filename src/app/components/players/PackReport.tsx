/**
 * The pack report: per level the structural estimate beside the rating
 * from players (with its interval), attempts, players and solve rate; the
 * pack's difficulty curve as players met it; and the levels where players
 * and the estimate disagree most.
 */
import { biggestDisagreements, ratingStatus, ratingText, reportLevels, type ReportLevel } from '../../adapters/playerData';
import { PROVISIONAL_PLAYERS } from '../../../core/players/rating';
import { useStudioShallow } from '../../studioContext';

const W = 640, H = 220, M = { l: 44, r: 12, t: 14, b: 30 };

/** Ratings (with intervals) and the calibrated estimate along the pack, log scale. */
function CurveChart({ levels }: { levels: readonly ReportLevel[] }) {
  const values = levels.flatMap((l) => [l.row.ratingLow, l.row.ratingHigh, l.row.priorSeconds]).filter((v): v is number => v !== null && v > 0);
  if (values.length === 0) return null;
  const lo = Math.log(Math.min(...values) * 0.8), hi = Math.log(Math.max(...values) * 1.25);
  const x = (i: number): number => M.l + ((W - M.l - M.r) * (i + 0.5)) / levels.length;
  const y = (v: number): number => M.t + (H - M.t - M.b) * (1 - (Math.log(v) - lo) / Math.max(1e-9, hi - lo));
  const ticks = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].filter((t) => Math.log(t) >= lo && Math.log(t) <= hi);
  const prior = levels.filter((l) => l.row.priorSeconds !== null);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label="the pack's difficulty curve as players met it" data-testid="players.curve" fontSize={11}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke="#374151" />
          <text x={M.l - 6} y={y(t) + 4} textAnchor="end" fill="#6b7280">{t}</text>
        </g>
      ))}
      <text x={12} y={M.t + 8} fill="#6b7280" transform={`rotate(-90 12 ${M.t + 8})`} textAnchor="end">seconds (log)</text>
      {prior.length > 1 && <polyline fill="none" stroke="#9ca3af" strokeDasharray="4 3" points={prior.map((l) => `${x(l.index)},${y(l.row.priorSeconds!)}`).join(' ')} data-testid="players.curve.estimate" />}
      {levels.map((l) =>
        l.row.rating === null ? null : (
          <g key={l.index} data-testid="players.curve.point" data-rating={l.row.rating}>
            <line x1={x(l.index)} x2={x(l.index)} y1={y(l.row.ratingLow!)} y2={y(l.row.ratingHigh!)} stroke="#2563eb" strokeWidth={2} />
            <circle cx={x(l.index)} cy={y(l.row.rating)} r={4} fill="#2563eb">
              <title>{`${l.name || l.id}: ${ratingText(l.row, 0.9)}`}</title>
            </circle>
          </g>
        ),
      )}
      {levels.map((l) => (
        <text key={l.index} x={x(l.index)} y={H - M.b + 14} textAnchor="middle" fill="#6b7280">{l.index + 1}</text>
      ))}
      <text x={W - M.r} y={H - 4} textAnchor="end" fill="#6b7280">level (pack order) · ● rated, with interval · - - structural estimate on the players&apos; scale</text>
    </svg>
  );
}

export function PackReport() {
  const s = useStudioShallow((st) => ({ data: st.playerData, pack: st.pack }));
  if (s.data === null) return null;
  const levels = reportLevels(s.data, s.pack);
  const interval = s.data.fit.interval;
  const worst = biggestDisagreements(levels);
  const pct = (v: number | null): string => (v === null ? '–' : `${Math.round(v * 100)}%`);
  return (
    <section className="panel" aria-label="Pack report" data-testid="players.report">
      <header className="panel-header">
        <h2>Pack report</h2>
        <span className="grow" />
        <span className="muted lab-small" data-testid="players.report.summary">
          {s.data.players.toLocaleString('en-US')} players · {s.data.attempts.toLocaleString('en-US')} attempts · {levels.filter((l) => l.row.rating !== null).length} of {levels.length} levels rated
        </span>
      </header>
      <div className="lab-body">
        <p className="lab-note">
          A level&apos;s <b>rating</b> is the median seconds an average player of these players needs to solve it (all tries added up), from a model that
          weighs each player&apos;s speed, so a late level that only quick players reach is not taken for an easy one; a player who gave up counts as
          &ldquo;longer than this&rdquo;. The structural estimate is the prior where there are few attempts. A rating is <b>provisional</b> below {PROVISIONAL_PLAYERS} players;
          <b> misfit</b> when the level&apos;s times do not look like the model&apos;s (two ways of solving it, players idling): read its number with care. See docs/difficulty.md.
        </p>
        <CurveChart levels={levels} />
        <div data-testid="players.disagreements">
          <h3>Where players and the estimate disagree most</h3>
          {worst.length === 0 ? (
            <p className="lab-note" data-testid="players.disagreements.none">None: every rated level&apos;s {Math.round(interval * 100)}% interval holds its structural estimate (on the players&apos; scale).</p>
          ) : (
            <ol>
              {worst.map((l) => (
                <li key={l.index} data-testid="players.disagreement" data-id={l.id}>
                  <b>{l.name || l.id}</b> (level {l.index + 1}): rated {ratingText(l.row, interval)}, estimate {l.row.priorSeconds!.toFixed(1)} s on the players&apos; scale → players found it {l.disagreement! > 0 ? 'harder' : 'easier'} than predicted (×{Math.exp(Math.abs(l.disagreement!)).toFixed(1)})
                  {ratingStatus(l.row) !== '' && <> · {ratingStatus(l.row)}</>}
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="lab-table-wrap">
          <table className="lab-table" data-testid="players.table">
            <thead>
              <tr>
                <th>#</th><th>level</th><th className="num" title="structural estimate">estimate</th><th className="num">rated (s)</th><th className="num">{Math.round(interval * 100)}% interval</th><th className="num">attempts</th><th className="num">players</th><th className="num" title="players who solved it of those who played it">solve rate</th><th className="num" title="median seconds to solve of the players who solved it (naive: biased by who got this far)">median s</th><th title={`provisional: fewer than ${PROVISIONAL_PLAYERS} players; misfit: the level's times do not look like the model's (docs/difficulty.md)`}>status</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.index} data-testid="players.row" data-id={l.id} data-status={ratingStatus(l.row)} data-rating={l.row.rating ?? ''} data-attempts={l.row.attempts}>
                  <td>{l.index + 1}</td>
                  <td>{l.name || l.id}</td>
                  <td className="num">{l.row.predicted === null ? '–' : l.row.predicted.toFixed(1)}</td>
                  <td className="num">{l.row.rating === null ? 'no attempts' : l.row.rating.toFixed(1)}</td>
                  <td className="num">{l.row.rating === null ? '' : `${l.row.ratingLow!.toFixed(1)}–${l.row.ratingHigh!.toFixed(1)}`}</td>
                  <td className="num">{l.row.attempts}</td>
                  <td className="num">{l.row.players}</td>
                  <td className="num">{pct(l.row.solveRate)}</td>
                  <td className="num">{l.row.medianSeconds === null ? '–' : l.row.medianSeconds.toFixed(1)}</td>
                  <td data-testid="players.row.status">{ratingStatus(l.row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
