/**
 * The Training workspace: DQN training in a worker with live charts,
 * counters and the backend in use; checkpoints in IndexedDB (a reload offers
 * to resume); the model's download and upload.
 */
import { useEffect } from 'react';
import { useStudio } from '../../studioContext';
import { CheckpointOffer } from './CheckpointOffer';
import { ModelCard } from './ModelCard';
import { TrainingCharts } from './TrainingCharts';
import { TrainingControls } from './TrainingControls';
import { TrainingForm } from './TrainingForm';
import { TrainingStats } from './TrainingStats';
import { useTrainingController } from './useTraining';

export function TrainingView() {
  const c = useTrainingController();
  const phase = useStudio((s) => s.trainingPhase);
  useEffect(() => void c.init(), [c]);
  const locked = phase === 'starting' || phase === 'running' || phase === 'pausing' || phase === 'stopping';
  return (
    <div className="train-view" data-testid="training.view">
      <aside className="train-side panel">
        <h2>Training</h2>
        <p className="muted train-note">Trains a level generator in the background (details: DQN in a Web Worker). Settings apply to a new run; a checkpoint is saved every 30 s and whenever the run pauses or ends.</p>
        <TrainingForm disabled={locked} />
        <TrainingControls />
        <CheckpointOffer />
        <ModelCard />
      </aside>
      <div className="train-main">
        <TrainingStats />
        <TrainingCharts />
      </div>
    </div>
  );
}
