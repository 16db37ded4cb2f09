/**
 * The page's handle on the range worker. Only the newest request's answer
 * is delivered (a new pair of measures replaces the last). Where no Worker
 * can be made, the same api runs in the page.
 */
import type { RangeRequest, RangeResult } from './range.protocol';
import { cancelled, type Outcome } from './outcome';
import { WorkerClient } from './workerClient';

type RangeApi = typeof import('./range.api');

export class RangeClient {
  private generation = 0;
  readonly worker: WorkerClient<RangeApi>;

  constructor(options: { useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<RangeApi>({
      create: useWorker ? () => new Worker(new URL('./range.worker.ts', import.meta.url), { type: 'module', name: 'range' }) : null,
      fallback: () => import('./range.api'),
    });
  }

  /** The maps; `cancelled` when a newer request came first. */
  async map(request: RangeRequest): Promise<Outcome<RangeResult>> {
    const generation = ++this.generation;
    const outcome = await this.worker.outcome('range', (api) => api.expressiveRange(request));
    return generation === this.generation ? outcome : cancelled('a newer map replaced this one');
  }

  dispose(): void {
    this.worker.dispose();
  }
}
