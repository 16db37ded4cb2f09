/** Start, pause, resume and stop, by phase. */
import type { TrainingPhase } from '../../store/trainingSlice';
import { useStudioShallow } from '../../studioContext';
import { useTrainingController } from './useTraining';

const PHASE_TEXT: Record<TrainingPhase, string> = {
  idle: 'Not started',
  starting: 'Starting…',
  running: 'Training',
  pausing: 'Pausing…',
  paused: 'Paused',
  stopping: 'Stopping…',
  stopped: 'Stopped',
  finished: 'Budget spent',
  failed: 'Failed',
};

export function PhasePill({ phase }: { phase: TrainingPhase }) {
  return (
    <span className={`train-phase train-phase-${phase}`} data-testid="training.phase" data-phase={phase}>
      {PHASE_TEXT[phase]}
    </span>
  );
}

export function TrainingControls() {
  const c = useTrainingController();
  const s = useStudioShallow((st) => ({ phase: st.trainingPhase, session: st.trainingSession !== null }));
  const { phase } = s;
  const busy = phase === 'starting' || phase === 'pausing' || phase === 'stopping';
  return (
    <div className="train-controls">
      {(phase === 'running' || phase === 'pausing') && (
        <button type="button" data-testid="training.pause" disabled={phase === 'pausing'} onClick={() => void c.pause()}>
          ❚❚ Pause
        </button>
      )}
      {(phase === 'paused' || ((phase === 'stopped' || phase === 'finished') && s.session)) && (
        <button type="button" className="primary" data-testid="training.resume" onClick={() => void c.resume()} title={phase === 'paused' ? 'continue this run' : 'train this model further (the budget grows by the minutes set)'}>
          ▶ {phase === 'paused' ? 'Resume' : 'Continue'}
        </button>
      )}
      {(phase === 'running' || phase === 'pausing' || phase === 'stopping') && (
        <button type="button" data-testid="training.stop" disabled={phase === 'stopping'} onClick={() => void c.stop()}>
          ■ Stop
        </button>
      )}
      {phase !== 'running' && phase !== 'pausing' && phase !== 'stopping' && (
        <button type="button" className={s.session && phase !== 'failed' ? '' : 'primary'} data-testid="training.start" disabled={busy} onClick={() => void c.start()}>
          {s.session ? 'Start new run' : 'Start training'}
        </button>
      )}
    </div>
  );
}
