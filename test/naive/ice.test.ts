/**
 * Ice (SPEC §14) against the naive reference solver in test/naive/naiveIce.ts
 * (positions as strings, no code shared with the engine): hand-solved levels,
 * random levels 3x3..16x16 (fast-check, solvable and unsolvable), the random
 * player against plain sweeps, and random solution-down walks whose moves are
 * a solution of the level they carve.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/graph/analyze';
import { parseRows } from '../../src/core/level/format';
import { toRows, type Level } from '../../src/core/level/level';
import { ice } from '../../src/core/rules/registry';
import { replay } from '../../src/core/rules/replay';
import { generateRsd } from '../../src/core/generators/rsd';
import { randomIceRows } from '../support/iceLevels';
import { createRng } from '../../src/core/util/rng';
import { iceFeatures, iceGraph, iceMove, iceRandomPlayer, iceSolution } from './naiveIce';

const levelOf = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const close = (a: number, b: number): boolean => (Number.isFinite(b) ? Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(b)) : a === b);

/** A random ice level: rocks with probability `density`, then C and G on two different cells. */
const iceLevel = fc
  .record({ w: fc.integer({ min: 3, max: 16 }), h: fc.integer({ min: 3, max: 16 }), density: fc.double({ min: 0, max: 0.5, noNaN: true }), seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }) })
  .map(({ w, h, density, seed }) => randomIceRows(w, h, density, createRng(seed)));

/** Engine vs naive on one level: every class count and feature, and the player model up to `playerUpTo` states. */
function agree(analyzer: Analyzer, rows: string[], playerUpTo: number): void {
  const r = analyzer.analyze(levelOf(rows), { rules: ice });
  if (!r.ok) throw new Error(r.error.message);
  const g = iceGraph(rows);
  const { classes, features } = iceFeatures(g);
  const where = rows.join('/');
  expect({ ...r.value.counts }, where).toEqual(classes);
  const f = r.value.features;
  for (const [name, value] of Object.entries(features)) expect(f[name as keyof typeof f], `${where} ${name}`).toBe(value);
  if (g.order.length <= playerUpTo) {
    const v = iceRandomPlayer(g);
    expect(close(f.expectedMoves, v.expectedMoves), `${where} moves ${f.expectedMoves} vs ${v.expectedMoves}`).toBe(true);
    expect(close(f.expectedDecisions, v.expectedDecisions), `${where} decisions ${f.expectedDecisions} vs ${v.expectedDecisions}`).toBe(true);
  }
}

describe('the naive ice solver on hand-solved levels', () => {
  it('the goal stops a slide that would run on', () => {
    // C.G..   R runs over (1,0) and stops on the goal at (2,0), not at the edge.
    const rows = ['C.G..', '#####', '#####'];
    expect(iceMove(rows, '0,0', 'R')).toBe('2,0');
    const { classes, features } = iceFeatures(iceGraph(rows));
    expect(classes).toEqual({ success: 1, fail: 0, solution: 1, dead: 0, indeterminate: 0 });
    expect(features.shortestSolutionLength).toBe(1);
  });

  it('a goal in the open is reached only where a rock stops the slide in line with it', () => {
    // C...   From the corner the mover reaches only corners and cells beside rocks.
    // ..#.   D from (0,0) -> (0,3); R -> (3,3); U from (3,3) -> (3,0) ... the goal at (1,3)
    // ....   is on the bottom row: R from (0,3) passes over it and stops there.
    // .G..
    const rows = ['C...', '..#.', '....', '.G..'];
    expect(iceSolution(rows)).toBe('DR');
    const f = iceFeatures(iceGraph(rows)).features;
    expect(f.shortestSolutionLength).toBe(2);
    expect(f.shortestSolutionCount).toBe(1);
  });

  it('an unreachable goal: every state is dead (no indeterminate states in ice)', () => {
    // The goal sits in the middle of an open 3x3; the mover only stops on the border.
    const rows = ['C..', '.G.', '...'];
    const { classes, features } = iceFeatures(iceGraph(rows));
    expect(classes.success).toBe(0);
    expect(classes.dead).toBe(features.nStates);
    expect(features.shortestSolutionLength).toBe(Infinity);
  });
});

describe('the 7x6 benchmark levels the longest-puzzle search found (docs/BENCHMARKS.md)', () => {
  // generate --rules ice --size 7x6 --walls K --maximize shortestSolutionLength --seed 1, K = 3..8.
  const found: Array<[number, string]> = [
    [11, '....#../..G..../#....../......#/......C/.......'],
    [13, '...#.../......./.....G#/......./......./C#..#..'],
    [16, '..#..../.....G./.....#C/.#....#/......./....#..'],
    [17, 'C...#../#...#../...#G../......#/......./..#....'],
    [19, '..#..../....#G./...#.../#.....#/......./..#..#C'],
    [20, '..#..../....#G./...#.../#.#...#/..#..../..C#...'],
  ];
  it('need 11, 13, 16, 17, 19 and 20 moves for 3..8 rocks, by the naive solver and the engine', () => {
    const analyzer = new Analyzer();
    found.forEach(([moves, key], i) => {
      const rows = key.split('/');
      expect(key.split('#')).toHaveLength(3 + i + 1);
      expect(iceFeatures(iceGraph(rows)).features.shortestSolutionLength, key).toBe(moves);
      agree(analyzer, rows, 120);
    });
  });
});

describe('the engine agrees with the naive ice solver', () => {
  it('on random levels 3x3..16x16 (fast-check): classes, features, and the random player up to 120 states', () => {
    const analyzer = new Analyzer();
    let solvable = 0, unsolvable = 0;
    fc.assert(
      fc.property(iceLevel, (rows) => {
        agree(analyzer, rows, 120);
        if (iceSolution(rows) === null) unsolvable++;
        else solvable++;
      }),
      { numRuns: 400, seed: 1433 },
    );
    expect(solvable).toBeGreaterThan(40);
    expect(unsolvable).toBeGreaterThan(40);
  });

  it('random solution-down walks carve levels their moves solve, with the goal where the walk ends', () => {
    const rng = createRng(14);
    for (let i = 0; i < 200; i++) {
      const w = 3 + rng.int(14), h = 3 + rng.int(14);
      const { level, solution } = generateRsd(w, h, rng, ice);
      const rows = toRows(level);
      expect(ice.levelProblem(level), rows.join('/')).toBeNull();
      let s = iceGraph(rows).start;
      for (const m of solution) {
        const next = iceMove(rows, s, m);
        expect(next, `${rows.join('/')} ${solution}`).not.toBeNull();
        s = next!;
      }
      expect(s, `${rows.join('/')} ${solution}`).toBe(iceGraph(rows).goal);
      const states = replay(level, solution, ice);
      expect(states.ok && ice.isWon(level, states.value.at(-1)!)).toBe(true);
    }
  });
});
