/** After a reload: the checkpoint left in IndexedDB, with "Resume training" and "Discard". */
import { formatCount, formatDuration } from '../../adapters/trainingSeries';
import { useStudioShallow } from '../../studioContext';
import { useTrainingController } from './useTraining';

export function CheckpointOffer() {
  const c = useTrainingController();
  const s = useStudioShallow((st) => ({ checkpoint: st.trainingCheckpoint, phase: st.trainingPhase }));
  const cp = s.checkpoint;
  if (cp === null) return null;
  const { meta, settings } = cp;
  return (
    <section className="train-offer" data-testid="training.checkpoint" data-episodes={meta.episodes} data-env-steps={meta.envSteps} data-updates={meta.updates}>
      <b>A saved run can go on.</b>
      <p className="train-note">
        {settings.env} {settings.width}x{settings.height}, {settings.recipe}, seed {settings.seed}: {formatCount(meta.episodes)} episodes, {formatCount(meta.updates)} updates,{' '}
        {formatDuration(meta.wallSeconds)} trained{cp.budget.minutes !== undefined ? ` of ${cp.budget.minutes} min` : ''}. Saved {cp.savedAt.replace('T', ' ').slice(0, 19)} UTC.
      </p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="training.checkpoint.resume" disabled={s.phase === 'starting'} onClick={() => void c.resumeCheckpoint()}>
          ▶ Resume training
        </button>
        <button type="button" data-testid="training.checkpoint.discard" onClick={() => void c.discardCheckpoint()}>
          Discard
        </button>
      </div>
    </section>
  );
}
