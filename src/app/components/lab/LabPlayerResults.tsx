/**
 * Players' results files (from play links and standalone files): open one
 * or many, see per level how many players, attempts, solves, give-ups and
 * replays they hold and which solve times were left out as far outliers;
 * the per-level means become the lab's data, and can be written into the
 * pack as player statistics.
 */
import { useRef } from 'react';
import { formatStat } from '../../adapters/labSeries';
import { useActions, useServices, useStudioShallow } from '../../studioContext';

export function LabPlayerResults() {
  const { playResults } = useServices();
  const get = useActions();
  const s = useStudioShallow((st) => ({ files: st.playResultFiles.length, rejected: st.playResultsRejected, summary: st.playResultsSummary, busy: st.labJob !== null, packLevels: st.pack.levels.length }));
  const fileInput = useRef<HTMLInputElement>(null);
  const unused = s.summary.filter((l) => l.meanSeconds === null).length;

  return (
    <section className="panel lab-section" aria-label="Player results" data-testid="lab.playerResults">
      <header className="panel-header">
        <h2>Player results</h2>
      </header>
      <div className="lab-body">
        <p className="lab-note">
          Results files that players of a pack link or standalone file send back. A level&apos;s seconds are the mean of its solves, without far outliers (beyond 3 IQR of the quartiles, looked for from 4 solves on). Give-ups and replays are counted, never timed; a level nobody solved is not used.
        </p>
        <div className="button-row">
          <button type="button" data-testid="lab.resultsChoose" disabled={s.busy} onClick={() => fileInput.current?.click()}>Open results files…</button>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept=".json,application/json"
            hidden
            data-testid="lab.resultsFile"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))).then((read) => playResults.importFiles(read));
            }}
          />
          {s.files > 0 && (
            <>
              <button type="button" data-testid="lab.resultsUse" disabled={s.busy} title="Load these results as the lab's data again" onClick={() => void playResults.useInLab()}>Use in the lab</button>
              <button type="button" data-testid="lab.resultsToPack" disabled={s.packLevels === 0} title="Write each level's numbers into the pack levels with the same grid (undoable)" onClick={() => playResults.addToPack()}>Add to the pack</button>
              <button type="button" className="small" data-testid="lab.resultsClear" onClick={() => get().clearPlayResults()}>Clear</button>
            </>
          )}
        </div>
        {s.rejected.length > 0 && (
          <div className="import-report error-box" role="alert" data-testid="lab.resultsRejected">
            {s.rejected.map((r) => (
              <div key={r.name}>
                <b>{r.name}</b> was not read (nothing changed): {r.problems.slice(0, 3).join('; ')}
                {r.problems.length > 3 ? ` (and ${r.problems.length - 3} more)` : ''}
              </div>
            ))}
          </div>
        )}
        {s.summary.length > 0 && (
          <>
            <p className="muted lab-small" data-testid="lab.resultsCount">
              {s.files} file{s.files === 1 ? '' : 's'}, {s.summary.length} level{s.summary.length === 1 ? '' : 's'}{unused > 0 ? `, ${unused} never solved (not used)` : ''}.
            </p>
            <div className="lab-table-wrap">
              <table className="lab-table lab-results-table" data-testid="lab.resultsTable">
                <thead>
                  <tr>
                    <th>level</th><th className="num" title="distinct players">players</th><th className="num" title="first solves (timed)">solved</th><th className="num">gave up</th><th className="num" title="attempts after the player's first solve">replays</th><th className="num" title="solve times left out as far outliers">outliers</th><th className="num">mean s</th><th className="num">median s</th>
                  </tr>
                </thead>
                <tbody>
                  {s.summary.map((l) => (
                    <tr key={`${l.rules}:${l.key}`} data-testid="lab.resultsRow" data-solved={l.solves} data-gaveup={l.giveUps} data-mean={l.meanSeconds ?? ''}>
                      <td title={`${l.rows.join('\n')}\n${l.attempts} attempts`}>{l.name || '(unnamed)'}</td>
                      <td className="num">{l.players}</td>
                      <td className="num">{l.solves}</td>
                      <td className="num">{l.giveUps}</td>
                      <td className="num">{l.replays}</td>
                      <td className="num" title={l.outliers.length > 0 ? `left out: ${l.outliers.map((x) => `${formatStat(x)} s`).join(', ')}` : 'none'}>{l.outliers.length}</td>
                      <td className="num">{l.meanSeconds === null ? 'not used' : formatStat(l.meanSeconds)}</td>
                      <td className="num">{formatStat(l.medianSeconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
