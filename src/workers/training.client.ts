/**
 * The training worker's client, on the shared {@link WorkerClient}: start-up,
 * status, the fallback to the page when no worker can start, and answers as
 * {@link Outcome}s, as the api answers them: settings, budgets, uploads and
 * generate requests it refuses are `invalid` with its sentence, a run that
 * breaks (a backend that cannot start, a damaged checkpoint) `failed`, and
 * the session is left as it was. Several calls may be in flight at once
 * (`pause` while `train` runs: the worker handles messages between
 * lock-steps). A worker that crashes fails every waiting call and reports
 * 'failed'.
 */
import { proxy } from 'comlink';
import type { TrainingBudget } from '../ml/trainer';
import type { Outcome } from './outcome';
import type { TrainingApi, TrainingProgress } from './training.api';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type Callable = Parameters<Parameters<WorkerClient<TrainingApi>['call']>[0]>[0];

export class TrainingClient {
  readonly worker: WorkerClient<TrainingApi>;

  /** `name` labels the worker in the browser's task manager and dev tools. */
  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean; name?: string } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    const name = options.name ?? 'training';
    this.worker = new WorkerClient<TrainingApi>({
      create: useWorker ? () => new Worker(new URL('./training.worker.ts', import.meta.url), { type: 'module', name }) : null,
      fallback: async () => {
        await import('../ml/wasmPaths');
        return (await import('./training.api')).createTrainingApi();
      },
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  /**
   * Runs an api function (each answers an {@link Outcome}): its answer
   * comes back as it is, a crash as `failed`, {@link dispose} as `cancelled`.
   */
  request<T>(fn: (api: Callable) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    return this.worker.outcome('training', fn);
  }

  /** Trains with progress callbacks; a bad budget or no session is `invalid`. */
  train(budget: TrainingBudget, onProgress: (m: TrainingProgress) => void): Promise<Outcome<TrainingProgress>> {
    return this.request((api) => api.train(budget, proxy(onProgress)));
  }

  /** Terminates the worker (a new one starts on the next call). */
  dispose(): void {
    this.worker.dispose();
  }
}
