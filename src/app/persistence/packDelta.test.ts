/**
 * A pack too large for the journal whole is journalled as its change since
 * the saved pack: a "kill" (the page gone with no write after the edit)
 * right after New, a rename, a move or a delete loses nothing, and a delta
 * that does not belong to the saved pack is set aside.
 */
import { describe, expect, it } from 'vitest';
import { exportPack } from '../../core/pack/pack';
import { createStudioStore, type StudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { memoryJournal, stampText } from './journal';
import { applyPackDelta } from './packDelta';
import { HISTORY_JOURNAL_LATER_FROM } from './parts';
import { mirroredJournal } from './journalMirror';

/** 40 distinct 4x4 levels: a pack whose journal text is far past the small journal below. */
const PACK = {
  format: 'longcat-pack',
  version: 1,
  name: 'forty',
  levels: Array.from({ length: 40 }, (_, i) => ({ id: `l${i}`, name: `level ${i}`, rows: ['C...', [...'....'].map((c, x) => ((i >> x) & 1 ? '#' : c)).join(''), i & 16 ? '.#..' : '....', i & 32 ? '..#.' : '....'] })),
};

/** A store with the pack imported and written to IndexedDB; a journal that holds 3,000 characters per record. */
async function bigSaved() {
  const kv = memoryStore();
  const journal = memoryJournal({ maxChars: 3000 });
  const store = createStudioStore();
  await loadSaved(store, kv, { journal });
  const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
  expect(store.getState().importPackText(JSON.stringify(PACK), 'forty.json')).toBe(true);
  // Too large whole, and no saved pack yet to make a delta against: left to IndexedDB.
  expect(journal.names()).not.toContain('pack');
  await autosave.flush();
  expect(journal.names()).toEqual([]);
  return { kv, journal, store, autosave };
}

const packText = (s: StudioStore): string => exportPack(s.getState().pack);

/** The page killed now (nothing more written), then loaded again: the new store and what loading said. */
async function killAndLoad(kv: ReturnType<typeof memoryStore>, journal: ReturnType<typeof memoryJournal>) {
  const again = createStudioStore();
  const recovered: string[] = [];
  const problems = await loadSaved(again, kv, { journal, onRecovered: (m) => recovered.push(m) });
  return { again, problems, recovered };
}

describe('a pack too large for the journal', () => {
  for (const [label, edit] of [
    ['New level', (s: StudioStore) => void s.getState().newPackLevel()],
    ['a rename', (s: StudioStore) => s.getState().renamePackLevel('l7', 'renamed')],
    ['a move', (s: StudioStore) => s.getState().movePackLevel(30, 0)],
    ['a delete', (s: StudioStore) => s.getState().removePackLevel('l3')],
  ] as const) {
    it(`is journalled as its change after ${label}, and a kill loses nothing`, async () => {
      const { kv, journal, store, autosave } = await bigSaved();
      const before = packText(store);
      edit(store);
      const entry = journal.data.get('pack')!;
      expect(entry).toMatch(/^@\d+\n\{"delta":"longcat-pack-delta"/);
      expect(entry.length).toBeLessThan(3000);
      autosave.stop();
      const { again, problems, recovered } = await killAndLoad(kv, journal);
      expect(packText(again)).toBe(packText(store));
      // The undo history did not fit the journal: the saved one comes back with one more step, to the recovered pack, and the message says so.
      expect(recovered).toEqual([expect.stringMatching(/^Recovered your last changes to .*the level pack.*: the page closed .* Undo takes them back as one step \(“Changes recovered after the page closed”\); the separate steps they were made in were not kept\.$/)]);
      expect(problems).toEqual([]);
      const { history } = again.getState();
      expect(history.entries.map((e) => e.label)).toEqual(['Import forty.json (replace)', 'Changes recovered after the page closed']);
      again.getState().undo();
      expect(packText(again)).toBe(before);
      again.getState().undo();
      expect(again.getState().pack.levels).toEqual([]);
      // Written back at once: a second load finds the history whole, with nothing to add.
      const third = await killAndLoad(kv, journal);
      expect(third.again.getState().history.entries).toHaveLength(2);
      expect(third.problems).toEqual([]);
    });
  }

  it('a browser kill (localStorage lost) right after each of those edits loses nothing: the change comes back from its copy in IndexedDB', async () => {
    for (const edit of [
      (s: StudioStore) => void s.getState().newPackLevel(),
      (s: StudioStore) => s.getState().renamePackLevel('l7', 'renamed'),
      (s: StudioStore) => s.getState().movePackLevel(30, 0),
      (s: StudioStore) => s.getState().removePackLevel('l3'),
    ]) {
      const kv = memoryStore();
      const journal = mirroredJournal(memoryJournal({ maxChars: 3000 }), kv, new Map());
      const store = createStudioStore();
      await loadSaved(store, kv, { journal });
      const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
      store.getState().importPackText(JSON.stringify(PACK), 'forty.json');
      await autosave.flush();
      edit(store);
      await journal.settled();
      autosave.stop();
      // The browser's localStorage is gone with it; IndexedDB's completed transactions stay.
      const again = createStudioStore();
      const problems = await loadSaved(again, kv, { journal: mirroredJournal(memoryJournal({ maxChars: 3000 }), kv, await kv.journalTexts()) });
      expect(packText(again)).toBe(packText(store));
      expect(problems).toEqual([]);
    }
  });

  it('a change made while a write is landing is journalled against the pack that write saved', async () => {
    const { kv, journal, store, autosave } = await bigSaved();
    store.getState().renamePackLevel('l1', 'first');
    const landing = autosave.flush();
    store.getState().renamePackLevel('l2', 'second');
    await landing;
    // The first rename is in IndexedDB; the second is a delta against it, not against the pack before.
    expect(kv.data.get('pack')).toMatchObject({ levels: expect.arrayContaining([expect.objectContaining({ id: 'l1', name: 'first' })]) });
    autosave.stop();
    const { again } = await killAndLoad(kv, journal);
    expect(again.getState().pack.levels.find((l) => l.id === 'l2')?.name).toBe('second');
    expect(packText(again)).toBe(packText(store));
  });

  it('a delta against a saved pack that is no longer there is set aside; the saved pack is used', async () => {
    const { kv, journal, store, autosave } = await bigSaved();
    const saved = packText(store);
    store.getState().renamePackLevel('l1', 'lost');
    autosave.stop();
    // The saved pack moved on (another write) after the delta was made.
    await kv.set('pack', kv.data.get('pack'), (kv.stamps.get('pack') ?? 0) + 10);
    journal.data.set('pack', journal.data.get('pack')!.replace(/^@\d+/, `@${(kv.stamps.get('pack') ?? 0) + 20}`));
    const { again, problems } = await killAndLoad(kv, journal);
    expect(packText(again)).toBe(saved);
    expect(problems).toContainEqual(expect.stringMatching(/^A safety copy of the level pack .* holds changes to a saved pack that is no longer there;/));
    expect(journal.names()).not.toContain('pack');
  });

  it('applyPackDelta refuses what it cannot apply, with a sentence', () => {
    const saved = { ...PACK, levels: PACK.levels.slice(0, 2) };
    const delta = { delta: 'longcat-pack-delta', version: 1, base: 5, order: ['l0', 'x'], pack: { ...PACK, levels: [] } };
    expect(applyPackDelta(delta, saved, 5)).toMatchObject({ ok: false, why: expect.stringContaining('"x"') });
    expect(applyPackDelta({ ...delta, version: 2 }, saved, 5)).toMatchObject({ ok: false, why: expect.stringContaining('another version') });
    expect(applyPackDelta({ ...delta, order: 'l0' }, saved, 5)).toMatchObject({ ok: false, why: expect.stringContaining('shape') });
    expect(applyPackDelta({ ...delta, order: ['l1', 'l0'] }, saved, 5)).toEqual({ ok: true, pack: { ...PACK, levels: [PACK.levels[1], PACK.levels[0]] } });
    expect(stampText('{}', 3)).toBe('@3\n{}');
  });
});

/** `n` distinct 5x5 levels (the bits of `i` as walls below the head's row). */
const manyLevels = (n: number) => ({
  format: 'longcat-pack',
  version: 1,
  name: 'many',
  levels: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, name: `many ${i}`, rows: ['C....', ...[0, 1, 2, 3].map((y) => [...'.....'].map((c, x) => ((i >> (y * 5 + x)) & 1 ? '#' : c)).join(''))] })),
});

describe("a big pack's undo history", () => {
  it('is journalled in the task after the change; a kill before it keeps the saved history and the work as one more undo step', async () => {
    const kv = memoryStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    await loadSaved(store, kv, { journal });
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    expect(store.getState().importPackText(JSON.stringify(manyLevels(HISTORY_JOURNAL_LATER_FROM)), 'many.json')).toBe(true);
    // The pack is safe at once; the history's copy waits for the next task (the change's own task does not pay for it).
    expect(journal.names()).toContain('pack');
    expect(journal.names()).not.toContain('history');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(journal.names()).toContain('history');
    await autosave.flush();
    expect(journal.names()).toEqual([]);

    const before = packText(store);
    store.getState().newPackLevel();
    expect(journal.names()).toContain('pack');
    expect(journal.names()).not.toContain('history');
    // Killed before the next task: nothing more is written.
    autosave.stop();
    const { again, problems, recovered } = await killAndLoad(kv, journal);
    expect(again.getState().pack.levels).toHaveLength(HISTORY_JOURNAL_LATER_FROM + 1);
    expect(packText(again)).toBe(packText(store));
    expect(problems).toEqual([]);
    expect(recovered).toEqual([expect.stringContaining('Undo takes them back as one step')]);
    expect(again.getState().history.entries.map((e) => e.label)).toEqual(['Import many.json (replace)', 'Changes recovered after the page closed']);
    again.getState().undo();
    expect(packText(again)).toBe(before);
  });

  it('below the size, the history is journalled with the change, and a kill keeps every step', async () => {
    const kv = memoryStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    await loadSaved(store, kv, { journal });
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    store.getState().importPackText(JSON.stringify(manyLevels(20)), 'many.json');
    store.getState().newPackLevel();
    expect(journal.names()).toEqual(expect.arrayContaining(['pack', 'history']));
    autosave.stop();
    const { again, recovered } = await killAndLoad(kv, journal);
    expect(recovered).toEqual([expect.not.stringContaining('Undo takes')]);
    expect(again.getState().history.entries.map((e) => e.label)).toEqual(store.getState().history.entries.map((e) => e.label));
  });
});

describe('an undo history saved before the work it belongs to', () => {
  it('keeps the history and adds one step to the saved work (a browser kill between the pack\'s write and the history\'s)', async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    await loadSaved(store, kv, { journal: memoryJournal() });
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal: memoryJournal() });
    store.getState().importPackText(JSON.stringify(manyLevels(30)), 'many.json');
    await autosave.flush();
    const before = packText(store);
    const oldHistory = await kv.get('history');
    store.getState().removePackLevel('m3');
    await autosave.flush();
    autosave.stop();
    // The pack's write landed and the history's did not; localStorage's copies died with the browser.
    await kv.set('history', oldHistory);
    const again = createStudioStore();
    const said: string[] = [];
    const problems = await loadSaved(again, kv, { journal: memoryJournal(), onRecovered: (m) => said.push(m) });
    expect(problems).toEqual([]);
    expect(packText(again)).toBe(packText(store));
    expect(said).toEqual([expect.stringContaining('Undo takes them back as one step (“Changes saved after the undo history”)')]);
    expect(again.getState().history.entries.map((e) => e.label)).toEqual(['Import many.json (replace)', 'Changes saved after the undo history']);
    again.getState().undo();
    expect(packText(again)).toBe(before);
    again.getState().redo();
    expect(again.getState().pack.levels.map((l) => l.id)).not.toContain('m3');
  });
});
