/** Step through the shortest solution or a player's attempt (undos and restarts included): previous/next, play/pause, the steps with the current one marked. */
import { useEffect, useState } from 'react';
import { describeTraceStep } from '../../core/players/trace';
import { useActions, useStudioShallow } from '../studioContext';

export function ReplayBar() {
  const get = useActions();
  const { replay } = useStudioShallow((st) => ({ replay: st.replay }));
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      const r = get().replay;
      if (r === null || r.step >= r.moves.length) setPlaying(false);
      else get().setReplayStep(r.step + 1);
    }, 450);
    return () => clearInterval(t);
  }, [playing, get]);
  if (replay === null) return null;
  const { moves, step } = replay;
  return (
    <div className="modebar replaybar" data-testid="replay.bar">
      <span className="playbar-status" data-testid="replay.status">
        <span data-testid="replay.label">{replay.label}</span>: step <b data-testid="replay.step">{step}</b> of {moves.length}
      </span>
      <span className="replay-moves" aria-label="replay steps">
        {[...moves].map((m, i) => (
          <span key={i} className={`${i < step ? 'done' : i === step ? 'next' : ''}${m === '-' || m === '|' ? ' replay-undo' : ''}`} title={describeTraceStep(m)}>{m}</span>
        ))}
      </span>
      <span className="grow" />
      <button type="button" data-testid="replay.first" onClick={() => get().setReplayStep(0)} title="First (Home)">|◀</button>
      <button type="button" data-testid="replay.prev" onClick={() => get().setReplayStep(step - 1)} title="Previous (←)">◀</button>
      <button type="button" data-testid="replay.play" onClick={() => setPlaying((p) => !p)} title="Play / pause">{playing ? 'Pause' : 'Play'}</button>
      <button type="button" data-testid="replay.next" onClick={() => get().setReplayStep(step + 1)} title="Next (→)">▶|</button>
      <button type="button" data-testid="replay.exit" onClick={() => get().stopPlaytest()} title="Back to editing (Esc)">Exit</button>
    </div>
  );
}
