/**
 * The page's handle on the generators worker: one run at a time, a new run
 * or Cancel terminates the old one.
 */
import * as Comlink from 'comlink';
import type { GenerateRequest, GenerateResult, MaximizeRequest, MaximizeResult } from './generators.protocol';
import type { Outcome } from './outcome';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type GeneratorsApi = typeof import('./generators.api');

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

  async generate(request: GenerateRequest): Promise<Outcome<GenerateResult>> {
    if (this.worker.status === 'running' || this.worker.status === 'loading') this.worker.cancel();
    return this.worker.outcome('generation', (api) => api.generateLevels(request));
  }

  /** The longest-puzzle search; like a generation, it ends one still running. */
  async maximize(request: MaximizeRequest, onProgress?: (done: number, best: number) => void): Promise<Outcome<MaximizeResult>> {
    if (this.worker.status === 'running' || this.worker.status === 'loading') this.worker.cancel();
    return this.worker.outcome('longest-puzzle search', (api) => api.maximizeLevel(request, onProgress === undefined ? undefined : Comlink.proxy(onProgress)));
  }

  cancel(): void {
    this.worker.cancel();
  }

  dispose(): void {
    this.worker.dispose();
  }
}
