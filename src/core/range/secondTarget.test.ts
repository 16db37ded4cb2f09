/**
 * Two targets: the `--also` text, and generate at difficulty holding a
 * second measure, each level checked by the naive solver (its leniency from
 * the naive class counts, its difficulty by hand from the naive features).
 */
import { describe, expect, it } from 'vitest';
import { generateAtDifficulty, toleranceWidth } from '../generators/atDifficulty';
import type { LevelFeatures } from '../graph/features';
import { toRows } from '../level/level';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { handDifficulty, handDifficultyOfRows } from '../../../test/support/handDifficulty';
import { defaultSecondTolerance, parseSecondTarget, secondDistance, secondTargetText } from './secondTarget';

const difficulty = (f: LevelFeatures): number => handDifficulty(f as unknown as Record<string, number>);

describe('parseSecondTarget', () => {
  it('reads measure=value and measure=value:tolerance, with default windows', () => {
    expect(parseSecondTarget('leniency=0.6')).toEqual({ ok: true, value: { measure: 'leniency', target: 0.6, tolerance: 0.05 } });
    expect(parseSecondTarget(' openCells = 30 : 2 ')).toEqual({ ok: true, value: { measure: 'openCells', target: 30, tolerance: 2 } });
    expect(defaultSecondTolerance('states', 500)).toBe(50);
    expect(defaultSecondTolerance('shortestSolution', 4)).toBe(1);
    expect(defaultSecondTolerance('linearity', 1.5)).toBe(0.2);
    expect(secondTargetText({ measure: 'deadShare', target: 0.25, tolerance: 0.05 })).toBe('dead share 0.25 ± 0.05');
  });

  it.each([
    ['difficulty=40', /measure=value/],
    ['fun=1', /measure=value/],
    ['leniency', /measure=value/],
    ['leniency=1.5', /share from 0 to 1/],
    ['leniency=0.5:0', /above 0/],
    ['states=-3', /must look like|>= 0/],
    ['states=0x10', /measure=value/],
    ['states=1e999', /must be a number >= 0/],
  ])('refuses %s with a sentence', (text, message) => {
    const r = parseSecondTarget(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('measures distance outside the window in tolerances', () => {
    const t = { measure: 'leniency' as const, target: 0.6, tolerance: 0.05 };
    expect(secondDistance(t, 0.63)).toBe(0);
    expect(secondDistance(t, 0.75)).toBeCloseTo(2, 12);
    expect(secondDistance(t, NaN)).toBe(Infinity);
  });
});

describe('generate at difficulty with a second target', () => {
  it('every level is within both windows, by the naive solver; the same seed gives the same levels', () => {
    const also = { measure: 'leniency' as const, target: 0.6, tolerance: 0.05 };
    const req = { width: 7, height: 7, target: 30, count: 4, seed: 11, difficulty, also, timeLimitMs: Infinity };
    const r = generateAtDifficulty(req);
    expect(r.shortfall).toBeNull();
    expect(r.levels).toHaveLength(4);
    const half = toleranceWidth(30);
    for (const l of r.levels) {
      const rows = toRows(l.level);
      const naive = naiveAnalyze(rows);
      expect(Math.abs(handDifficultyOfRows(rows) - 30)).toBeLessThanOrEqual(half + 1e-9);
      const leniency = (naive.nStates - naive.classes.dead - naive.classes.fail) / naive.nStates;
      expect(Math.abs(leniency - 0.6)).toBeLessThanOrEqual(0.05 + 1e-12);
      expect(l.second).toBeCloseTo(leniency, 12);
    }
    expect(generateAtDifficulty(req).levels.map((l) => l.key)).toEqual(r.levels.map((l) => l.key));
  });

  it('a pair it cannot reach within the budget is a shortfall that names both windows', () => {
    const r = generateAtDifficulty({ width: 6, height: 6, target: 20, count: 1, seed: 1, difficulty, budget: 300, timeLimitMs: Infinity, also: { measure: 'deadShare', target: 0.99, tolerance: 0.005 } });
    expect(r.levels).toHaveLength(0);
    expect(r.shortfall).toMatch(/^found 0 of 1 levels within ±3 of 20 with dead share 0\.99 ± 0\.005 before the search budget ran out/);
  });

  it('refuses a second target on difficulty itself (a programmer error: callers parse first)', () => {
    expect(() => generateAtDifficulty({ width: 5, height: 5, target: 10, seed: 1, difficulty, also: { measure: 'difficulty', target: 3, tolerance: 1 } })).toThrow(/another measure than difficulty/);
  });
});
