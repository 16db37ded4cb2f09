/**
 * The page's handle on the batch worker. Two workers from the same script,
 * so a long evaluation never holds up generate-at-difficulty: `generation`
 * (at difficulty, curves) and `evaluation`. Each runs one request at a time;
 * a new request or Cancel terminates the one in flight. Progress callbacks
 * cross as Comlink proxies.
 */
import * as Comlink from 'comlink';
import type { AtDifficultyAnswer, AtDifficultyJob, CurveAnswer, CurveJob, CurveStep, EvaluationJob, EvaluationProgress, EvaluationResult } from './batch.api';
import { CancelledError, WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type BatchApi = typeof import('./batch.api');

export interface Cancelled {
  readonly ok: false;
  readonly cancelled: true;
  readonly message: string;
}

const cancelled = (what: string): Cancelled => ({ ok: false, cancelled: true, message: `${what} cancelled` });
const failure = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class BatchClient {
  readonly generation: WorkerClient<BatchApi>;
  readonly evaluation: WorkerClient<BatchApi>;

  constructor(options: { onStatus?: (which: 'generation' | 'evaluation', status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    const make = (name: 'generation' | 'evaluation') =>
      new WorkerClient<BatchApi>({
        create: useWorker ? () => new Worker(new URL('./batch.worker.ts', import.meta.url), { type: 'module', name: `batch-${name}` }) : null,
        fallback: () => import('./batch.api'),
        ...(options.onStatus !== undefined ? { onStatus: (s: WorkerStatus, m: WorkerMode) => options.onStatus!(name, s, m) } : {}),
      });
    this.generation = make('generation');
    this.evaluation = make('evaluation');
  }

  private busy(w: WorkerClient<BatchApi>): boolean {
    return w.status === 'running' || w.status === 'loading';
  }

  /** Levels at a difficulty; cancels a generation in flight. */
  async generateAt(job: AtDifficultyJob): Promise<AtDifficultyAnswer | Cancelled> {
    if (this.busy(this.generation)) this.generation.cancel();
    try {
      return await this.generation.call((api) => api.generateAt(job));
    } catch (e) {
      if (e instanceof CancelledError) return cancelled('generation');
      return { ok: false, levels: [], message: failure(e), outOfReach: false, reachable: null, window: { from: 0, to: 0 }, evaluations: 0, milliseconds: 0 };
    }
  }

  /** A curve of levels; `onStep` sees each target as it is done. */
  async fillCurve(job: CurveJob, onStep: (step: CurveStep) => void): Promise<CurveAnswer | Cancelled> {
    if (this.busy(this.generation)) this.generation.cancel();
    try {
      return await this.generation.call((api) => api.fillCurve(job, Comlink.proxy(onStep)));
    } catch (e) {
      if (e instanceof CancelledError) return cancelled('the curve');
      return { ok: false, steps: [], message: failure(e), reachable: null, milliseconds: 0 };
    }
  }

  /** An evaluation report; cancels an evaluation in flight. */
  async evaluate(job: EvaluationJob, onProgress: (p: EvaluationProgress) => void): Promise<EvaluationResult | Cancelled> {
    if (this.busy(this.evaluation)) this.evaluation.cancel();
    try {
      return await this.evaluation.call((api) => api.runEvaluation(job, Comlink.proxy(onProgress)));
    } catch (e) {
      if (e instanceof CancelledError) return cancelled('the evaluation');
      return { ok: false, message: failure(e), runs: [], seconds: 0, policy: null };
    }
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
  }
}
