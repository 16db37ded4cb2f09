/**
 * Paint (SPEC §12) against the naive reference solver in test/naive/naivePaint.ts
 * (states as strings, no code shared with the engine): hand-solved levels,
 * thousands of random levels 3x3..10x10 (solvable and unsolvable, with cycles
 * and closed sets), the random player against value iteration, and the stuck
 * rule on a paint variant whose dead test never fires.
 *
 * The random searches are sized by fuzzRuns(): 500 + 250 levels in `npm test`
 * (1,000 cases), ten times as many in `npm run fuzz` (FUZZ_RUNS=10000, which
 * runs this file too), from the same seeds, so the long run starts with the
 * short one's levels. Bounded by work, not by the wall clock.
 */
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/graph/analyze';
import { parseRows } from '../../src/core/level/format';
import { toRows, type Level } from '../../src/core/level/level';
import { paint } from '../../src/core/rules/registry';
import type { Ruleset } from '../../src/core/rules/ruleset';
import { generateRsd } from '../../src/core/generators/rsd';
import { createRng } from '../../src/core/util/rng';
import { randomRows } from '../support/levels';
import { paintFeatures, paintGraph, paintStuck, paintValueIteration, type NaivePaintGraph } from './naivePaint';
import { fuzzRuns } from '../fuzzRuns';
import { noWallClockLimit } from '../support/cpuBudget';

noWallClockLimit();

/** Random levels for a search that takes `perThousand` levels per 1,000 fuzz cases. */
const sized = (perThousand: number): number => Math.round((perThousand * fuzzRuns()) / 1000);
/** Levels of the engine-vs-naive search (500 in `npm test`; the level with the first indeterminate state is its 299th). */
const RANDOM_LEVELS = sized(500);
/** Small levels of the stuck-rule search (250 in `npm test`). */
const STUCK_LEVELS = sized(250);

const levelOf = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** True when some state can reach itself (plain DFS with colours). */
function hasCycle(g: NaivePaintGraph): boolean {
  const colour = new Map<string, number>();
  const visit = (s: string): boolean => {
    colour.set(s, 1);
    for (const [, t] of g.edges.get(s)!) {
      const c = colour.get(t) ?? 0;
      if (c === 1 || (c === 0 && visit(t))) return true;
    }
    colour.set(s, 2);
    return false;
  };
  return visit(g.start);
}

const close = (a: number, b: number): boolean => (Number.isFinite(b) ? Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(b)) : a === b);

/** Engine vs naive on one level: every class count and feature; the player model when `playerUpTo` states or fewer. */
function agree(analyzer: Analyzer, rows: string[], rules: Ruleset, playerUpTo: number, weakDead = false): { states: number; cycle: boolean; stuck: number; counts: Record<string, number> } | null {
  const r = analyzer.analyze(levelOf(rows), { rules, maxStates: 1500 });
  if (!r.ok) return null;
  const g = paintGraph(rows, weakDead ? () => false : undefined);
  const { classes, features } = paintFeatures(g);
  const where = rows.join('/');
  expect({ ...r.value.counts }, where).toEqual(classes);
  const f = r.value.features;
  for (const [name, value] of Object.entries(features)) expect(f[name as keyof typeof f], `${where} ${name}`).toBe(value);
  const stuck = weakDead ? paintStuck(g) : new Set<string>();
  if (g.order.length <= playerUpTo) {
    const v = paintValueIteration(g, stuck);
    expect(close(f.expectedMoves, v.expectedMoves), `${where} moves ${f.expectedMoves} vs ${v.expectedMoves}`).toBe(true);
    expect(close(f.expectedDecisions, v.expectedDecisions), `${where} decisions ${f.expectedDecisions} vs ${v.expectedDecisions}`).toBe(true);
  }
  return { states: g.order.length, cycle: hasCycle(g), stuck: stuck.size, counts: { ...r.value.counts } };
}

describe('the naive paint solver on hand-solved levels', () => {
  it('a corridor: one slide paints everything', () => {
    // C..   R paints (1,0),(2,0): won. L is blocked (edge), U/D blocked.
    const g = paintGraph(['C..', '###', '###']);
    expect(g.order.length).toBe(2);
    expect(paintFeatures(g).features).toMatchObject({ nSolutions: 1, shortestSolutionLength: 1, shortestSolutionCount: 1, nBranches: 0 });
  });

  it('an open 3x3 from a corner: cycles, and the player model by hand', () => {
    // C..  The ball only ever stops in corners. From (0,0): R -> (2,0), D -> (0,2).
    // ...  The centre column/row cells (1,1) are never on a corner-to-corner slide,
    // ...  so every state is dead: the start too (the cover misses (1,1)).
    const g = paintGraph(['C..', '...', '...']);
    const { classes, features } = paintFeatures(g);
    expect(classes.success).toBe(0);
    expect(classes.dead).toBe(g.order.length);
    expect(features.shortestSolutionLength).toBe(Infinity);
    expect(hasCycle(g)).toBe(true); // R then L comes back to the start position with the top row painted, then R again
    expect(paintValueIteration(g).expectedMoves).toBe(Infinity);
  });

  it('a ring around a pillar: solvable in 4 slides two ways, and a random player that can waste moves', () => {
    // C..   The ball runs the ring: R D L U or D R U L; both paint all 8 cells in 4 moves
    // .#.   (the 4th slide paints the last edge). Reversing wastes moves but loses nothing:
    // ...   every corner lies on the ring, so nothing is ever dead.
    const g = paintGraph(['C..', '.#.', '...']);
    const { classes, features } = paintFeatures(g);
    expect(features.shortestSolutionLength).toBe(4);
    expect(features.shortestSolutionCount).toBe(2);
    expect(classes.dead + classes.fail + classes.indeterminate).toBe(0);
    expect(hasCycle(g)).toBe(true);
    const v = paintValueIteration(g);
    expect(v.p).toBeCloseTo(1, 12); // nothing to lose: every attempt eventually wins
    expect(v.expectedMoves).toBeGreaterThan(4);
  });
});

describe('the engine agrees with the naive paint solver', () => {
  it(`on ${RANDOM_LEVELS} random levels 3x3..10x10 (solvable and unsolvable, with cycles); player model vs value iteration up to 400 states`, () => {
    const rng = createRng(22);
    const analyzer = new Analyzer();
    let compared = 0, solvable = 0, unsolvable = 0, cyclic = 0, dead = 0, indeterminate = 0;
    for (let i = 0; i < RANDOM_LEVELS; i++) {
      const w = 3 + rng.int(8), h = 3 + rng.int(8);
      const rows = i % 3 === 0 ? toRows(generateRsd(w, h, rng, paint).level) : randomRows(rng, w, h, 0.15 + 0.45 * rng.next());
      const r = agree(analyzer, rows, paint, 400);
      if (r === null) continue;
      compared++;
      if (r.counts.success! > 0) solvable++;
      else unsolvable++;
      if (r.counts.dead! > 0) dead++;
      if (r.counts.indeterminate! > 0) indeterminate++;
      if (r.cycle) cyclic++;
    }
    // Paint's dead test is strong, so indeterminate states are rare (4 levels in the first 2,000 of this seed: the 299th, 848th, 1,065th and 1,902nd).
    const n = RANDOM_LEVELS;
    expect(compared).toBeGreaterThan(0.85 * n);
    expect(solvable).toBeGreaterThan(0.3 * n);
    expect(unsolvable).toBeGreaterThan(0.15 * n);
    expect(cyclic).toBeGreaterThan(0.5 * n);
    expect(dead).toBeGreaterThan(0.15 * n);
    expect(indeterminate).toBeGreaterThan(0);
  });

  it('every random solution-down paint level is solvable, with its walk as a solution (3x3..10x10)', () => {
    const rng = createRng(5);
    const analyzer = new Analyzer();
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const w = 3 + rng.int(8), h = 3 + rng.int(8);
      const { level, solution } = generateRsd(w, h, rng, paint);
      const r = analyzer.analyze(level, { rules: paint, maxStates: 1500 });
      if (!r.ok) continue; // too large for the naive solver here
      checked++;
      expect(r.value.counts.success, toRows(level).join('/')).toBeGreaterThan(0);
      const g = paintGraph(toRows(level));
      // Replay the walk on the naive rules: it must end won (it may win before its last letter; the game ends there).
      let s = g.start;
      for (const m of solution) {
        if (!s.includes('.')) break;
        const next = g.edges.get(s)!.find(([mv]) => mv === m);
        expect(next, `${toRows(level).join('/')} ${solution}`).toBeDefined();
        s = next![1];
      }
      expect(s.includes('.'), `${toRows(level).join('/')} ${solution}`).toBe(false);
    }
    expect(checked).toBeGreaterThan(200);
  });
});

/** Paint with its dead test switched off: closed sets without a success stay indeterminate, so only the stuck rule ends those attempts. */
const paintNoDead: Ruleset = {
  ...paint,
  compile: (level) => {
    const ctx = paint.compile(level);
    return { level: ctx.level, topology: ctx.topology, openCells: ctx.openCells, stride: ctx.stride, startMarks: (o, off) => ctx.startMarks(o, off), slide: (b, base, p, d, o) => ctx.slide(b, base, p, d, o), isWon: (b, base, p, c) => ctx.isWon(b, base, p, c), isDead: () => false };
  },
};

describe('the stuck rule (a paint variant without a dead test)', () => {
  it(`ends attempts in closed sets: engine vs value iteration with the naive stuck states, on ${STUCK_LEVELS} small levels`, () => {
    const rng = createRng(7);
    const analyzer = new Analyzer();
    let withStuck = 0, compared = 0;
    for (let i = 0; i < STUCK_LEVELS; i++) {
      const w = 3 + rng.int(4), h = 3 + rng.int(4);
      const rows = randomRows(rng, w, h, 0.1 + 0.4 * rng.next());
      const r = agree(analyzer, rows, paintNoDead, 300, true);
      if (r === null) continue;
      compared++;
      if (r.stuck > 0) withStuck++;
    }
    expect(compared).toBeGreaterThan(0.9 * STUCK_LEVELS);
    expect(withStuck).toBeGreaterThan(0.1 * STUCK_LEVELS);
  });
});
