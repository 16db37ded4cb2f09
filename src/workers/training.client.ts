/**
 * The training worker's client: owns start-up, the status enum, progress
 * callbacks and failure. Comlink carries calls; callbacks cross as proxies.
 * Several calls may be in flight at once (`pause` while `train` runs: the
 * worker handles messages between lock-steps). A call that fails (a bad
 * upload, a backend that cannot start) rejects with the worker's message
 * and leaves the worker as it was; a worker that crashes rejects every
 * waiting call, reports 'failed', and the next call starts a fresh one.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { TrainingApi, TrainingProgress } from './training.api';
import type { TrainingBudget } from '../ml/trainer';

export type ClientStatus = 'idle' | 'loading' | 'running' | 'failed';

export class TrainingClient {
  private worker: Worker | null = null;
  private api: Remote<TrainingApi> | null = null;
  private pending = 0;
  private training = false;
  private crashed = false;
  private readonly rejectors = new Set<(e: Error) => void>();
  status: ClientStatus = 'idle';
  lastError: string | null = null;

  /** `name` labels the worker in the browser's task manager and dev tools. */
  constructor(
    private readonly onStatus: (s: ClientStatus, error: string | null) => void = () => {},
    private readonly name = 'training',
  ) {}

  private update(): void {
    const next: ClientStatus = this.crashed ? 'failed' : this.training ? 'running' : this.pending > 0 ? 'loading' : 'idle';
    if (next === this.status) return;
    this.status = next;
    this.onStatus(next, this.lastError);
  }

  /** The worker's api, starting the worker on first use. */
  remote(): Remote<TrainingApi> {
    if (this.api === null) {
      const worker = new Worker(new URL('./training.worker.ts', import.meta.url), { type: 'module', name: this.name });
      worker.addEventListener('error', (e) => {
        e.preventDefault();
        this.crash(`the ${this.name} worker crashed: ${e.message || 'it could not load'}`);
      });
      worker.addEventListener('messageerror', () => this.crash(`the ${this.name} worker sent a message that could not be read`));
      this.worker = worker;
      this.api = wrap<TrainingApi>(worker);
      this.crashed = false;
    }
    return this.api;
  }

  private crash(message: string): void {
    this.lastError = message;
    this.crashed = true;
    this.training = false;
    this.dispose();
    const waiting = [...this.rejectors];
    this.rejectors.clear();
    for (const reject of waiting) reject(new Error(message));
    this.update();
  }

  /** Runs `fn` against the api; rejects with the worker's message, or when the worker dies first. */
  async call<T>(fn: (api: Remote<TrainingApi>) => Promise<T>): Promise<T> {
    const api = this.remote();
    this.pending++;
    this.update();
    let rejectCrash: (e: Error) => void = () => {};
    const crashed = new Promise<never>((_, reject) => (rejectCrash = reject));
    this.rejectors.add(rejectCrash);
    try {
      return await Promise.race([fn(api), crashed]);
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      throw e instanceof Error ? e : new Error(String(e));
    } finally {
      this.rejectors.delete(rejectCrash);
      this.pending = Math.max(0, this.pending - 1);
      this.update();
    }
  }

  /** Trains with progress callbacks (status 'running' until it returns). */
  async train(budget: TrainingBudget, onProgress: (m: TrainingProgress) => void): Promise<TrainingProgress> {
    this.training = true;
    try {
      return await this.call((api) => api.train(budget, proxy(onProgress)));
    } finally {
      this.training = false;
      this.update();
    }
  }

  /** Terminates the worker (a new one starts on the next call). */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }
}
