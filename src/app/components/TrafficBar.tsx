/**
 * Players on this level's graph: a toggle that colours the graph by
 * traffic (states players passed lit and sized by how many attempts passed
 * them; the rest dimmed), where they restarted and gave up, the
 * most-travelled wrong branch named in words, and every recorded attempt
 * with a Replay button (undos and restarts replay too).
 */
import { useMemo } from 'react';
import { movesTo } from '../adapters/graphData';
import { graphTraffic, levelPlayerData } from '../adapters/playerData';
import { selectCurrentGraph } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';

/** Most attempts listed (all of them count in the traffic). */
const MAX_LISTED = 30;

export function TrafficBar() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ data: st.playerData, pack: st.pack, level: st.level, graph: selectCurrentGraph(st), on: st.graphTraffic }));
  const mine = levelPlayerData(s.data, s.pack, s.level);
  const traffic = useMemo(() => (s.graph !== null && mine !== null && mine.traces.length > 0 ? graphTraffic(s.graph, mine.traces) : null), [s.graph, mine]);
  if (mine === null || s.graph === null) return null;
  const { traces, row } = mine;
  if (traces.length === 0) {
    return (
      <div className="traffic-bar muted" data-testid="graph.traffic" data-traces={0}>
        {row.attempts} attempt{row.attempts === 1 ? '' : 's'} from players, none with moves recorded: no traffic to show.
      </div>
    );
  }
  const wrong = traffic?.mostTravelledWrongBranch ?? null;
  const restarts = traffic === null ? 0 : traffic.restarts.reduce((a, b) => a + b, 0);
  const giveUps = traffic === null ? 0 : traffic.giveUps.reduce((a, b) => a + b, 0);
  return (
    <div className="traffic-bar" data-testid="graph.traffic" data-traces={traces.length} data-on={s.on}>
      <label className="check">
        <input type="checkbox" data-testid="graph.traffic.toggle" checked={s.on} onChange={(e) => get().setGraphTraffic(e.target.checked)} /> Players&apos; traffic
      </label>
      <span className="muted" data-testid="graph.traffic.summary">
        {traces.length} attempt{traces.length === 1 ? '' : 's'} with moves · {restarts} restart{restarts === 1 ? '' : 's'} · {giveUps} gave up{traffic !== null && traffic.skipped > 0 ? ` · ${traffic.skipped} off this graph` : ''}
      </span>
      {wrong !== null && (
        <span className="traffic-wrong" data-testid="graph.traffic.wrongBranch" data-from={wrong.from} data-to={wrong.to}>
          Most-travelled wrong branch: after <b>{movesTo(s.graph, wrong.from) || 'the start'}</b>, moving <b>{wrong.move}</b> ({wrong.attempts} of {wrong.reached} attempts there) leaves no solution.
        </span>
      )}
      <details className="traffic-attempts">
        <summary>Replay an attempt</summary>
        <ol data-testid="graph.traffic.attempts">
          {traces.slice(0, MAX_LISTED).map((t, i) => (
            <li key={i}>
              <button type="button" className="small" data-testid="graph.traffic.replay" data-trace={t.trace} onClick={() => get().startReplay(t.trace, `Attempt by ${t.player} (${t.solved ? 'solved' : 'not solved'}, ${t.seconds.toFixed(1)} s)`)}>
                Replay
              </button>{' '}
              {t.player} · {t.solved ? 'solved' : 'not solved'} · {t.seconds.toFixed(1)} s · <code>{t.trace.length > 40 ? `${t.trace.slice(0, 40)}…` : t.trace}</code>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
