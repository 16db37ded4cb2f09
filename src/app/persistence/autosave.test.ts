/** Saving that tells the truth: failed writes keep their records, the journal makes an edit safe at once. */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore, type KeyValueStore, type RecordName } from './db';
import { decodeJournalValue, encodeJournalValue, memoryJournal } from './journal';
import { describeSaveError } from './saveErrors';
import { exportPack } from '../../core/pack/pack';
import { saveHistory } from './workspace';

const grid = (rows: string[]): Level => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error('bad rows');
  return p.value;
};

/** A store whose writes fail (as a full disk does) while `full.value` is true. */
function flakyStore(): KeyValueStore & { data: Map<RecordName, unknown>; full: { value: boolean }; writes: number } {
  const inner = memoryStore();
  const full = { value: false };
  const kv = {
    ...inner,
    full,
    writes: 0,
    set: async (name: RecordName, value: unknown) => {
      kv.writes++;
      // Chromium's QuotaExceededError carries no message: the name is all there is.
      if (full.value) throw new DOMException('', 'QuotaExceededError');
      await inner.set(name, value);
    },
  };
  return kv;
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('autosave after a failed write', () => {
  it('keeps every unsaved record, names the reason, retries, and says "saved" only when all is written', async () => {
    const kv = flakyStore();
    const store = createStudioStore();
    await loadSaved(store, kv);
    const autosave = startAutosave(store, kv, { delayMs: 1, retryMs: () => 5 });
    const s = store.getState;
    s().openLevel(grid(['C..', '...', '...']), 'one');
    await autosave.flush();
    expect(s().saveStatus).toBe('saved');

    kv.full.value = true;
    for (let i = 0; i < 5; i++) s().addToPack({ level: grid(['C..', '.#.', `..${'.#'[i % 2]}`]), name: `level ${i}`, features: null });
    await autosave.flush();
    expect(s().saveStatus).toBe('failed');
    expect(s().saveProblem).toBe('storage is full; retrying');
    expect(s().messages.at(-1)?.text).toMatch(/^Not saved: the browser’s storage for this site is full/);
    // A later edit that writes fine on its own must not turn the status to "saved" while the pack is not on disk.
    s().setLevelName('renamed');
    await tick(20);
    expect(s().saveStatus).toBe('failed');
    expect(autosave.unsaved()).toBe(true);

    // Space comes back: the retry writes everything, then the status is true again.
    kv.full.value = false;
    await tick(30);
    await autosave.flush();
    expect(s().saveStatus).toBe('saved');
    expect(s().saveProblem).toBeNull();
    expect(autosave.unsaved()).toBe(false);
    autosave.stop();

    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().pack.levels.map((l) => l.name)).toEqual(['level 0', 'level 1', 'level 2', 'level 3', 'level 4']);
    expect(again.getState().levelName).toBe('renamed');
    expect(again.getState().history.entries.length).toBe(s().history.entries.length);
  });

  it('a record that cannot be serialised fails its write with a message, never the change that put it there', async () => {
    const kv = memoryStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, { delayMs: 1, journal, retryMs: () => 60_000 });
    // What a bug could put in the store: a pack whose levels are not a list.
    expect(() => store.setState({ pack: { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'broken', levels: null as never } })).not.toThrow();
    expect(journal.names()).not.toContain('pack');
    expect(autosave.atRisk()).toBe(true);
    await autosave.flush();
    expect(store.getState().saveStatus).toBe('failed');
    expect(kv.data.has('pack')).toBe(false);
    autosave.stop();
  });

  it('plain words for each kind of failure, whatever the message says', () => {
    expect(describeSaveError(new DOMException('', 'QuotaExceededError')).short).toBe('storage is full');
    expect(describeSaveError(new DOMException('', 'UnknownError')).short).toBe('storage is blocked');
    expect(describeSaveError(new DOMException('The database connection is closing.', 'InvalidStateError')).short).toBe('another tab holds the database');
    expect(describeSaveError(new Error('not saved: the studio was opened in a newer version in another tab')).kind).toBe('other-tab');
    expect(describeSaveError(new Error('')).sentence).toContain('(Error)');
  });
});

describe('the write-ahead journal', () => {
  it('holds a change the moment it is made, before any write, and a reload reads it over IndexedDB', async () => {
    const kv = memoryStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    await loadSaved(store, kv, { journal });
    // A long delay: the page "goes away" before autosave writes anything.
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    const s = store.getState;
    s().openLevel(grid(['C..#', '....', '....']), 'journalled');
    s().addCurrentLevelToPack();
    s().applyAt(5, 'wall');
    expect(kv.data.get('level')).toBeUndefined();
    expect(autosave.atRisk()).toBe(false);
    autosave.stop();

    const again = createStudioStore();
    const pending = journal.names();
    expect(pending.sort()).toEqual(['history', 'level', 'pack', 'workspace']);
    expect(await loadSaved(again, kv, { journal })).toEqual([]);
    const a = again.getState;
    expect(toRows(a().level)).toEqual(['C..#', '.#..', '....']);
    expect(a().pack.levels.map((l) => l.rows)).toEqual([['C..#', '.#..', '....']]);
    // The undo history came back with the document it belongs to.
    a().undo();
    expect(toRows(a().level)).toEqual(['C..#', '....', '....']);
    a().redo();

    // The new owner writes the journalled records through, then the journal is empty.
    const through = startAutosave(again, kv, { delayMs: 1, journal, pending });
    await tick(5);
    await through.flush();
    expect(journal.names()).toEqual([]);
    expect((kv.data.get('level') as { rows: string[] }).rows).toEqual(['C..#', '.#..', '....']);
    expect(a().saveStatus).toBe('saved');
    through.stop();
  });

  it('a journal that cannot be written makes leaving the page ask first (atRisk) until IndexedDB has it', async () => {
    const kv = memoryStore();
    let full = true;
    const journal = memoryJournal({ failWrites: () => full });
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    store.getState().setLevelName('at risk');
    expect(autosave.unsaved()).toBe(true);
    expect(autosave.atRisk()).toBe(true);
    full = false;
    await autosave.flush();
    expect(autosave.atRisk()).toBe(false);
    expect(autosave.unsaved()).toBe(false);
    autosave.stop();
  });

  it('a record too large for the journal is left to IndexedDB (and the unload prompt); the others are still journalled', async () => {
    const kv = memoryStore();
    const journal = memoryJournal({ maxChars: 400 });
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    const s = store.getState;
    s().addAllToPack('Add three', [0, 1, 2].map((i) => ({ level: grid(['C....', '.....', `${'.'.repeat(i)}#${'.'.repeat(4 - i)}`]), name: `long name number ${i}`, features: null })));
    s().setLevelName('small');
    expect(journal.names()).toContain('level');
    expect(journal.names()).not.toContain('pack');
    expect(autosave.atRisk()).toBe(true);
    await autosave.flush();
    expect(autosave.atRisk()).toBe(false);
    autosave.stop();
  });

  it('an entry is removed only when IndexedDB holds its latest value', async () => {
    const kv = flakyStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal, retryMs: () => 60_000 });
    kv.full.value = true;
    store.getState().setLevelName('first');
    await autosave.flush();
    expect(journal.names()).toContain('level');
    kv.full.value = false;
    store.getState().setLevelName('second');
    await autosave.flush();
    expect(journal.names()).not.toContain('level');
    expect((kv.data.get('level') as { name: string }).name).toBe('second');
    autosave.stop();
  });

  it('encodes what JSON alone would lose', () => {
    const value = { a: Infinity, b: [-Infinity, NaN, 1.5], c: new Float32Array([1, 2.5]), d: 'x', e: null };
    const back = decodeJournalValue(encodeJournalValue(value)) as typeof value;
    expect(back.a).toBe(Infinity);
    expect(back.b[0]).toBe(-Infinity);
    expect(Number.isNaN(back.b[1])).toBe(true);
    expect(back.c).toBeInstanceOf(Float32Array);
    expect([...back.c]).toEqual([1, 2.5]);
    expect(back.e).toBeNull();
  });

  it("the pack's and the history's entries are their saved values' encodings, after each kind of change (per-level texts are remembered)", async () => {
    const kv = memoryStore();
    const journal = memoryJournal();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    const s = store.getState;
    // The stored text is the stamp line, then the value's text.
    const body = (text: string | undefined): string => (text ?? '').replace(/^@\d+\n/, '');
    const entry = (): string => body(journal.data.get('pack'));
    // What the entry must be, computed the slow way: the pack's export, parsed and encoded whole.
    const saved = (): unknown => JSON.parse(exportPack(s().pack));
    const expected = (): string => encodeJournalValue(saved());
    const history = (): void => expect(body(journal.data.get('history'))).toBe(encodeJournalValue(saveHistory(s().history)));
    const file = { format: 'longcat-pack', version: 1, name: 'three', levels: [['C..', '...', '...'], ['C#.', '...', '...'], ['C..', '.#.', '...']].map((rows, i) => ({ id: `l${i}`, name: `level ${i}`, rows })) };
    expect(s().importPackText(JSON.stringify(file), 'three.json')).toBe(true);
    expect(entry()).toBe(expected());
    history();
    s().renamePackLevel('l1', 'renamed');
    expect(entry()).toBe(expected());
    history();
    s().setPackLevelTags('l2', ['hard', 'x']);
    s().setPackLevelNotes('l0', 'a "quoted" note\nover two lines');
    s().movePackLevel(2, 0);
    expect(entry()).toBe(expected());
    s().removePackLevel('l0');
    expect(entry()).toBe(expected());
    history();
    s().undo();
    history();
    expect(decodeJournalValue(entry())).toEqual(saved());
    // IndexedDB receives the same value when the write runs.
    await autosave.flush();
    expect(kv.data.get('pack')).toEqual(decodeJournalValue(expected()));
    autosave.stop();
  });
});
