/**
 * The page's handle on the predictor lab worker: one job at a time (a new
 * job or Cancel terminates the running one), progress through Comlink
 * proxies, and the shared fallback to the page when no worker can start.
 */
import { proxy } from 'comlink';
import type { CsvRequest, EvaluateRequest, FitRequestMessage, FitResult, LabAblation, LabData, MatrixRequest, PlaytestLevelRequest, ProgressCallback } from './lab.api';
import type { SplitEvaluation } from '../core/difficulty/evaluation';
import type { Outcome } from './outcome';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type LabApi = typeof import('./lab.api');

export class LabClient {
  readonly worker: WorkerClient<LabApi>;

  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<LabApi>({
      create: useWorker ? () => new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module', name: 'lab' }) : null,
      fallback: () => import('./lab.api'),
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  prepareCsv(request: CsvRequest, onProgress: ProgressCallback): Promise<Outcome<LabData>> {
    return this.run((api) => api.prepareCsv(request, proxy(onProgress)));
  }

  preparePlaytests(request: PlaytestLevelRequest, onProgress: ProgressCallback): Promise<Outcome<LabData>> {
    return this.run((api) => api.preparePlaytests(request, proxy(onProgress)));
  }

  evaluate(request: EvaluateRequest, onProgress: ProgressCallback): Promise<Outcome<SplitEvaluation>> {
    return this.run((api) => api.evaluateLab(request, proxy(onProgress)));
  }

  ablate(request: MatrixRequest & { readonly names: readonly string[] }, onProgress: ProgressCallback): Promise<Outcome<LabAblation>> {
    return this.run((api) => api.ablateLab(request, proxy(onProgress)));
  }

  fit(request: FitRequestMessage): Promise<Outcome<FitResult>> {
    return this.run((api) => api.fitLab(request));
  }

  /** Stops the running job (its promise resolves as cancelled); the next job starts a fresh worker. */
  cancel(): void {
    this.worker.cancel();
  }

  dispose(): void {
    this.worker.dispose();
  }

  private async run<T>(fn: (api: LabApi | import('comlink').Remote<LabApi>) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    if (this.worker.status === 'running' || this.worker.status === 'loading') this.worker.cancel();
    return this.worker.outcome('the job', fn);
  }
}
