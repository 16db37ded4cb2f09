import { describe, expect, it } from 'vitest';
import { exportPack, importPack, importPackJson } from './pack';
import { RECOVERED_PACK_NAME, salvagePackJson } from './salvage';

/** Level i of a made-up pack: a 4x3 grid with the head in column i % 4 and a wall that moves. */
function levelJson(i: number): Record<string, unknown> {
  const head = i % 4;
  const top = Array.from({ length: 4 }, (_, c) => (c === head ? 'C' : '.')).join('');
  const wall = (i >> 2) % 4;
  const middle = Array.from({ length: 4 }, (_, c) => (c === wall ? '#' : '.')).join('');
  return { id: `l${i}`, name: `level ${i}`, rows: [top, middle, '....'] };
}

const pack = (levels: unknown[], extra: Record<string, unknown> = {}) => ({ format: 'longcat-pack', version: 1, name: 'Fifty', levels, ...extra });

describe('salvagePackJson keeps every good level of a damaged pack', () => {
  it('a pack of 50 with one malformed row keeps the 49 others in order and sets the bad one aside with its path', () => {
    const levels = Array.from({ length: 50 }, (_, i) => levelJson(i));
    levels[17] = { ...levels[17], rows: ['C...', '.x..', '....'] };
    const json = pack(levels);
    const before = JSON.stringify(json);
    // An import refuses the whole file (right for a file the designer still has)...
    expect(importPackJson(json).ok).toBe(false);
    // ...a salvage keeps the rest.
    const r = salvagePackJson(json);
    expect(r.intact).toBe(false);
    expect(r.pack.name).toBe('Fifty');
    expect(r.pack.levels.map((l) => l.id)).toEqual(levels.filter((_, i) => i !== 17).map((l) => l['id']));
    expect(r.levels).toHaveLength(49);
    expect(r.setAside).toHaveLength(1);
    expect(r.setAside[0]).toMatchObject({ index: 17, id: 'l17', name: 'level 17' });
    expect(r.setAside[0]!.problems[0]!.path).toBe('levels[17].rows[1]');
    expect(r.setAside[0]!.problems[0]!.message).toMatch(/column 2/);
    // The input is untouched, and what was kept is a valid pack on its own.
    expect(JSON.stringify(json)).toBe(before);
    expect(importPack(exportPack(r.pack)).ok).toBe(true);
  });

  it('an intact pack comes back as it is', () => {
    const json = pack([levelJson(0), levelJson(1)]);
    const r = salvagePackJson(json);
    expect(r.intact).toBe(true);
    expect(r.setAside).toEqual([]);
    expect(r.pack).toEqual((importPackJson(json) as { ok: true; value: { pack: unknown } }).value.pack);
  });

  it('a repeated id is kept under a fresh id, a bad name falls back, non-objects are set aside', () => {
    const r = salvagePackJson(pack([levelJson(0), { ...levelJson(1), id: 'l0' }, 7, null, levelJson(2)], { name: 42 }));
    expect(r.pack.name).toBe(RECOVERED_PACK_NAME);
    expect(r.pack.levels.map((l) => l.id)).toEqual(['l0', 'l0~2', 'l2']);
    expect(r.setAside.map((l) => l.index)).toEqual([2, 3]);
    expect(r.packProblems.map((p) => p.path)).toEqual(['name', 'levels[1].id']);
    expect(importPack(exportPack(r.pack)).ok).toBe(true);
  });

  it('a record that is not a pack at all gives an empty pack and says why', () => {
    for (const bad of [null, 3, 'text', [], { format: 'zip' }, { format: 'longcat-pack', version: 99, name: 'x', levels: [levelJson(0)] }]) {
      const r = salvagePackJson(bad);
      expect(r.intact).toBe(false);
      expect(r.packProblems.length).toBeGreaterThan(0);
      expect(importPack(exportPack(r.pack)).ok).toBe(true);
    }
    // A newer version still gives up its readable levels rather than lose them.
    expect(salvagePackJson({ format: 'longcat-pack', version: 99, name: 'x', levels: [levelJson(0)] }).pack.levels).toHaveLength(1);
  });

  it('10,001 broken levels are all set aside quickly, each with its problems', () => {
    const levels = Array.from({ length: 10_001 }, (_, i) => ({ id: i, name: null, rows: 'nope', difficulty: 'x', features: 3, source: 1 }));
    const r = salvagePackJson(pack(levels));
    expect(r.pack.levels).toEqual([]);
    expect(r.setAside).toHaveLength(10_001);
    expect(r.setAside[10_000]!.problems.every((p) => p.path.startsWith('levels[10000]'))).toBe(true);
  });
});
