/**
 * The training worker's client: owns start-up, the status enum, progress
 * callbacks and failure. Comlink carries calls; callbacks cross as proxies.
 * A failed worker (a crash or a bad model) is reported with its message and
 * the next call starts a fresh one.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { TrainingApi, TrainingStatus } from './training.api';
import type { TrainingMetrics } from '../ml/trainer';

export type ClientStatus = 'idle' | 'loading' | 'running' | 'failed';

export class TrainingClient {
  private worker: Worker | null = null;
  private api: Remote<TrainingApi> | null = null;
  status: ClientStatus = 'idle';
  lastError: string | null = null;

  constructor(private readonly onStatus: (s: ClientStatus, error: string | null) => void = () => {}) {}

  private set(s: ClientStatus, error: string | null = null): void {
    this.status = s;
    this.lastError = error;
    this.onStatus(s, error);
  }

  /** The worker's api, starting the worker on first use. */
  remote(): Remote<TrainingApi> {
    if (this.api === null) {
      const worker = new Worker(new URL('./training.worker.ts', import.meta.url), { type: 'module', name: 'training' });
      worker.addEventListener('error', (e) => {
        this.set('failed', `the training worker crashed: ${e.message || 'unknown error'}`);
        this.dispose();
      });
      this.worker = worker;
      this.api = wrap<TrainingApi>(worker);
    }
    return this.api;
  }

  /** Runs `fn` against the api, tracking status and turning errors into a message. */
  async call<T>(fn: (api: Remote<TrainingApi>) => Promise<T>, busy: ClientStatus = 'loading'): Promise<T> {
    this.set(busy);
    try {
      const r = await fn(this.remote());
      this.set('idle');
      return r;
    } catch (e) {
      this.set('failed', (e as Error).message);
      throw e;
    }
  }

  /** Trains with progress callbacks (status 'running' until it returns). */
  train(budget: { minutes?: number; episodes?: number }, onProgress: (m: TrainingMetrics & { status: TrainingStatus }) => void): Promise<TrainingMetrics> {
    return this.call((api) => api.train(budget, proxy(onProgress)), 'running');
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }
}
