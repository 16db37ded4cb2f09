import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from '../../../test/naive/naiveSolver';
import { handDifficulty } from '../../../test/support/handDifficulty';
import type { LevelFeatures } from '../graph/features';
import { levelKey, toRows } from '../level/level';
import { generateAtDifficulty, reachableRange, toleranceWidth } from './atDifficulty';

const difficulty = (f: LevelFeatures): number => handDifficulty(f as unknown as Record<string, number>);

describe('generateAtDifficulty', () => {
  it.each([10, 25, 45, 80])('returns unique, solvable levels within tolerance of %d (checked by the naive solver)', (target) => {
    const r = generateAtDifficulty({ width: 7, height: 7, target, count: 4, seed: target, difficulty }, 'hand');
    expect(r.shortfall).toBeNull();
    expect(r.levels).toHaveLength(4);
    expect(new Set(r.levels.map((l) => levelKey(l.level))).size).toBe(4);
    for (const l of r.levels) {
      const rows = toRows(l.level);
      const naive = naiveAnalyze(rows);
      expect(naive.features.nSolutions).toBeGreaterThan(0);
      expect(naiveMoves(rows, l.solution).won).toBe(true);
      expect(Math.abs(handDifficulty(naive.features) - target)).toBeLessThanOrEqual(toleranceWidth(target) + 1e-9);
    }
  });

  it('is deterministic by seed', () => {
    const a = generateAtDifficulty({ width: 6, height: 6, target: 30, count: 3, seed: 9, difficulty }, 'hand');
    const b = generateAtDifficulty({ width: 6, height: 6, target: 30, count: 3, seed: 9, difficulty }, 'hand');
    expect(a.levels.map((l) => levelKey(l.level))).toEqual(b.levels.map((l) => levelKey(l.level)));
  });

  it('avoids excluded levels (the pack) and honours unique-solution and open-cell constraints', () => {
    const first = generateAtDifficulty({ width: 6, height: 6, target: 15, count: 3, seed: 4, difficulty }, 'hand');
    const exclude = new Set(first.levels.map((l) => levelKey(l.level)));
    const again = generateAtDifficulty({ width: 6, height: 6, target: 15, count: 3, seed: 4, difficulty, exclude }, 'hand');
    for (const l of again.levels) expect(exclude.has(levelKey(l.level))).toBe(false);
    const constrained = generateAtDifficulty(
      { width: 6, height: 6, target: 20, count: 3, seed: 5, difficulty, uniqueSolution: true, openCells: { min: 15, max: 25 } },
      'hand',
    );
    expect(constrained.levels.length).toBe(3);
    for (const l of constrained.levels) {
      const naive = naiveAnalyze(toRows(l.level));
      expect(naive.features.solutionPaths).toBe(1);
      const open = toRows(l.level).join('').replace(/#/g, '').length;
      expect(open).toBeGreaterThanOrEqual(15);
      expect(open).toBeLessThanOrEqual(25);
    }
  });

  it('finds levels near the estimated maximum (restarting from the estimate\'s best walks), checked by the naive solver', () => {
    const range = reachableRange(6, 6, difficulty, 'hand-6x6-top');
    const target = Math.floor(range.max * 0.95); // near the top, levels are scarce: one is asked for
    const r = generateAtDifficulty({ width: 6, height: 6, target, count: 1, seed: 3, difficulty }, 'hand-6x6-top');
    expect(r.shortfall).toBeNull();
    for (const l of r.levels) {
      const naive = naiveAnalyze(toRows(l.level));
      expect(naive.features.nSolutions).toBeGreaterThan(0);
      expect(Math.abs(handDifficulty(naive.features) - target)).toBeLessThanOrEqual(toleranceWidth(target) + 1e-9);
    }
  });

  it('answers an unreachable target quickly with the reachable range instead of searching forever', () => {
    const t = performance.now();
    const r = generateAtDifficulty({ width: 4, height: 4, target: 500, count: 1, seed: 1, difficulty }, 'hand-4x4');
    expect(performance.now() - t).toBeLessThan(5000);
    expect(r.levels).toHaveLength(0);
    expect(r.shortfall).toMatch(/out of reach for 4x4 levels: the reachable range is about 0 to \d+/);
    expect(r.reachable.max).toBeLessThan(500);
  });
});
