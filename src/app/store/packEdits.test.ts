import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import type { Level } from '../../core/level/level';
import { createPack } from '../../core/pack/pack';
import { MAX_PACK_LEVELS } from '../../core/pack/schema';
import { dedupeLevels, insertLevels, moveLevel, removeLevel, renameLevel, rowsKey, sortLevels } from './packEdits';

function level(rows: string[]): Level {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const grids = [['C..', '...', '...'], ['C#.', '...', '...'], ['C..', '.#.', '...'], ['C..', '...', '..#']];

describe('pack commands', () => {
  it('insert makes ids unique, keeps order and respects the limit', () => {
    const r = insertLevels(createPack('p', []), grids.map((g) => ({ level: level(g), name: 'same' })));
    // Hand-made levels get random ids (never a counter two branches would repeat); a preferred id is kept when free.
    expect(new Set(r.ids).size).toBe(4);
    for (const id of r.ids) expect(id).toMatch(/^l-[0-9a-hjkmnp-tv-z]{10}$/);
    expect(r.pack.levels.map((l) => l.name)).toEqual(['same', 'same', 'same', 'same']);
    const mid = insertLevels(r.pack, [{ level: level(grids[0]!), name: 'x', id: 'x' }], 1);
    expect(mid.pack.levels.map((l) => l.id)).toEqual([r.ids[0], 'x', ...r.ids.slice(1)]);
    const again = insertLevels(mid.pack, [{ level: level(grids[0]!), name: 'x', id: 'x' }]);
    expect(again.ids[0]).toMatch(/^x-[0-9a-hjkmnp-tv-z]{6}$/);
    const full = createPack('p', Array.from({ length: MAX_PACK_LEVELS }, (_, i) => ({ ...r.pack.levels[0]!, id: `l${i}` })));
    expect(insertLevels(full, [{ level: level(grids[0]!), name: 'x' }]).pack).toBe(full);
  });

  it('commands that change nothing return the same pack (no history entry)', () => {
    const { pack } = insertLevels(createPack('p', []), grids.map((g, i) => ({ level: level(g), name: `l${i}`, id: `l${i}` })));
    expect(removeLevel(pack, 'nope')).toBe(pack);
    expect(renameLevel(pack, 'l0', ' l0 ')).toBe(pack);
    expect(renameLevel(pack, 'l0', '  ')).toBe(pack);
    expect(moveLevel(pack, 1, 1)).toBe(pack);
    expect(moveLevel(pack, 0, 9)).toBe(pack);
    expect(dedupeLevels(pack).pack).toBe(pack);
    expect(sortLevels(pack, (l) => Number(l.id.slice(1)))).toBe(pack);
  });

  it('sort is stable, easiest first, unknown difficulties last (property: a permutation, ordered)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), { minLength: 1, maxLength: 30 }), (ds) => {
        const { pack } = insertLevels(createPack('p', []), ds.map((_, i) => ({ level: level(grids[i % 4]!), name: `l${i}`, id: `l${i}` })));
        const difficulty = new Map(pack.levels.map((l, i) => [l.id, ds[i]!]));
        const sorted = sortLevels(pack, (l) => difficulty.get(l.id) ?? null).levels;
        expect([...sorted.map((l) => l.id)].sort()).toEqual([...pack.levels.map((l) => l.id)].sort());
        const key = (id: string): number => difficulty.get(id) ?? Infinity;
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!.id, b = sorted[i]!.id;
          expect(key(a)).toBeLessThanOrEqual(key(b));
          if (key(a) === key(b)) expect(pack.levels.findIndex((l) => l.id === a)).toBeLessThan(pack.levels.findIndex((l) => l.id === b));
        }
      }),
    );
  });

  it('dedupe keeps the first copy of each grid', () => {
    const { pack } = insertLevels(createPack('p', []), [0, 1, 0, 2, 1].map((g, i) => ({ level: level(grids[g]!), name: `l${i}`, id: `l${i}` })));
    const r = dedupeLevels(pack);
    expect(r.removed).toBe(2);
    expect(r.pack.levels.map((l) => l.id)).toEqual(['l0', 'l1', 'l3']);
    expect(new Set(r.pack.levels.map((l) => rowsKey(l.rows))).size).toBe(3);
  });

  it('move puts the level at the target index', () => {
    const { pack } = insertLevels(createPack('p', []), grids.map((g, i) => ({ level: level(g), name: `l${i}`, id: `l${i}` })));
    expect(moveLevel(pack, 0, 3).levels.map((l) => l.id)).toEqual(['l1', 'l2', 'l3', 'l0']);
    expect(moveLevel(pack, 3, 0).levels.map((l) => l.id)).toEqual(['l3', 'l0', 'l1', 'l2']);
  });
});
