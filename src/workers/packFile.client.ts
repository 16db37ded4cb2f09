/**
 * The page's handle on the pack-file worker: a pack file's text is parsed
 * and checked there, so a file of thousands of levels does not hold the
 * page. Where the worker cannot run or fails, the file is checked in the
 * page instead (the same function), so an import never fails for want of a
 * worker.
 */
import * as packFileApi from './packFile.api';
import { checkPackTextSync, type CheckedPack } from './packFile.api';
import { WorkerClient, type WorkerMode, type WorkerStatus } from './workerClient';

type PackFileApi = typeof packFileApi;

export class PackFileClient {
  readonly worker: WorkerClient<PackFileApi>;

  constructor(options: { onStatus?: (status: WorkerStatus, mode: WorkerMode) => void; useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<PackFileApi>({
      create: useWorker ? () => new Worker(new URL('./packFile.worker.ts', import.meta.url), { type: 'module', name: 'pack files' }) : null,
      // Already in the page (importText checks here by default): no chunk of its own to load.
      fallback: () => Promise.resolve(packFileApi),
      ...(options.onStatus !== undefined ? { onStatus: options.onStatus } : {}),
    });
  }

  /** The file checked (in the worker; in the page when the worker failed). */
  async check(text: string): Promise<CheckedPack> {
    const outcome = await this.worker.outcome('reading the pack file', (api) => api.checkPackText(text));
    return outcome.kind === 'ok' ? outcome.value : checkPackTextSync(text);
  }

  dispose(): void {
    this.worker.dispose();
  }
}
