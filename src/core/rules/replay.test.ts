/**
 * Replaying move strings (SPEC §1): hand-solved examples, and agreement with
 * the naive reference solver (test/naive) on random levels and moves, state
 * by state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveGraph, naiveMoves, naiveParse, naiveStep, naiveSuccessors, type NaiveGraph } from '../../../test/naive/naiveSolver';
import { DATA_FILES, loadDataLevels, randomRows, sharedDataMissing } from '../../../test/support/levels';
import { solvableFixtureRows } from '../../../test/fixtures/perft';
import { parseRows } from '../level/format';
import { toRows, type Level } from '../level/level';
import { createRng } from '../util/rng';
import { replay } from './replay';
import { paint } from './registry';
import { paintStart, paintStep } from '../../../test/naive/naivePaint';
import type { PlayState } from './state';

const levelOf = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** The naive state string of a play state: '.' empty, '#' filled (wall or body), 'C' head. */
const naiveView = (s: string): string => s.replace(/B/g, '#');
const playView = (_level: Level, s: PlayState): string =>
  Array.from(s.filled, (f, i) => (i === s.head ? 'C' : f === 1 ? '#' : '.')).join('');

/** States the naive solver visits for `moves` (start included), and where it stopped. */
function naiveTrace(rows: string[], moves: string): { states: string[]; failedAt: number | undefined } {
  const { w, h, start } = naiveParse(rows);
  const states = [start];
  for (let i = 0; i < moves.length; i++) {
    const next = naiveStep(states[states.length - 1]!, w, h, moves[i]!);
    if (next === null) return { states, failedAt: i };
    states.push(next);
  }
  return { states, failedAt: undefined };
}

/** replay and the naive solver agree on legality, every visited state and the win. */
function expectAgrees(rows: string[], moves: string): 'won' | 'open' | 'illegal' {
  const level = levelOf(rows);
  const r = replay(level, moves);
  const naive = naiveMoves(rows, moves);
  const trace = naiveTrace(rows, moves);
  const where = `${rows.join('/')} ${moves}`;
  expect(r.ok, where).toBe(naive.ok);
  if (!r.ok) {
    expect(r.error.index, where).toBe(naive.failedAt);
    expect(r.error.message).toMatch(/blocked/);
    return 'illegal';
  }
  expect(r.value.map((s) => playView(level, s)), where).toEqual(trace.states.map(naiveView));
  for (const s of r.value) expect(s.emptyLeft).toBe(s.filled.reduce((n, f) => n + (f === 0 ? 1 : 0), 0));
  const last = r.value[r.value.length - 1]!;
  expect(last.emptyLeft === 0, where).toBe(naive.won);
  return naive.won ? 'won' : 'open';
}

describe('replay on hand-solved examples', () => {
  // C..   head (0,0). R slides to (2,0); D to (2,2); L to (0,2).
  // ...   From (0,2) a D would leave the grid: blocked at index 3.
  // ...   U instead climbs to (0,1) ((0,0) is body); R then fills (1,1),
  //       stopping at the body (2,1). 1 + 2 + 2 + 2 + 1 + 1 = 9 cells: won.
  const open3 = levelOf(['C..', '...', '...']);

  it("'RDLDR' on an open 3x3 is blocked at the second D (index 3)", () => {
    const r = replay(open3, 'RDLDR');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.index).toBe(3);
      expect(r.error.message).toMatch(/move D at position 4 is blocked/);
    }
    expect(naiveMoves(['C..', '...', '...'], 'RDLDR')).toEqual({ ok: false, won: false, failedAt: 3 });
  });

  it("'RDLUR' wins, visiting the spiral cell by cell", () => {
    const r = replay(open3, 'RDLUR');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((s) => s.head)).toEqual([0, 2, 8, 6, 3, 4]);
    expect(r.value.map((s) => s.emptyLeft)).toEqual([8, 6, 4, 2, 1, 0]);
    // Every earlier state is left as it was (states are snapshots, not one mutated buffer).
    expect(Array.from(r.value[0]!.filled)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(r.value[2]!.filled)).toEqual([1, 1, 1, 0, 0, 1, 0, 0, 1]);
  });

  it("'RDL' is legal but leaves two cells empty", () => {
    const r = replay(open3, 'RDL');
    expect(r.ok && r.value.map((s) => s.emptyLeft)).toEqual([8, 6, 4, 2]);
  });

  it('the empty move string gives just the start state', () => {
    const r = replay(open3, '');
    expect(r.ok && r.value.length).toBe(1);
    expect(r.ok && r.value[0]!.emptyLeft).toBe(8);
    // A level whose head is its only open cell is already won, and no move is legal.
    const walled = levelOf(['C##', '###', '###']);
    const won = replay(walled, '');
    expect(won.ok && won.value[0]!.emptyLeft).toBe(0);
    for (const m of 'UDLR') expect(replay(walled, m).ok).toBe(false);
  });

  it('a slide stops at walls and at body, not only at the edge', () => {
    // C.#.   R stops before the wall at (2,0): head (1,0).
    // ....   D from (1,0) runs to (1,2). L to (0,2). U stops under the body
    // ....   at (0,0): head (0,1).
    const r = replay(levelOf(['C.#.', '....', '....']), 'RDLU');
    expect(r.ok && r.value.map((s) => s.head)).toEqual([0, 1, 9, 8, 4]);
  });

  it('accepts lower case and skips spaces; indices count the raw string', () => {
    const plain = replay(open3, 'RDLUR');
    const loose = replay(open3, ' r d l  u r ');
    expect(loose.ok && plain.ok && loose.value.map((s) => s.head)).toEqual(plain.ok && plain.value.map((s) => s.head));
    const blocked = replay(open3, 'r d l d');
    expect(!blocked.ok && blocked.error.index).toBe(6);
  });

  it('an unknown letter gives its index and names it', () => {
    const r = replay(open3, 'RX');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.index).toBe(1);
      expect(r.error.message).toContain('"X"');
      expect(r.error.message).toMatch(/position 2/);
    }
    expect(!replay(open3, 'XR').ok && (replay(open3, 'XR') as { error: { index: number } }).error.index).toBe(0);
    // A tab or newline is not a move (only spaces are skipped).
    const tab = replay(open3, 'R\tD');
    expect(!tab.ok && tab.error.index).toBe(1);
    // The first problem wins: the blocked D at index 1 comes before the unknown letter.
    const first = replay(open3, 'DDX');
    expect(!first.ok && first.error).toMatchObject({ index: 1 });
    expect(!first.ok && first.error.message).toMatch(/blocked/);
  });
});

/** Random level rows: 3..8 a side, wall density 0..0.45. */
const rowsArb = fc
  .record({
    seed: fc.nat(),
    width: fc.integer({ min: 3, max: 8 }),
    height: fc.integer({ min: 3, max: 8 }),
    density: fc.constantFrom(0, 0.1, 0.2, 0.3, 0.45),
  })
  .map(({ seed, width, height, density }) => randomRows(createRng(seed), width, height, density));

/** Solvable levels, so random playthroughs sometimes win: our fixtures, and the real level sets when present. */
const dataRows = [...solvableFixtureRows(), ...(sharedDataMissing ? [] : DATA_FILES.flatMap((file) => loadDataLevels(file).map(toRows)))];
const someSolvableRowsArb = fc.oneof({ arbitrary: rowsArb, weight: 1 }, { arbitrary: fc.constantFrom(...dataRows), weight: 3 });

const graphs = new Map<string, NaiveGraph>();
/** The naive solver's full graph of a level (cached: the data levels repeat). */
function graphOf(rows: string[]): NaiveGraph {
  const key = rows.join('/');
  let g = graphs.get(key);
  if (g === undefined) graphs.set(key, (g = naiveGraph(rows)));
  return g;
}

describe('replay agrees with the naive solver', () => {
  it('on random move strings', () => {
    const outcomes = { won: 0, open: 0, illegal: 0 };
    fc.assert(
      fc.property(rowsArb, fc.string({ unit: fc.constantFrom('U', 'D', 'L', 'R'), maxLength: 12 }), (rows, moves) => {
        outcomes[expectAgrees(rows, moves)]++;
      }),
      { numRuns: 600 },
    );
    expect(outcomes.illegal).toBeGreaterThan(50);
    expect(outcomes.open).toBeGreaterThan(50);
  });

  it('on random playthroughs (legal moves picked at random, cut short or not, then maybe one more letter)', () => {
    const outcomes = { won: 0, open: 0, illegal: 0 };
    fc.assert(
      fc.property(
        someSolvableRowsArb,
        fc.nat(),
        fc.boolean(),
        fc.option(fc.nat(20), { nil: undefined }),
        fc.option(fc.constantFrom('U', 'D', 'L', 'R'), { nil: undefined, freq: 2 }),
        (rows, pickSeed, aimToWin, cut, extra) => {
          // Play to the end with the naive solver's own successor list, so the
          // moves are legal by its rules; when aiming to win (and the level is
          // solvable), only moves to states the naive solver classes solution
          // or success.
          const { w, h, start } = naiveParse(rows);
          const g = aimToWin ? graphOf(rows) : undefined;
          const winning = (t: string): boolean => g?.cls.get(t) === 'solution' || g?.cls.get(t) === 'success';
          const picks = createRng(pickSeed);
          let state = start, moves = '';
          for (;;) {
            let succ = naiveSuccessors(state, w, h);
            if (g !== undefined && succ.some(([, t]) => winning(t))) succ = succ.filter(([, t]) => winning(t));
            if (succ.length === 0) break;
            const [move, next] = succ[picks.int(succ.length)]!;
            moves += move;
            state = next;
          }
          if (cut !== undefined) moves = moves.slice(0, cut);
          outcomes[expectAgrees(rows, moves + (extra ?? ''))]++;
        },
      ),
      { numRuns: 600 },
    );
    expect(outcomes.won).toBeGreaterThan(20);
    expect(outcomes.open).toBeGreaterThan(50);
    expect(outcomes.illegal).toBeGreaterThan(50);
  });

  it('spaces and case do not change the result, and error indices point into the raw string', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.string({ unit: fc.constantFrom('U', 'D', 'L', 'R'), maxLength: 10 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat(2)), { maxLength: 10 }),
        (rows, moves, decorations) => {
          // Decorate: lower-case some letters, put 0..2 spaces before each.
          let raw = '';
          const rawIndex: number[] = [];
          for (let i = 0; i < moves.length; i++) {
            const [lower, spaces] = decorations[i] ?? [false, 0];
            raw += ' '.repeat(spaces);
            rawIndex.push(raw.length);
            raw += lower ? moves[i]!.toLowerCase() : moves[i]!;
          }
          const level = levelOf(rows);
          const plain = replay(level, moves), loose = replay(level, raw);
          expect(loose.ok).toBe(plain.ok);
          if (plain.ok && loose.ok) expect(loose.value.map((s) => playView(level, s))).toEqual(plain.value.map((s) => playView(level, s)));
          if (!plain.ok && !loose.ok) expect(loose.error.index).toBe(rawIndex[plain.error.index]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('replay under paint', () => {
  it('follows the naive paint rules state by state on random levels and moves', () => {
    const rng = createRng(31);
    for (let k = 0; k < 300; k++) {
      const w = 3 + rng.int(6), h = 3 + rng.int(6);
      const rows = randomRows(rng, w, h, 0.1 + 0.4 * rng.next());
      const level = levelOf(rows);
      const moves = Array.from({ length: 1 + rng.int(12) }, () => 'UDLR'[rng.int(4)]).join('');
      const { w: nw, h: nh, start } = paintStart(rows);
      const expected: string[] = [start];
      let failedAt: number | undefined;
      for (let i = 0; i < moves.length; i++) {
        const next = paintStep(expected[expected.length - 1]!, nw, nh, moves[i]!);
        if (next === null) {
          failedAt = i;
          break;
        }
        expected.push(next);
      }
      const r = replay(level, moves, paint);
      const view = (s: PlayState): string => Array.from(s.filled, (f, i) => (i === s.head ? 'O' : level.cells[i] === 1 ? '#' : f === 1 ? 'P' : '.')).join('');
      if (failedAt === undefined) {
        expect(r.ok, `${rows.join('/')} ${moves}`).toBe(true);
        if (r.ok) expect(r.value.map(view)).toEqual(expected);
      } else {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.index).toBe(failedAt);
      }
    }
  });
});
