/**
 * The page's handle on the analysis worker. Requests carry a generation
 * number; only the newest one's answer is delivered, older ones resolve as
 * `cancelled` (superseded by a newer request). While an analysis runs, new requests wait for it (a drag
 * makes many quick requests: only the last is run) unless it has run longer
 * than {@link RESTART_AFTER_MS}, in which case the worker is terminated and
 * restarted so a huge level never holds up the next edit.
 */
import type { AnalysisRequest, AnalysisResult } from './analysis.protocol';
import { cancelled, type Outcome } from './outcome';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

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
  async analyze(request: AnalysisRequest): Promise<Outcome<AnalysisResult>> {
    const generation = ++this.generation;
    if (this.current !== null) {
      if (performance.now() - this.current.startedAt > RESTART_AFTER_MS) this.worker.cancel();
      else await this.current.done;
      if (generation !== this.generation) return superseded();
    }
    const call = this.worker.outcome('analysis', (api) => api.analyzeRows(request));
    const entry = { generation, startedAt: performance.now(), done: call };
    this.current = entry;
    try {
      const outcome = await call;
      return generation === this.generation ? outcome : superseded();
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

/** The answer to a request a newer one replaced. */
export const SUPERSEDED = 'a newer request replaced this one';

function superseded(): Outcome<never> {
  return cancelled(SUPERSEDED);
}
