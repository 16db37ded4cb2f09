/**
 * The page's handle on the batch worker. Two workers from the same script,
 * so a long evaluation never holds up generate-at-difficulty: `generation`
 * (at difficulty, curves) and `evaluation`; a third, `hitRate`, draws the
 * hit-rate map beside them. Each runs one request at a time;
 * a new request or Cancel terminates the one in flight. Progress callbacks
 * cross as Comlink proxies.
 */
import * as Comlink from 'comlink';
import type { AtDifficultyResult, CurveResult, CurveStep, EvaluationProgress, EvaluationResult, HitRateCell } from './batch.api';
import type { AtDifficultyJob, CurveJob, EvaluationJob, HitRateJob } from './batch.protocol';
import type { Outcome } from './outcome';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type BatchApi = typeof import('./batch.api');

export class BatchClient {
  readonly generation: WorkerClient<BatchApi>;
  readonly evaluation: WorkerClient<BatchApi>;
  readonly hitRate: WorkerClient<BatchApi>;

  constructor(options: { onStatus?: (which: 'generation' | 'evaluation' | 'hitRate', status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    const make = (name: 'generation' | 'evaluation' | 'hitRate') =>
      new WorkerClient<BatchApi>({
        create: useWorker ? () => new Worker(new URL('./batch.worker.ts', import.meta.url), { type: 'module', name: `batch-${name}` }) : null,
        fallback: () => import('./batch.api'),
        ...(options.onStatus !== undefined ? { onStatus: (s: WorkerStatus, m: WorkerMode) => options.onStatus!(name, s, m) } : {}),
      });
    this.generation = make('generation');
    this.evaluation = make('evaluation');
    this.hitRate = make('hitRate');
  }

  private busy(w: WorkerClient<BatchApi>): boolean {
    return w.status === 'running' || w.status === 'loading';
  }

  /** Levels at a difficulty; cancels a generation in flight. */
  async generateAt(job: AtDifficultyJob): Promise<Outcome<AtDifficultyResult>> {
    if (this.busy(this.generation)) this.generation.cancel();
    return this.generation.outcome('generation', (api) => api.generateAt(job));
  }

  /** A curve of levels; `onStep` sees each target as it is done. */
  async fillCurve(job: CurveJob, onStep: (step: CurveStep) => void): Promise<Outcome<CurveResult>> {
    if (this.busy(this.generation)) this.generation.cancel();
    return this.generation.outcome('the curve', (api) => api.fillCurve(job, Comlink.proxy(onStep)));
  }

  /** An evaluation report; cancels an evaluation in flight. */
  async evaluate(job: EvaluationJob, onProgress: (p: EvaluationProgress) => void): Promise<Outcome<EvaluationResult>> {
    if (this.busy(this.evaluation)) this.evaluation.cancel();
    return this.evaluation.outcome('the evaluation', (api) => api.runEvaluation(job, Comlink.proxy(onProgress)));
  }

  /** A hit-rate map; `onCell` sees each cell as it is done; cancels a map in flight. */
  async hitRateMap(job: HitRateJob, onCell: (cell: HitRateCell) => void): Promise<Outcome<{ cells: HitRateCell[]; seconds: number }>> {
    if (this.busy(this.hitRate)) this.hitRate.cancel();
    return this.hitRate.outcome('the hit-rate map', (api) => api.runHitRateMap(job, Comlink.proxy(onCell)));
  }

  cancelHitRate(): void {
    this.hitRate.cancel();
  }

  cancelGeneration(): void {
    this.generation.cancel();
  }

  cancelEvaluation(): void {
    this.evaluation.cancel();
  }

  dispose(): void {
    this.generation.dispose();
    this.evaluation.dispose();
    this.hitRate.dispose();
  }
}
