/**
 * The page's handle on the generators worker: one run at a time, a new run
 * or Cancel terminates the old one.
 */
import type { GenerateRequest, GenerateResponse } from './generators.api';
import { CancelledError, WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type GeneratorsApi = typeof import('./generators.api');

export type GenerateOutcome = GenerateResponse | { readonly ok: false; readonly cancelled: true; readonly message: string };

export class GeneratorsClient {
  readonly worker: WorkerClient<GeneratorsApi>;

  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<GeneratorsApi>({
      create: useWorker ? () => new Worker(new URL('./generators.worker.ts', import.meta.url), { type: 'module', name: 'generators' }) : null,
      fallback: () => import('./generators.api'),
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  async generate(request: GenerateRequest): Promise<GenerateOutcome> {
    if (this.worker.status === 'running' || this.worker.status === 'loading') this.worker.cancel();
    try {
      return await this.worker.call((api) => api.generateLevels(request));
    } catch (e) {
      if (e instanceof CancelledError) return { ok: false, cancelled: true, message: 'generation cancelled' };
      return { ok: false, levels: [], iterations: 0, duplicates: 0, nextIndex: request.startIndex ?? 0, message: e instanceof Error ? e.message : String(e) };
    }
  }

  cancel(): void {
    this.worker.cancel();
  }

  dispose(): void {
    this.worker.dispose();
  }
}
