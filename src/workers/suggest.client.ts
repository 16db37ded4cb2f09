/**
 * The page's handle on the suggestions worker: one request at a time; a
 * newer request (the level changed again) terminates the older one.
 */
import type { SuggestResult } from '../core/generators/suggest';
import type { Outcome } from './outcome';
import type { SuggestRequest } from './suggest.protocol';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type SuggestApi = typeof import('./suggest.api');

export class SuggestClient {
  readonly worker: WorkerClient<SuggestApi>;

  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<SuggestApi>({
      create: useWorker ? () => new Worker(new URL('./suggest.worker.ts', import.meta.url), { type: 'module', name: 'suggestions' }) : null,
      fallback: () => import('./suggest.api'),
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  async suggest(request: SuggestRequest): Promise<Outcome<SuggestResult>> {
    if (this.worker.status === 'running' || this.worker.status === 'loading') this.worker.cancel();
    return this.worker.outcome('suggestions', (api) => api.suggest(request));
  }

  cancel(): void {
    this.worker.cancel();
  }

  dispose(): void {
    this.worker.dispose();
  }
}
