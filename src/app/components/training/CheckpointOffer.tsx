/** After a reload: the checkpoint left in IndexedDB, with "Resume training" and "Discard". */
import { formatCount, formatDuration } from '../../adapters/trainingSeries';
import { useStudioShallow } from '../../studioContext';
import { useTrainingController } from './useTraining';
import { useState } from 'react';
import { rulesetByName } from '../../../core/rules/registry';
import { useServices } from '../../studioContext';
import { DEFAULT_RULESET_NAME } from '../../../core/rules/ruleset';

/** A checkpoint that cannot be used: what is wrong, and setting it aside (a backup is kept) after a confirmation. */
function DamagedCheckpoint({ problem }: { problem: string }) {
  const { workspace } = useServices();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="train-offer error-box" role="alert" data-testid="training.checkpointDamaged">
      <b>The saved training run cannot be resumed.</b>
      <p className="train-note" data-testid="training.checkpointDamaged.message">{problem.slice(0, 600)}.</p>
      {!confirming ? (
        <div className="button-row">
          <button type="button" data-testid="training.checkpointDamaged.setAside" onClick={() => setConfirming(true)}>Set it aside…</button>
        </div>
      ) : (
        <div className="confirm-box">
          <p>Remove the damaged checkpoint? A copy is kept as a backup (see <i>Recovered work</i>) until you dismiss it.</p>
          <div className="button-row">
            <button type="button" className="danger" data-testid="training.checkpointDamaged.confirm" onClick={() => void workspace.setAsideCheckpoint(problem)}>Set aside</button>
            <button type="button" onClick={() => setConfirming(false)}>Cancel</button>
          </div>
        </div>
      )}
    </section>
  );
}

export function CheckpointOffer() {
  const c = useTrainingController();
  const s = useStudioShallow((st) => ({ checkpoint: st.trainingCheckpoint, phase: st.trainingPhase, error: st.trainingCheckpointError }));
  const cp = s.checkpoint;
  if (s.error !== null) return <DamagedCheckpoint problem={s.error} />;
  if (cp === null) return null;
  const { meta, settings } = cp;
  return (
    <section className="train-offer" data-testid="training.checkpoint" data-episodes={meta.episodes} data-env-steps={meta.envSteps} data-updates={meta.updates}>
      <b>A saved run can go on.</b>
      <p className="train-note">
        {settings.env} {settings.width}x{settings.height} <span data-testid="training.checkpoint.rules">for {rulesetByName(settings.rules ?? DEFAULT_RULESET_NAME).title}</span>, {settings.recipe}, seed {settings.seed}: {formatCount(meta.episodes)} episodes, {formatCount(meta.updates)} updates,{' '}
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
