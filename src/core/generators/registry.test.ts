/**
 * The generator registry (SPEC §6, §11): shards partition the index range
 * exactly, and level i of a run is the same whatever order, shard or source
 * object produces it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveMoves } from '../../../test/naive/naiveSolver';
import { levelKey, toRows } from '../level/level';
import { checkSolvable } from '../graph/solvable';
import { paint } from '../rules/registry';
import { createLevelSource, GENERATOR_NAMES, generatorsFor, isGeneratorName, shardRange, type GeneratedItem, type GeneratorSettings } from './registry';

/** What identifies an item: its index, levels' content and solution. */
const fingerprint = (item: GeneratedItem): string => `${item.index}|${item.levels.map(levelKey).join(',')}|${item.solution ?? ''}`;

describe('shardRange', () => {
  it('partitions [0, count) into contiguous ranges in order, sizes differing by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 500 }), (count, shards) => {
        let expectedFrom = 0, smallest = Infinity, largest = -Infinity;
        // Plain checks in the loop (up to 500 shards per run; expect() there would dominate); the first bad shard is reported.
        let bad: string | null = null;
        for (let shard = 0; shard < shards; shard++) {
          const { from, to } = shardRange(count, shard, shards);
          if (bad === null && !(Number.isInteger(from) && Number.isInteger(to) && from === expectedFrom && to >= from)) {
            bad = `shard ${shard}/${shards} of ${count}: [${from}, ${to}) after ${expectedFrom}`;
          }
          smallest = Math.min(smallest, to - from);
          largest = Math.max(largest, to - from);
          expectedFrom = to;
        }
        expect(bad).toBeNull();
        expect(expectedFrom).toBe(count);
        expect(largest - smallest).toBeLessThanOrEqual(1);
        // Every shard gets floor or ceil of count / shards.
        expect(smallest).toBe(Math.floor(count / shards));
      }),
      { numRuns: 300 },
    );
  });

  it('covers every index exactly once (small counts, checked index by index)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 40 }), (count, shards) => {
        const owner = new Array<number>(count).fill(-1);
        for (let shard = 0; shard < shards; shard++) {
          const { from, to } = shardRange(count, shard, shards);
          for (let i = from; i < to; i++) {
            expect(owner[i]).toBe(-1);
            owner[i] = shard;
          }
        }
        expect(owner.every((o) => o >= 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('hand-checked: 10 iterations over 3 shards are 0-3, 3-6, 6-10', () => {
    expect([0, 1, 2].map((s) => shardRange(10, s, 3))).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: 6, to: 10 },
    ]);
    expect(shardRange(2, 3, 5)).toEqual({ from: 1, to: 1 }); // more shards than items: some are empty
  });
});

describe('createLevelSource', () => {
  const settingsList: GeneratorSettings[] = [
    { generator: 'rsd', width: 8, height: 8, seed: 1 },
    { generator: 'rsd', width: 5, height: 11, seed: 77 },
    { generator: 'rpu', width: 6, height: 6, seed: 3 },
    { generator: 'rpu', width: 8, height: 5, seed: 12 },
  ];

  it.each(settingsList)('$generator $width x $height seed $seed: item i is the same in any order, shard or source', (settings) => {
    const count = settings.generator === 'rsd' ? 300 : 150;
    const inOrderSource = createLevelSource(settings);
    const inOrder = Array.from({ length: count }, (_, i) => fingerprint(inOrderSource.generate(i)));
    expect(inOrderSource.settings).toEqual(settings);

    // Reversed and shuffled on one reused source.
    const reusedSource = createLevelSource(settings);
    for (let i = count - 1; i >= 0; i--) expect(fingerprint(reusedSource.generate(i))).toBe(inOrder[i]);
    fc.assert(
      fc.property(fc.array(fc.nat(count - 1), { minLength: 1, maxLength: 40 }), (indices) => {
        for (const i of indices) expect(fingerprint(reusedSource.generate(i))).toBe(inOrder[i]);
      }),
      { numRuns: 20 },
    );

    // Sharded across fresh sources, as separate machines would run it.
    for (let shard = 0; shard < 4; shard++) {
      const source = createLevelSource(settings);
      const { from, to } = shardRange(count, shard, 4);
      for (let i = from; i < to; i++) expect(fingerprint(source.generate(i))).toBe(inOrder[i]);
    }

    // The run is not one level repeated (puzzle-up iterations often find nothing).
    expect(new Set(inOrder.map((f) => f.split('|')[1])).size).toBeGreaterThan(settings.generator === 'rsd' ? count * 0.8 : 2);
  });

  it('rsd items carry a solution that wins their level (naive replay)', () => {
    const source = createLevelSource({ generator: 'rsd', width: 7, height: 9, seed: 4 });
    for (let i = 0; i < 200; i++) {
      const item = source.generate(i);
      expect(item.index).toBe(i);
      expect(item.levels).toHaveLength(1);
      expect(naiveMoves(toRows(item.levels[0]!), item.solution!)).toEqual({ ok: true, won: true });
    }
  });

  it('a level handed out earlier is not changed by later calls (no shared buffers)', () => {
    const source = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed: 9 });
    const first = source.generate(0);
    const before = levelKey(first.levels[0]!);
    for (let i = 1; i < 50; i++) source.generate(i);
    expect(levelKey(first.levels[0]!)).toBe(before);
  });

  it('isGeneratorName knows exactly the registered names', () => {
    for (const name of GENERATOR_NAMES) expect(isGeneratorName(name)).toBe(true);
    for (const name of ['', 'RSD', 'sd-pcgrl', 'turtle', 'toString', '__proto__']) expect(isGeneratorName(name)).toBe(false);
  });
});

describe('generators by ruleset', () => {
  it('paint has random solution-down only; asking it for RPU is refused', () => {
    expect(generatorsFor('longcat')).toEqual(['rpu', 'rsd']);
    expect(generatorsFor('paint')).toEqual(['rsd']);
    expect(() => createLevelSource({ generator: 'rpu', width: 5, height: 5, seed: 1, rules: 'paint' })).toThrow(/paint/);
  });

  it('paint RSD: every level is solvable under paint (checked by the solvability search), shards reproduce the run', () => {
    const source = createLevelSource({ generator: 'rsd', width: 6, height: 5, seed: 4, rules: 'paint' });
    const all = Array.from({ length: 60 }, (_, i) => source.generate(i));
    for (const item of all) {
      const level = item.levels[0]!;
      expect(checkSolvable(level, 1_000_000, paint)).toMatchObject({ solvable: true, exhausted: false });
    }
    const again = createLevelSource({ generator: 'rsd', width: 6, height: 5, seed: 4, rules: 'paint' });
    for (const i of [59, 17, 0]) expect(toRows(again.generate(i).levels[0]!)).toEqual(toRows(all[i]!.levels[0]!));
    // Not Longcat's walk: the same seed under Longcat rules gives other levels.
    const longcatRun = createLevelSource({ generator: 'rsd', width: 6, height: 5, seed: 4 });
    expect(all.some((item, i) => toRows(item.levels[0]!).join('/') !== toRows(longcatRun.generate(i).levels[0]!).join('/'))).toBe(true);
  });
});
