/**
 * SD-PCGRL with pinned cells: the policy chooses among the steps
 * the pins allow (the action mask), a walk that misses a pinned open cell
 * is walked again, and every level returned keeps every pin (read from its
 * rows) and is solvable by the naive solvers. The Q-function is a plain
 * function of the observation (no tensors), so the test is about the walk,
 * not the network.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveSolution } from '../../test/naive/naiveSolver';
import { paintSolution } from '../../test/naive/naivePaint';
import { pinsFromLevel } from '../core/generators/pins';
import { generateRsd } from '../core/generators/rsd';
import { toRows } from '../core/level/level';
import { longcat, paint } from '../core/rules/registry';
import { createRng } from '../core/util/rng';
import { generateWithPolicy, type QFunction } from './policy';

/** Q-values that depend on the observation (a hash of it), so greedy walks vary with the state. */
const hashQ: QFunction = {
  qValues(grid, extra, n) {
    const per = grid.length / n, perExtra = extra.length / n;
    const out = new Float32Array(n * 4);
    for (let b = 0; b < n; b++) {
      let h = 2166136261;
      for (let i = 0; i < per; i++) h = Math.imul(h ^ (grid[b * per + i]! * 7 + i), 16777619);
      for (let i = 0; i < perExtra; i++) h = Math.imul(h ^ extra[b * perExtra + i]!, 16777619);
      for (let d = 0; d < 4; d++) out[b * 4 + d] = ((h >>> (d * 8)) & 255) / 255;
    }
    return Promise.resolve(out);
  },
};


describe.each([longcat, paint])('SD-PCGRL with pins under $name', (rules) => {
  it('every level keeps every pin and is solvable (naive solver); same seed and pins, same levels', async () => {
    let levels = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4, max: 7 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0, 0.3, 1),
        async (side, seed, picks, temperature) => {
          const reference = generateRsd(side, side, createRng(seed + 1), rules).level;
          const cells = [...new Set(picks.map((p) => p % (side * side)))];
          const pins = pinsFromLevel(reference, cells);
          const refRows = toRows(reference);
          const run = () => generateWithPolicy(hashQ, { width: side, height: side, encoding: 'markov', rules, temperature, seed, from: 0, to: 12, pins, batch: 5 });
          const out = await run();
          levels += out.length;
          for (const { level } of out) {
            const rows = toRows(level);
            for (const c of cells) if (rows[Math.floor(c / side)]![c % side] !== refRows[Math.floor(c / side)]![c % side]) return false;
            if (!(rules.name === 'paint' ? paintSolution(rows) !== null : naiveSolution(rows) !== null)) return false;
          }
          expect((await run()).map((l) => `${l.index}:${toRows(l.level).join('/')}`)).toEqual(out.map((l) => `${l.index}:${toRows(l.level).join('/')}`));
          return true;
        },
      ),
      { numRuns: 25 },
    );
    expect(levels).toBeGreaterThan(100);
  });
});
