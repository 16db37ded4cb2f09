import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from '../../../test/naive/naiveSolver';
import { handDifficulty } from '../../../test/support/handDifficulty';
import { paintFeatures, paintGraph, paintStart, paintStep, paintValueIteration, paintWon } from '../../../test/naive/naivePaint';
import { paint } from '../rules/registry';
import type { LevelFeatures } from '../graph/features';
import { levelKey, toRows } from '../level/level';
import { generateAtDifficulty, rangeBudget, reachableRange, ReachableRanges, RANGE_EVALUATIONS, SEARCH_FIRST_UP_TO, toleranceWidth } from './atDifficulty';

const difficulty = (f: LevelFeatures): number => handDifficulty(f as unknown as Record<string, number>);

describe('generateAtDifficulty', () => {
  it.each([10, 25, 45, 80])('returns unique, solvable levels within tolerance of %d (checked by the naive solver)', (target) => {
    const r = generateAtDifficulty({ width: 7, height: 7, target, count: 4, seed: target, difficulty, timeLimitMs: Infinity });
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

  it('paint: unique levels within tolerance from paint walks, checked by the naive paint solver and value iteration', () => {
    const target = 15;
    const r = generateAtDifficulty({ rules: paint, width: 5, height: 5, target, count: 2, seed: 3, difficulty, timeLimitMs: 600_000 });
    expect(r.shortfall).toBeNull();
    expect(r.levels).toHaveLength(2);
    for (const l of r.levels) {
      const rows = toRows(l.level);
      const g = paintGraph(rows);
      expect(paintFeatures(g).features.nSolutions).toBeGreaterThan(0);
      // The walk's moves win under the naive paint rules.
      const { w, h, start } = paintStart(rows);
      let st = start;
      for (const m of l.solution) st = paintStep(st, w, h, m) ?? st;
      expect(paintWon(st)).toBe(true);
      const v = paintValueIteration(g);
      const naiveDifficulty = handDifficulty({ expectedMoves: v.expectedMoves, expectedDecisions: v.expectedDecisions });
      expect(Math.abs(naiveDifficulty - target)).toBeLessThanOrEqual(toleranceWidth(target) + 1e-3);
      expect(l.features.solutionPaths).toBeNull();
    }
    const again = generateAtDifficulty({ rules: paint, width: 5, height: 5, target, count: 2, seed: 3, difficulty, timeLimitMs: 600_000 });
    expect(again.levels.map((l) => l.key)).toEqual(r.levels.map((l) => l.key));
  });

  it('is deterministic by seed', () => {
    const a = generateAtDifficulty({ width: 6, height: 6, target: 30, count: 3, seed: 9, difficulty, timeLimitMs: Infinity });
    const b = generateAtDifficulty({ width: 6, height: 6, target: 30, count: 3, seed: 9, difficulty, timeLimitMs: Infinity });
    expect(a.levels.map((l) => levelKey(l.level))).toEqual(b.levels.map((l) => levelKey(l.level)));
  });

  it('avoids excluded levels (the pack) and honours unique-solution and open-cell constraints', () => {
    const first = generateAtDifficulty({ width: 6, height: 6, target: 15, count: 3, seed: 4, difficulty, timeLimitMs: Infinity });
    const exclude = new Set(first.levels.map((l) => levelKey(l.level)));
    const again = generateAtDifficulty({ width: 6, height: 6, target: 15, count: 3, seed: 4, difficulty, timeLimitMs: Infinity, exclude });
    for (const l of again.levels) expect(exclude.has(levelKey(l.level))).toBe(false);
    const constrained = generateAtDifficulty(
      { width: 6, height: 6, target: 20, count: 3, seed: 5, difficulty, timeLimitMs: Infinity, uniqueSolution: true, openCells: { min: 15, max: 25 } }
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
    const ranges = new ReachableRanges(difficulty);
    const range = ranges.estimate(6, 6, Infinity, () => 0)!;
    const target = Math.floor(range.max * 0.95); // near the top, levels are scarce: one is asked for
    const r = generateAtDifficulty({ width: 6, height: 6, target, count: 1, seed: 3, difficulty, timeLimitMs: Infinity }, ranges);
    expect(r.shortfall).toBeNull();
    for (const l of r.levels) {
      const naive = naiveAnalyze(toRows(l.level));
      expect(naive.features.nSolutions).toBeGreaterThan(0);
      expect(Math.abs(handDifficulty(naive.features) - target)).toBeLessThanOrEqual(toleranceWidth(target) + 1e-9);
    }
  });

  it('answers an unreachable target quickly with the reachable range instead of searching forever', () => {
    const r = generateAtDifficulty({ width: 4, height: 4, target: 500, count: 1, seed: 1, difficulty, timeLimitMs: Infinity });
    // "Quickly" in work, not wall time: at most the range estimate's evaluations, no search for the level.
    expect(r.evaluations).toBeLessThanOrEqual(rangeBudget(4, 4, RANGE_EVALUATIONS));
    expect(r.levels).toHaveLength(0);
    expect(r.shortfall).toMatch(/out of reach for 4x4 levels: the reachable range is about 0 to \d+/);
    expect(r.reachable.max).toBeLessThan(500);
  });

  describe('determinism: budgeted in evaluations, the wall clock only cancels', () => {
    /** A clock that advances `msPerCall` every time it is read: a machine `msPerCall` times slower per evaluation. */
    const clock = (msPerCall: number): (() => number) => {
      let t = 0;
      return () => (t += msPerCall);
    };
    const request = { width: 5, height: 5, count: 2, seed: 11, difficulty, timeLimitMs: 1e9 };

    it.each([
      ['at or below 60 (searched first, no estimate)', 0],
      ['above 60 (estimate first)', 1],
    ])('a 40x slower clock gets the same levels and the same maximum as a fast one, target %s', (_name, above) => {
      const side = 5 + above;
      const max = reachableRange(side, side, difficulty)!.max;
      // Above: a window wholly over 60 and below 6x6's estimated top; below: half of 5x5's top.
      const t = above === 1 ? Math.max(75, Math.floor(max * 0.6)) : Math.floor(Math.min(max, SEARCH_FIRST_UP_TO) / 2);
      if (above === 1) {
        expect(t - toleranceWidth(t)).toBeGreaterThan(SEARCH_FIRST_UP_TO);
        expect(t + toleranceWidth(t)).toBeLessThan(max);
      }
      const fast = generateAtDifficulty({ ...request, width: side, height: side, target: t, now: clock(0.001) });
      const slow = generateAtDifficulty({ ...request, width: side, height: side, target: t, now: clock(0.04) });
      expect(fast.shortfall).toBeNull();
      expect(slow.levels.map((l) => l.key)).toEqual(fast.levels.map((l) => l.key));
      expect(slow.reachable).toEqual(fast.reachable);
      expect(slow.evaluations).toBe(fast.evaluations);
      // A low window needs no estimate at all.
      expect(fast.reachableUnknown === true).toBe(above === 0);
    });

    it('the same request takes the same path and gives the same levels whether the estimate is cached or not', () => {
      const ranges = new ReachableRanges(difficulty);
      ranges.estimate(5, 5, Infinity, () => 0);
      for (const target of [10, 40]) {
        const cold = generateAtDifficulty({ ...request, target });
        const warm = generateAtDifficulty({ ...request, target }, ranges);
        expect(warm.levels.map((l) => l.key)).toEqual(cold.levels.map((l) => l.key));
      }
    });

    it('a time limit cancels: the levels found by then are a prefix of the unlimited run', () => {
      const full = generateAtDifficulty({ ...request, target: 20, now: clock(0.001) });
      // Each read costs 1 ms: the limit falls somewhere inside the search.
      const cut = generateAtDifficulty({ ...request, target: 20, now: clock(1), timeLimitMs: full.evaluations * 0.6 });
      expect(cut.levels.length).toBeLessThan(full.levels.length);
      expect(cut.levels.map((l) => l.key)).toEqual(full.levels.slice(0, cut.levels.length).map((l) => l.key));
      expect(cut.shortfall).toMatch(/before the time limit ran out/);
    });

    it('the caller\'s range cache serves a second request without new estimate evaluations, and refuses another predictor', () => {
      let calls = 0;
      const counted = (f: LevelFeatures): number => (calls++, difficulty(f));
      const ranges = new ReachableRanges(counted);
      // A window above 60, so the request starts with the estimate.
      const t = Math.max(75, Math.floor(reachableRange(6, 6, difficulty)!.max * 0.6));
      const high = { ...request, width: 6, height: 6, target: t, difficulty: counted };
      const first = generateAtDifficulty(high, ranges);
      const firstCalls = calls;
      calls = 0;
      const second = generateAtDifficulty(high, ranges);
      expect(second.levels.map((l) => l.key)).toEqual(first.levels.map((l) => l.key));
      // The request's own search evaluates the same walks; the estimate (computed once) is not paid again.
      expect(calls).toBe(second.evaluations);
      expect(firstCalls).toBeGreaterThan(first.evaluations);
      expect(() => generateAtDifficulty({ ...request, target: 20 }, ranges)).toThrow(/another predictor/);
    });
  });
});
