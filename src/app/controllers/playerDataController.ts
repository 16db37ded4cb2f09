/**
 * Players' attempts into the studio: files go to the player-data worker
 * with the pack's levels and their structural estimates; the ratings,
 * traces and every refused file's bad rows come back into the store. A
 * refused file is not kept (nothing changes for it); the accepted ones are
 * rated again when the pack or the active model changes. The ratings can
 * become the lab's data (`level,avgCompletionSeconds`) to refit the
 * structural model on rated levels.
 */
import { selectPackLevelDifficulty } from '../store/selectors';
import { packRules } from '../store/rules';
import type { PlayerFileText } from '../store/playerDataSlice';
import type { StudioStore } from '../store/store';
import { PlayersClient } from '../../workers/players.client';
import type { LabController } from './labController';

export class PlayerDataController {
  private readonly client: PlayersClient;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: StudioStore,
    private readonly lab: LabController,
    client: PlayersClient = new PlayersClient(),
  ) {
    this.client = client;
    // Re-rate when the pack's levels or the active model change (their predictions are the priors).
    this.unsubscribe = store.subscribe((s, prev) => {
      if (s.playerFiles.length === 0) return;
      // Files restored from the saved record or a project file come without a rating: rate them.
      const unrated = s.playerFiles !== prev.playerFiles && s.playerData === null && s.playerDataStatus !== 'running';
      if (unrated || s.pack.levels !== prev.pack.levels || s.model !== prev.model || s.featureCache !== prev.featureCache) void this.rate();
    });
    if (store.getState().playerFiles.length > 0 && store.getState().playerData === null) void this.rate();
  }

  /** Reads files; refused ones are listed with their bad rows and kept out. Returns how many were read. */
  async importFiles(files: readonly PlayerFileText[]): Promise<number> {
    const s = this.store.getState();
    const before = s.playerFiles;
    // The same file picked again (same name, size and text or Blob) is not added twice.
    const id = (f: PlayerFileText): string => `${f.name}\u0000${typeof f.text === 'string' ? f.text.length : f.text.size}\u0000${typeof f.text === 'string' ? f.text.slice(0, 200) : (f.text as File).lastModified ?? ''}`;
    const known = new Set(before.map(id));
    const fresh = files.filter((f) => !known.has(id(f)));
    const result = await this.rate([...before, ...fresh]);
    if (result === null) return 0;
    const rejected = new Set(result.rejected.map((r) => r.name));
    // Kept as text (a picked file is read now, off the page's thread by the browser), so the saved record and the project file hold it.
    const kept = await Promise.all(fresh.filter((f) => !rejected.has(f.name)).map(async (f) => (typeof f.text === 'string' ? f : { name: f.name, text: await f.text.text() })));
    this.store.getState().setPlayerFiles([...this.store.getState().playerFiles.filter((f) => before.includes(f)), ...kept]);
    return fresh.length - rejected.size;
  }

  /** Rates the kept files (or `files`) against the pack; null when it did not finish. */
  async rate(files: readonly PlayerFileText[] = this.store.getState().playerFiles) {
    const s = this.store.getState();
    const levels = s.pack.levels.map((l) => ({ id: l.id, name: l.name, rows: [...l.rows] }));
    const predicted = s.pack.levels.map((l) => selectPackLevelDifficulty(s, l));
    s.setPlayerDataStatus('running');
    const outcome = await this.client.rate({ files: [...files], levels, predicted, rules: packRules(s.pack) });
    if (outcome.kind === 'cancelled') return null;
    if (outcome.kind !== 'ok') {
      this.store.getState().setPlayerDataStatus('failed', outcome.message);
      return null;
    }
    this.store.getState().setPlayerData(outcome.value, outcome.value.rejected.map((r) => ({ name: r.name, problems: r.problems })));
    return outcome.value;
  }

  /** The rated levels as the lab's data: one row per level with a rating (its grid and rated seconds). */
  useInLab(): Promise<void> {
    const s = this.store.getState();
    const data = s.playerData;
    if (data === null) return Promise.resolve();
    const lines = ['level,avgCompletionSeconds'];
    // Each rating with the grid it was rated for (the data's own list, not today's pack order).
    data.rows.forEach((r, i) => {
      const level = data.levels[i];
      if (r.rating !== null && level !== undefined) lines.push(`${level.rows.join('/')},${Math.round(r.rating * 1000) / 1000}`);
    });
    return this.lab.loadCsv(lines.join('\n'), `rated levels (${lines.length - 1} of ${s.pack.levels.length}, ${data.attempts.toLocaleString('en-US')} attempts)`);
  }

  dispose(): void {
    this.unsubscribe();
    this.client.dispose();
  }
}
