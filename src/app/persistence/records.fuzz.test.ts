/**
 * Fuzz properties of the IndexedDB records (issue 15): whatever a record
 * holds, restoring never throws, what is restored is valid, every record
 * that was not restored whole is kept verbatim as a backup, and a saved
 * pack never loses a valid level to a bad neighbour.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../test/fuzzRuns';
import { exportPack, importPack } from '../../core/pack/pack';
import { salvagePackJson } from '../../core/pack/salvage';
import { toRows } from '../../core/level/level';
import { parseRows } from '../../core/level/format';
import { createStudioStore } from '../store/store';
import { loadSaved } from './autosave';
import { BackupSchema } from './backups';
import { memoryStore, RECORD_NAMES, type RecordName } from './db';

/** A valid level entry: a 3..5 x 3..5 grid with one head and some walls. */
const validLevel = fc
  .record({ w: fc.integer({ min: 3, max: 5 }), h: fc.integer({ min: 3, max: 5 }), walls: fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }), head: fc.nat(24), name: fc.string({ maxLength: 20 }) })
  .map(({ w, h, walls, head, name }) => {
    const at = head % (w * h);
    const rows = Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (y * w + x === at ? 'C' : walls[y * w + x] ? '#' : '.')).join(''));
    return { name, rows };
  });

/** Ways a level entry goes bad (each is refused by an import). */
const corruption = fc.constantFrom<(l: Record<string, unknown>) => unknown>(
  (l) => ({ ...l, rows: [...(l['rows'] as string[]).slice(0, -1), 'x'] }),
  (l) => ({ ...l, rows: (l['rows'] as string[]).map((r) => r.replace('C', '.')) }),
  (l) => ({ ...l, id: '' }),
  (l) => ({ ...l, name: 7 }),
  (l) => ({ ...l, difficulty: 'hard' }),
  (l) => ({ ...l, features: [] }),
  (l) => ({ ...l, tags: 'x' }),
  () => null,
  () => 'level',
  (l) => ({ ...l, rows: Array.from({ length: 17 }, () => 'C'.padEnd(17, '.')) }),
);

/** A JSON-ish value anywhere: what a hand-edited or corrupt record may hold. */
const anyValue = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withTypedArray: true, withMap: true, withSet: true, withDate: true, withBigInt: false }),
  fc.constantFrom({ version: 1 }, { version: 1, rows: ['C..', '...', '...'] }, { format: 'longcat-pack', version: 1, name: 'x', levels: 'no' }, { version: 1, records: [null] }),
);

describe('IndexedDB records, fuzzed', () => {
  it('salvaging a pack keeps exactly the valid levels, in order, whatever the others hold', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(validLevel, fc.option(corruption, { nil: undefined })), { maxLength: 30 }), (entries) => {
        const levels = entries.map(([l, bad], i) => {
          const level = { id: `l${i}`, ...l };
          return bad === undefined ? level : bad(level);
        });
        const r = salvagePackJson({ format: 'longcat-pack', version: 1, name: 'fuzz', levels });
        const expected = entries.flatMap(([, bad], i) => (bad === undefined ? [`l${i}`] : []));
        expect(r.pack.levels.map((l) => l.id)).toEqual(expected);
        expect(r.setAside.map((s) => s.index)).toEqual(entries.flatMap(([, bad], i) => (bad === undefined ? [] : [i])));
        // What was kept is a pack an import accepts, and its grids are the ones given.
        expect(importPack(exportPack(r.pack)).ok).toBe(true);
        r.pack.levels.forEach((l, k) => expect(l.rows).toEqual(entries[Number(expected[k]!.slice(1))]![0].rows));
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('loading arbitrary records never throws, restores only valid work, and backs up every record it did not restore whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...RECORD_NAMES), anyValue, { maxKeys: 4 }), async (records) => {
        const kv = memoryStore(records as Partial<Record<RecordName, unknown>>);
        const store = createStudioStore();
        const problems = await loadSaved(store, kv);
        const s = store.getState();
        expect(parseRows(toRows(s.level)).ok).toBe(true);
        expect(importPack(exportPack(s.pack)).ok).toBe(true);
        // Every backup parses, holds its record exactly as found, and each problem reached the designer.
        const backups = [...kv.saved.values()].map((b) => BackupSchema.parse(b));
        for (const b of backups) expect(b.raw).toEqual(structuredClone((records as Record<string, unknown>)[b.record]));
        expect(problems.length).toBeGreaterThanOrEqual(backups.length);
        // A second load of what was rewritten needs no new backup.
        const again = memoryStore();
        for (const [k, v] of kv.data) again.data.set(k, v);
        await loadSaved(createStudioStore(), again);
        expect(again.saved.size).toBe(0);
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
