/**
 * The page's handle on the analysis worker. Requests carry a generation
 * number; only the newest one's answer is delivered, older ones resolve as
 * `superseded`. While an analysis runs, new requests wait for it (a drag
 * makes many quick requests: only the last is run) unless it has run longer
 * than {@link RESTART_AFTER_MS}, in which case the worker is terminated and
 * restarted so a huge level never holds up the next edit.
 */
import type { AnalysisRequest, AnalysisResponse } from './analysis.api';
import { CancelledError, WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

export type AnalysisOutcome = AnalysisResponse | { readonly ok: false; readonly kind: 'superseded' | 'cancelled' | 'error'; readonly message: string };

/** An analysis running longer than this is abandoned when a newer request comes. */
export const RESTART_AFTER_MS = 250;

type AnalysisApi = typeof import('./analysis.api');

export class AnalysisClient {
  private generation = 0;
  private current: { generation: number; startedAt: number; done: Promise<unknown> } | null = null;
  readonly worker: WorkerClient<AnalysisApi>;

  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<AnalysisApi>({
      create: useWorker ? () => new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module', name: 'analysis' }) : null,
      fallback: () => import('./analysis.api'),
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  /** Analyses a level; resolves with the answer, or `superseded` when a newer request came meanwhile. */
  async analyze(request: AnalysisRequest): Promise<AnalysisOutcome> {
    const generation = ++this.generation;
    if (this.current !== null) {
      if (performance.now() - this.current.startedAt > RESTART_AFTER_MS) this.worker.cancel();
      else await this.current.done;
      if (generation !== this.generation) return superseded();
    }
    const call = this.worker.call((api) => api.analyzeRows(request));
    const entry = { generation, startedAt: performance.now(), done: call.catch(() => undefined) };
    this.current = entry;
    try {
      const response = await call;
      return generation === this.generation ? response : superseded();
    } catch (e) {
      if (generation !== this.generation) return superseded();
      if (e instanceof CancelledError) return { ok: false, kind: 'cancelled', message: 'analysis cancelled' };
      return { ok: false, kind: 'error', message: e instanceof Error ? e.message : String(e) };
    } finally {
      if (this.current === entry) this.current = null;
    }
  }

  /** Stops the running analysis (the user's Cancel); a later request starts a fresh worker. */
  cancel(): void {
    this.generation++;
    this.current = null;
    this.worker.cancel();
  }

  dispose(): void {
    this.worker.dispose();
  }
}

function superseded(): AnalysisOutcome {
  return { ok: false, kind: 'superseded', message: 'a newer request replaced this one' };
}
