/**
 * The page's handle on the player-data worker. Only the newest request's
 * answer is delivered (an import, then a pack edit: the second wins). Where
 * no Worker can be made, the same api runs in the page.
 */
import type { PlayerDataRequest, PlayerDataResult } from './players.api';
import { cancelled, type Outcome } from './outcome';
import { WorkerClient } from './workerClient';

type PlayersApi = typeof import('./players.api');

export class PlayersClient {
  private generation = 0;
  readonly worker: WorkerClient<PlayersApi>;

  constructor(options: { useWorker?: boolean } = {}) {
    const useWorker = options.useWorker ?? typeof Worker !== 'undefined';
    this.worker = new WorkerClient<PlayersApi>({
      create: useWorker ? () => new Worker(new URL('./players.worker.ts', import.meta.url), { type: 'module', name: 'players' }) : null,
      fallback: () => import('./players.api'),
    });
  }

  /** Reads, matches and rates; `cancelled` when a newer request came first. */
  async rate(request: PlayerDataRequest): Promise<Outcome<PlayerDataResult>> {
    const generation = ++this.generation;
    const outcome = await this.worker.outcome('rate', (api) => api.ratePlayerData(request));
    return generation === this.generation ? outcome : cancelled('a newer request replaced this one');
  }

  dispose(): void {
    this.worker.dispose();
  }
}
