/**
 * The page's handle on the layout worker. Only the newest request's answer
 * is delivered: when a newer one comes (the next edit), older ones resolve
 * as `cancelled`; a dagre layout still running is stopped (the worker is
 * terminated and the next call starts a fresh one), since it can take
 * seconds. Where no Worker can be made, the layout runs in the page.
 */
import type { LayoutRequest, LayoutResult } from './layout.protocol';
import { cancelled, type Outcome } from './outcome';
import { WorkerClient } from './workerClient';

type LayoutApi = typeof import('./layout.api');

export class LayoutClient {
  private generation = 0;
  /** A dagre layout is in flight (worth stopping when a newer request comes). */
  private dagreRunning = false;
  readonly worker: WorkerClient<LayoutApi>;

  constructor(options: { useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<LayoutApi>({
      create: useWorker ? () => new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'layout' }) : null,
      fallback: () => import('./layout.api'),
    });
  }

  /** Lays out a graph; `cancelled` when a newer request came before the answer. */
  async layout(request: LayoutRequest): Promise<Outcome<LayoutResult>> {
    const generation = ++this.generation;
    if (this.dagreRunning) this.worker.cancel();
    const dagre = request.layout === 'dagre';
    this.dagreRunning = dagre;
    const outcome = await this.worker.outcome('layout', (api) => api.layoutGraph(request));
    if (generation !== this.generation) return cancelled('a newer layout replaced this one');
    if (dagre) this.dagreRunning = false;
    return outcome;
  }

  dispose(): void {
    this.worker.dispose();
  }
}
