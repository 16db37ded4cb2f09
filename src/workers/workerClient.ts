/**
 * The lifecycle half of a three-part worker (STYLE §7): start-up, status,
 * cancel by terminating, and the fallback to the main thread when a Worker
 * cannot be created or dies. Specific clients (analysis, generators) wrap
 * one of these with their own request logic.
 */
import * as Comlink from 'comlink';
import { cancelled, failed, type Outcome } from './outcome';

export type WorkerStatus = 'idle' | 'loading' | 'running' | 'failed';
/** Where calls run: a dedicated worker, or the page itself after a fallback. */
export type WorkerMode = 'worker' | 'main-thread';

/** Rejection of a call that was cancelled before it finished. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export interface WorkerClientOptions<Api> {
  /** Creates the worker; may throw (no Worker support, CSP): then the fallback is used. */
  readonly create: (() => Worker) | null;
  /** The same api in this thread. */
  readonly fallback: () => Promise<Api>;
  readonly onStatus?: (status: WorkerStatus, mode: WorkerMode) => void;
}

type Callable<Api> = Api | Comlink.Remote<Api>;

export class WorkerClient<Api extends object> {
  private worker: Worker | null = null;
  private remote: Comlink.Remote<Api> | null = null;
  private local: Api | null = null;
  private started = false;
  private inFlight = 0;
  private rejectors = new Set<(e: Error) => void>();
  private statusValue: WorkerStatus = 'idle';
  private modeValue: WorkerMode = 'worker';

  constructor(private readonly options: WorkerClientOptions<Api>) {}

  get status(): WorkerStatus {
    return this.statusValue;
  }

  get mode(): WorkerMode {
    return this.modeValue;
  }

  /**
   * Runs `fn` against the api (in the worker, or locally after a fallback).
   * Rejects with {@link CancelledError} when {@link cancel} is called first.
   */
  async call<R>(fn: (api: Callable<Api>) => Promise<R>): Promise<R> {
    const api = await this.api();
    this.inFlight++;
    this.setStatus(this.started ? 'running' : 'loading');
    let rejectCancel: (e: Error) => void = () => {};
    const cancelled = new Promise<never>((_, reject) => {
      rejectCancel = reject;
    });
    this.rejectors.add(rejectCancel);
    try {
      const value = await Promise.race([fn(api), cancelled]);
      this.started = true;
      return value;
    } finally {
      this.rejectors.delete(rejectCancel);
      this.inFlight = Math.max(0, this.inFlight - 1);
      if (this.statusValue !== 'failed') this.setStatus(this.inFlight > 0 ? 'running' : 'idle');
    }
  }

  /**
   * {@link call} for apis that answer with an {@link Outcome}: a Cancel
   * becomes `cancelled` (with `what` in its message), a crash or a thrown
   * error `failed`; never rejects.
   */
  async outcome<R>(what: string, fn: (api: Callable<Api>) => Promise<Outcome<R>>): Promise<Outcome<R>> {
    try {
      return await this.call(fn);
    } catch (e) {
      return e instanceof CancelledError ? cancelled(`${what} cancelled`) : failed(e);
    }
  }

  /** Stops whatever runs now: terminates the worker (a new one starts on the next call). */
  cancel(): void {
    const rejectors = [...this.rejectors];
    this.rejectors.clear();
    this.inFlight = 0;
    if (this.worker !== null) {
      this.remote?.[Comlink.releaseProxy]();
      this.worker.terminate();
      this.worker = null;
      this.remote = null;
      this.started = false;
    }
    for (const reject of rejectors) reject(new CancelledError());
    this.setStatus('idle');
  }

  /** Terminates the worker for good (tests, page unload). */
  dispose(): void {
    this.cancel();
  }

  private async api(): Promise<Callable<Api>> {
    if (this.local !== null) return this.local;
    if (this.remote !== null) return this.remote;
    if (this.options.create !== null) {
      try {
        const worker = this.options.create();
        worker.addEventListener('error', (event) => this.onWorkerError(event));
        this.worker = worker;
        this.remote = Comlink.wrap<Api>(worker);
        this.modeValue = 'worker';
        return this.remote;
      } catch {
        // No worker here (old browser, CSP, Node): run in this thread.
      }
    }
    return this.useFallback();
  }

  private async useFallback(): Promise<Api> {
    this.modeValue = 'main-thread';
    this.local = await this.options.fallback();
    this.started = true;
    return this.local;
  }

  /** A worker that fails to load or throws at top level: reject what waits, continue in this thread. */
  private onWorkerError(event: Event): void {
    event.preventDefault?.();
    const rejectors = [...this.rejectors];
    this.rejectors.clear();
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
    this.setStatus('failed');
    const detail = 'message' in event && typeof event.message === 'string' && event.message !== '' ? ` (${event.message})` : '';
    for (const reject of rejectors) reject(new Error(`the worker failed${detail}; continuing in the page`));
    void this.useFallback().then(() => this.setStatus('idle'));
  }

  private setStatus(status: WorkerStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status, this.modeValue);
  }
}
