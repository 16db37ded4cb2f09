/**
 * The training worker's client, on the shared {@link WorkerClient}: start-up,
 * status, the fallback to the page when no worker can start, and answers as
 * {@link Outcome}s. Several calls may be in flight at once (`pause` while
 * `train` runs: the worker handles messages between lock-steps). A call that
 * fails (a bad upload, a backend that cannot start) answers `failed` with the
 * api's message and leaves the session as it was; a worker that crashes
 * fails every waiting call and reports 'failed'.
 */
import { proxy } from 'comlink';
import type { TrainingBudget } from '../ml/trainer';
import { ok, type Outcome } from './outcome';
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
        return import('./training.api');
      },
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  /** Runs `fn` against the api: its value, or `failed` with the api's message (or the crash), `cancelled` after {@link dispose}. */
  call<T>(fn: (api: Callable) => T | Promise<T>): Promise<Outcome<T>> {
    return this.worker.outcome('training', async (api) => ok(await fn(api)));
  }

  /** Trains with progress callbacks. */
  train(budget: TrainingBudget, onProgress: (m: TrainingProgress) => void): Promise<Outcome<TrainingProgress>> {
    return this.call((api) => api.train(budget, proxy(onProgress)));
  }

  /** Terminates the worker (a new one starts on the next call). */
  dispose(): void {
    this.worker.dispose();
  }
}
