/** Playtest controls and readouts: status, moves, timer, restarts, undo, restart, exit. */
import { useEffect, useState } from 'react';
import { useActions, useStudioShallow } from '../studioContext';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

export function formatSeconds(seconds: number): string {
  const m = Math.floor(seconds / 60), s = Math.floor(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function PlaytestBar() {
  const get = useActions();
  const { play } = useStudioShallow((st) => ({ play: st.play }));
  const now = useNow(play !== null && play.endedAt === null);
  if (play === null) return null;
  const seconds = ((play.endedAt ?? Math.max(now, play.startedAt)) - play.startedAt) / 1000;
  const status =
    play.outcome === 'won'
      ? `Solved in ${play.moves.length} moves (${play.totalMoves} in all, ${play.restarts} restart${play.restarts === 1 ? '' : 's'}) — logged for the predictor lab`
      : play.outcome === 'failed'
        ? 'Stuck: no move left. Press R to restart or Z to undo.'
        : play.moves === ''
          ? 'Arrow keys, WASD or swipe to move'
          : 'Playing…';
  return (
    <div className={`modebar playbar outcome-${play.outcome}`} data-testid="playtest.bar">
      <span className="playbar-status" data-testid="playtest.status" data-outcome={play.outcome} role="status">
        {status}
      </span>
      <span className="grow" />
      <span className="readout" title="moves this attempt">moves <b data-testid="playtest.moves">{play.moves.length}</b></span>
      <span className="readout">restarts <b data-testid="playtest.restarts">{play.restarts}</b></span>
      <span className="readout">time <b data-testid="playtest.timer">{formatSeconds(seconds)}</b></span>
      <button type="button" data-testid="playtest.undo" disabled={play.moves === '' || play.outcome === 'won'} title="Undo move (Z)" onClick={() => get().undoPlayMove()}>Undo</button>
      <button type="button" data-testid="playtest.restart" title="Restart (R)" onClick={() => get().restartPlaytest()}>Restart</button>
      <button type="button" data-testid="playtest.exit" title="Back to editing (Esc)" onClick={() => get().stopPlaytest()}>Exit</button>
    </div>
  );
}
