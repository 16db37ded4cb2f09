/**
 * Safety copies (journal entries in localStorage) are trusted only when they
 * pass their record's schema and are newer than IndexedDB's record;
 * otherwise they are set aside (kept as a backup, said in a sentence) and
 * IndexedDB's record is used. And the players' files are records too.
 */
import { describe, expect, it } from 'vitest';
import { toRows } from '../../core/level/level';
import type { PlayResults } from '../../core/play/results';
import { createStudioStore } from '../store/store';
import type { StudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { memoryJournal, stampText } from './journal';
import { parseBackups } from './backups';

const PACK = { format: 'longcat-pack', version: 1, name: 'good pack', levels: [['C..', '...', '...'], ['C#.', '...', '...']].map((rows, i) => ({ id: `l${i}`, name: `level ${i}`, rows })) };

/** IndexedDB holding the good pack (written by autosave, so with its stamp), an empty journal. */
async function savedGoodPack() {
  const kv = memoryStore();
  const journal = memoryJournal();
  const store = createStudioStore();
  await loadSaved(store, kv, { journal });
  const autosave = startAutosave(store, kv, { delayMs: 1, journal });
  expect(store.getState().importPackText(JSON.stringify(PACK), 'good.json')).toBe(true);
  await new Promise((r) => setTimeout(r, 5));
  await autosave.flush();
  autosave.stop();
  expect(journal.names()).toEqual([]);
  return { kv, journal, saved: structuredClone(kv.data.get('pack')) };
}

const names = (s: StudioStore): string[] => s.getState().pack.levels.map((l) => l.name);

describe('a safety copy is used only when valid and newer', () => {
  for (const [label, text] of [
    ['"x"', '"x"'],
    ['{"version":999}', '{"version":999}'],
  ] as const) {
    it(`regression: ${label} as the pack's safety copy (no stamp) leaves the saved pack in place, set aside and said`, async () => {
      const { kv, journal, saved } = await savedGoodPack();
      journal.data.set('pack', text);
      const store = createStudioStore();
      const problems = await loadSaved(store, kv, { journal });
      expect(names(store)).toEqual(['level 0', 'level 1']);
      expect(problems).toEqual([expect.stringMatching(/^A safety copy of the level pack .* the last save of the level pack was used instead, and the copy is kept as a backup$/)]);
      // IndexedDB's pack is untouched; the junk is kept as found, in a backup, and gone from the journal.
      expect(kv.data.get('pack')).toEqual(saved);
      expect(journal.names()).toEqual([]);
      const backups = [...kv.saved.values()] as { record: string; raw: unknown }[];
      expect(backups.map((b) => b.record)).toEqual(['pack (safety copy)']);
      expect(backups[0]!.raw).toEqual(JSON.parse(text));
      expect(parseBackups(kv.saved).map((b) => b.summary)).toEqual([expect.stringContaining('safety copy of the level pack')]);
    });
  }

  it('the same for the level in the editor, a stamped copy from a newer build, and text that is not JSON', async () => {
    const { kv, journal } = await savedGoodPack();
    const levelBefore = createStudioStore().getState().level;
    journal.data.set('level', stampText('{"version":999,"rows":["C.."]}', Date.now() + 60_000));
    const cut = stampText('{"version":1,"generator":', Date.now() + 60_000);
    journal.data.set('settings', cut);
    const store = createStudioStore();
    const problems = await loadSaved(store, kv, { journal });
    expect(problems.sort()).toEqual([
      expect.stringMatching(/^A safety copy of the level in the editor .* is not in a shape this version reads;/),
      expect.stringMatching(/^A safety copy of the settings .* could not be read \(it is not JSON/),
    ]);
    expect(toRows(store.getState().level)).toEqual(toRows(levelBefore));
    const raws = new Map(([...kv.saved.values()] as { record: string; raw: unknown }[]).map((b) => [b.record, b.raw]));
    // Unreadable text is kept as the text it was.
    expect(raws.get('settings (safety copy)')).toBe(cut);
    expect(journal.names()).toEqual([]);
  });

  it('a valid copy older than the saved record is set aside; a valid newer one is used', async () => {
    const { kv, journal } = await savedGoodPack();
    const stamp = kv.stamps.get('pack')!;
    const renamed = { ...PACK, name: 'renamed pack' };
    journal.data.set('pack', stampText(JSON.stringify(renamed), stamp - 1));
    const store = createStudioStore();
    const problems = await loadSaved(store, kv, { journal });
    expect(problems).toEqual([expect.stringMatching(/^A safety copy of the level pack .* is older than the last save;/)]);
    expect(store.getState().pack.name).toBe('good pack');

    journal.data.set('pack', stampText(JSON.stringify(renamed), stamp + 1));
    // (The saved undo history belongs to the saved pack: without it, the renamed pack is the whole story.)
    kv.data.delete('history');
    const newer = createStudioStore();
    expect(await loadSaved(newer, kv, { journal })).toEqual([]);
    expect(newer.getState().pack.name).toBe('renamed pack');
    // Used, so still pending: the owner's autosave writes it through.
    expect(journal.names()).toEqual(['pack']);
  });

  it('a read-only tab uses the saved record but writes and removes nothing', async () => {
    const { kv, journal, saved } = await savedGoodPack();
    journal.data.set('pack', '"x"');
    const store = createStudioStore();
    await loadSaved(store, kv, { journal, readOnly: true });
    expect(names(store)).toEqual(['level 0', 'level 1']);
    expect(journal.names()).toEqual(['pack']);
    expect(kv.saved.size).toBe(0);
    expect(kv.data.get('pack')).toEqual(saved);
  });

  it('when the backup cannot be written, loading stops and the safety copy stays where it was', async () => {
    const { kv, journal } = await savedGoodPack();
    journal.data.set('pack', '{"version":999}');
    const full = { ...kv, putBackup: async () => Promise.reject(new DOMException('', 'QuotaExceededError')) };
    await expect(loadSaved(createStudioStore(), full, { journal })).rejects.toThrow();
    expect(journal.names()).toEqual(['pack']);
  });
});

const RESULTS: PlayResults = {
  format: 'longcat-play-results',
  version: 3,
  rules: 'longcat',
  pack: { name: 'good pack', identity: '0123456789abcdef' },
  player: 'ann',
  exportedAt: '2026-11-25T08:00:00.000Z',
  levels: [{ id: 'l0', name: 'level 0', rows: ['C..', '...', '...'], attempts: [{ outcome: 'solved', seconds: 12, moves: 4, undos: 0, restarts: 0, startedAt: '2026-11-25T07:59:00.000Z', replay: false }] }],
};

describe("players' files are kept", () => {
  it('attempt files and results files come back after a reload, from IndexedDB or from the journal alone', async () => {
    for (const via of ['indexeddb', 'journal'] as const) {
      const kv = memoryStore();
      const journal = memoryJournal();
      const store = createStudioStore();
      await loadSaved(store, kv, { journal });
      const autosave = startAutosave(store, kv, { delayMs: via === 'journal' ? 60_000 : 1, journal });
      const csv = 'level,player,seconds,solved\nC../.../...,ann,12,1\n';
      store.getState().setPlayerFiles([{ name: 'attempts.csv', text: csv }]);
      store.getState().addPlayResults([{ name: 'ann.json', results: RESULTS }], []);
      if (via === 'indexeddb') {
        await new Promise((r) => setTimeout(r, 5));
        await autosave.flush();
        expect(journal.names()).toEqual([]);
      } else expect(kv.data.get('players')).toBeUndefined();
      autosave.stop();
      const again = createStudioStore();
      expect(await loadSaved(again, kv, { journal })).toEqual([]);
      expect(again.getState().playerFiles).toEqual([{ name: 'attempts.csv', text: csv }]);
      expect(again.getState().playResultFiles).toEqual([{ name: 'ann.json', results: RESULTS }]);
      // The per-level summary is made again from the files.
      expect(again.getState().playResultsSummary).toEqual(store.getState().playResultsSummary);
    }
  });

  it('a results file that no longer reads is set aside; the others are kept', async () => {
    const kv = memoryStore({ players: { version: 1, attempts: [{ name: 'a.csv', text: 'x' }, { name: 7 }], results: [{ name: 'bad.json', text: '{}' }, { name: 'ann.json', text: JSON.stringify(RESULTS) }] } });
    const store = createStudioStore();
    const problems = await loadSaved(store, kv);
    expect(problems).toEqual([expect.stringMatching(/^2 saved players' files could not be read and were set aside \(attempts file 2 is not a name and a text\); the saved record is kept as a backup$/)]);
    expect(store.getState().playerFiles.map((f) => f.name)).toEqual(['a.csv']);
    expect(store.getState().playResultFiles.map((f) => f.name)).toEqual(['ann.json']);
    expect([...kv.saved.values()].map((b) => (b as { record: string }).record)).toEqual(['players']);
  });

  it('a record from a newer build is refused whole with a sentence', async () => {
    const problems = await loadSaved(createStudioStore(), memoryStore({ players: { version: 2, attempts: [], results: [] } }));
    expect(problems).toEqual([expect.stringMatching(/^the saved players' data was made by a newer version of Longcat Studio .*; the players' files were set aside;/)]);
  });
});
