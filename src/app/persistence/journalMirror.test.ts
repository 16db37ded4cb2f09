/**
 * The journal's copies in IndexedDB: a browser killed outright keeps
 * IndexedDB's completed transactions but loses localStorage's last seconds,
 * so an edit made just before must come back from the copy.
 */
import { describe, expect, it } from 'vitest';
import { exportPack } from '../../core/pack/pack';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { memoryJournal, stampText } from './journal';
import { mirroredJournal } from './journalMirror';

const PACK = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'two', levels: [{ id: 'a', name: 'alpha', rows: ['C..', '.#.', '...'] }, { id: 'b', name: 'beta', rows: ['C.#', '...', '#..'] }] });

describe('safety copies in IndexedDB', () => {
  it('bring back an edit after a browser kill that lost localStorage', async () => {
    const kv = memoryStore();
    const journal = mirroredJournal(memoryJournal(), kv, new Map());
    const store = createStudioStore();
    await loadSaved(store, kv, { journal });
    const autosave = startAutosave(store, kv, { delayMs: 60_000, journal });
    store.getState().importPackText(PACK, 'two.json');
    await autosave.flush();
    // Written: the copies went with the records.
    expect([...kv.copies.keys()]).toEqual([]);
    store.getState().newPackLevel();
    await journal.settled();
    expect(kv.copies.get('pack')).toMatch(/^@\d+\n/);
    autosave.stop();

    // The browser is killed: localStorage's recent entries are gone, IndexedDB's completed transactions stay.
    const lostLocal = async () => {
      const again = createStudioStore();
      const recovered: string[] = [];
      await loadSaved(again, kv, { journal: mirroredJournal(memoryJournal(), kv, new Map()), onRecovered: (m) => recovered.push(m) });
      return { again, recovered };
    };
    // Without the copies (what localStorage alone gives): the New is lost.
    expect((await lostLocal()).again.getState().pack.levels).toHaveLength(2);
    const again = createStudioStore();
    const recovered: string[] = [];
    const restarted = mirroredJournal(memoryJournal(), kv, await kv.journalTexts());
    await loadSaved(again, kv, { journal: restarted, onRecovered: (m) => recovered.push(m) });
    expect(exportPack(again.getState().pack)).toBe(exportPack(store.getState().pack));
    expect(again.getState().pack.levels).toHaveLength(3);
    expect(recovered).toEqual([expect.stringMatching(/^Recovered your last changes to .*the level pack/)]);
    // The whole undo history too (small: journalled with the change).
    expect(again.getState().history.entries.map((e) => e.label)).toEqual(store.getState().history.entries.map((e) => e.label));
  });

  it('the newer of the two copies is read; a readable one over one that is not', () => {
    const local = memoryJournal();
    local.data.set('level', stampText('{"version":1,"rows":["C."],"name":"old"}', 10));
    const copies = new Map([['level' as const, stampText('{"version":1,"rows":["C."],"name":"new"}', 20)]]);
    const writes: unknown[] = [];
    const journal = mirroredJournal(local, { writeJournal: async (c) => void writes.push(c) }, copies);
    expect(journal.read('level')).toMatchObject({ name: 'new' });
    local.data.set('level', stampText('{"version":1,"rows":["C."],"name":"newest"}', 30));
    expect(journal.read('level')).toMatchObject({ name: 'newest' });
    local.data.set('level', `@40\n{"version":1,"ro`);
    expect(journal.read('level')).toMatchObject({ name: 'new' });
    expect(journal.names()).toEqual(['level']);
    journal.remove('level');
    expect(journal.names()).toEqual([]);
    expect(writes).toEqual([[['level', null]]]);
  });

  it('a copy newer than the record written stays (a later change); an older one goes with the write', async () => {
    const kv = memoryStore();
    await kv.writeJournal([['level', stampText('{}', 50)]]);
    await kv.set('level', { version: 1, rows: ['C.'], name: '' }, 40);
    expect(kv.copies.has('level')).toBe(true);
    await kv.set('level', { version: 1, rows: ['C.'], name: '' }, 50);
    expect(kv.copies.has('level')).toBe(false);
  });
});
