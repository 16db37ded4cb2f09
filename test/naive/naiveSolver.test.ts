// Tests of the naive reference solver itself, on levels solved by hand.
// Coordinates are (x, y), x = column, y = row, (0, 0) top-left.
import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from './naiveSolver';
import { simulateRandomPlayer } from './montecarlo';

describe('naiveAnalyze on hand-solved levels', () => {
  it('head is the only open cell: one success state', () => {
    // No empty cell at all, so the start is already won; no move is legal.
    // solutionPaths = 1 (the empty sequence); player cost 0 (p = 1, c = 0).
    const a = naiveAnalyze(['C##', '###', '###']);
    expect(a.nStates).toBe(1);
    expect(a.classes).toEqual({ success: 1, fail: 0, solution: 0, dead: 0, indeterminate: 0 });
    expect(a.features).toEqual({
      nStates: 1, size: 9, nBranches: 0, nSolutions: 1, nFails: 0, shortestSolutionLength: 0,
      nSolutionBranches: 0, nNonDead: 1, nIndeterminate: 0, nIndeterminateBranches: 0,
      solutionPaths: 1, expectedDecisions: 0, expectedMoves: 0, shortestSolutionCount: 1,
    });
  });

  it('bent corridor: forced R then D', () => {
    // C..   start (0,0): only R is legal -> head (2,0).
    // ##.   then only D -> head (2,2), everything filled.
    // ##.   3 states: start, mid (solution), end (success). No branching.
    const a = naiveAnalyze(['C..', '##.', '##.']);
    expect(a.classes).toEqual({ success: 1, fail: 0, solution: 2, dead: 0, indeterminate: 0 });
    expect(a.features).toEqual({
      nStates: 3, size: 9, nBranches: 0, nSolutions: 1, nFails: 0, shortestSolutionLength: 2,
      nSolutionBranches: 0, nNonDead: 3, nIndeterminate: 0, nIndeterminateBranches: 0,
      solutionPaths: 1, expectedDecisions: 0, expectedMoves: 2, shortestSolutionCount: 1,
    });
  });

  it('3x3 all empty, head in a corner: two spirals meeting in the centre', () => {
    // R-first: R->(2,0) D->(2,2) L->(0,2) U->(0,1) R->(1,1)  (each forced)
    // D-first: D->(0,2) R->(2,2) U->(2,0) L->(1,0) D->(1,1)  (each forced)
    // Both end with everything filled and the head at (1,1): the SAME state.
    // States: start + 4 + 4 intermediate + 1 success = 10.
    // Only the start branches (outdeg 2): nBranches = 1. Paths = 2.
    // Player: one decision, always 5 moves, p = 1.
    const a = naiveAnalyze(['C..', '...', '...']);
    expect(a.classes).toEqual({ success: 1, fail: 0, solution: 9, dead: 0, indeterminate: 0 });
    expect(a.features).toEqual({
      nStates: 10, size: 9, nBranches: 1, nSolutions: 1, nFails: 0, shortestSolutionLength: 5,
      nSolutionBranches: 1, nNonDead: 10, nIndeterminate: 0, nIndeterminateBranches: 0,
      solutionPaths: 2, expectedDecisions: 1, expectedMoves: 5, shortestSolutionCount: 2,
    });
  });

  it('3x3 all empty, head in the centre: a ring walked 8 ways', () => {
    // Start (1,1) has 4 moves, each to an edge midpoint (outdeg 2 there:
    // the two ways round the ring), then 3 forced corner-to-corner moves.
    // e.g. U L D R U: (1,0) (0,0) (0,2) (2,2) (2,0). 8 sequences of 5 moves.
    // Levels: 1 + 4 + 8 + 8 + 8 + successes. A success state is "all filled,
    // head at corner k"; U-L and R-D both end at (2,0), and so on: 4 successes.
    // nStates = 33; nBranches = 3 + 4*1 = 7; all non-success are solution.
    // Player: decisions 1 (start) + 1 (edge midpoint) = 2, moves 5.
    const a = naiveAnalyze(['...', '.C.', '...']);
    expect(a.classes).toEqual({ success: 4, fail: 0, solution: 29, dead: 0, indeterminate: 0 });
    expect(a.features).toEqual({
      nStates: 33, size: 9, nBranches: 7, nSolutions: 4, nFails: 0, shortestSolutionLength: 5,
      nSolutionBranches: 7, nNonDead: 33, nIndeterminate: 0, nIndeterminateBranches: 0,
      solutionPaths: 8, expectedDecisions: 2, expectedMoves: 5, shortestSolutionCount: 8,
    });
  });

  it('8x8 all empty, head in a corner: two forced spirals of 15 moves', () => {
    // Spiral segment lengths 7,7,7,6,6,5,5,4,4,3,3,2,2,1,1 -> 15 moves each,
    // every state after the first move has exactly one legal move. For even n
    // the two spirals end on different cells ((3,4) vs (4,3)), so
    // nStates = 1 + 15 + 15 = 31 with 2 success states.
    const a = naiveAnalyze(Array.from({ length: 8 }, (_, y) => (y === 0 ? 'C' : '.') + '.'.repeat(7)));
    expect(a.classes).toEqual({ success: 2, fail: 0, solution: 29, dead: 0, indeterminate: 0 });
    expect(a.features.shortestSolutionLength).toBe(15);
    expect(a.features.nBranches).toBe(1);
    expect(a.features.solutionPaths).toBe(2);
    expect(a.features.shortestSolutionCount).toBe(2);
    expect(a.features.expectedMoves).toBe(15);
  });

  it('three-way start: success, success, dead (player model 4.5 / 1.5)', () => {
    // .C.   start S = (1,0). Moves L, R, D (outdeg 3).
    // ...   L: L->(0,0) D->(0,1) R->(2,1) U->(2,0) success (4 moves, forced).
    // ###   R: mirror image, success at (0,0) (a different success state).
    //       D: head (1,1), empties {(0,0),(0,1)} and {(2,0),(2,1)} -> dead,
    //          outdeg 2 (L, R). DL: head (0,1), empties {(0,0)},{(2,*)} ->
    //          dead, outdeg 1 (U). DLU: head (0,0), no move -> fail. DR mirrors.
    // States: S, 3 + 1 (L branch), 3 + 1 (R branch), D, DL, DLU, DR, DRU = 14.
    // Classes: success 2, fail 2, solution 7 (S + 3 + 3), dead 3.
    // nBranches = 2 (S) + 1 (D) = 3; nSolutionBranches = 2; nNonDead = 11.
    // Player: p = (1 + 1 + 0) / 3 = 2/3. One attempt: 1 decision at S; moves
    // 1 + (3 + 3 + 0)/3 = 3 (the attempt ends on reaching dead D; no decision
    // is charged there). expectedDecisions = 1 / (2/3) = 1.5,
    // expectedMoves = 3 / (2/3) = 4.5 (= 4 for the winning attempt + 0.5
    // expected failed attempts of 1 move each).
    const a = naiveAnalyze(['.C.', '...', '###']);
    expect(a.classes).toEqual({ success: 2, fail: 2, solution: 7, dead: 3, indeterminate: 0 });
    expect(a.features).toEqual({
      nStates: 14, size: 9, nBranches: 3, nSolutions: 2, nFails: 2, shortestSolutionLength: 4,
      nSolutionBranches: 2, nNonDead: 11, nIndeterminate: 0, nIndeterminateBranches: 0,
      solutionPaths: 2, expectedDecisions: 1.5, expectedMoves: 4.5, shortestSolutionCount: 2,
    });
  });

  it('unsolvable with indeterminate states; fail is checked before dead', () => {
    // .C.   start S = (1,0), empties connected. Moves L, R, D.
    // ...   L: L1 (0,0) -> D -> L2 (0,1) -> R -> L3 (2,1) -> U -> L4 (2,0).
    // #.#   L1, L2: one empty component, no solution -> indeterminate
    //       (outdeg 1 each). L3: empties {(2,0)} and {(1,2)} -> dead.
    //       L4: (1,2) left, no move -> fail. R mirrors L.
    //       D: head (1,2), empties split in two, but no legal move, so it is
    //          FAIL (fail is checked before dead).
    // States 1 + 4 + 4 + 1 = 10. indeterminate: S, L1, L2, R1, R2 = 5;
    // dead: L3, R3 = 2; fail: L4, R4, D = 3. nBranches = 2 (S only).
    const a = naiveAnalyze(['.C.', '...', '#.#']);
    expect(a.classes).toEqual({ success: 0, fail: 3, solution: 0, dead: 2, indeterminate: 5 });
    expect(a.features).toEqual({
      nStates: 10, size: 9, nBranches: 2, nSolutions: 0, nFails: 3, shortestSolutionLength: Infinity,
      nSolutionBranches: 0, nNonDead: 8, nIndeterminate: 5, nIndeterminateBranches: 2,
      solutionPaths: 0, expectedDecisions: Infinity, expectedMoves: Infinity, shortestSolutionCount: 0,
    });
  });

  it('T shape: indeterminate start, then fail', () => {
    // C..   empties (1,0),(2,0),(1,1) are connected; only R is legal, head
    // #.#   stops at (2,0) with (1,1) still empty and no move -> fail.
    // ###   start: has a move, no solution, one component -> indeterminate.
    const a = naiveAnalyze(['C..', '#.#', '###']);
    expect(a.classes).toEqual({ success: 0, fail: 1, solution: 0, dead: 0, indeterminate: 1 });
    expect(a.features.nNonDead).toBe(2);
    expect(a.features.nIndeterminate).toBe(1);
    expect(a.features.expectedMoves).toBe(Infinity);
  });

  it('dead at the start: the head splits the empty cells', () => {
    // .C.   empties (0,0) and (2,0) are not adjacent -> 2 components; start
    // ###   has moves L and R (outdeg 2) so it is dead, not fail.
    // ###   Both children: head in a corner, other end still empty -> fail.
    const a = naiveAnalyze(['.C.', '###', '###']);
    expect(a.classes).toEqual({ success: 0, fail: 2, solution: 0, dead: 1, indeterminate: 0 });
    expect(a.features.nBranches).toBe(1);
    expect(a.features.nNonDead).toBe(2);
    expect(a.features.expectedDecisions).toBe(Infinity);
  });
});

describe('naiveMoves', () => {
  const level = ['.C.', '...', '###'];
  it('replays winning and non-winning sequences', () => {
    expect(naiveMoves(level, 'LDRU')).toEqual({ ok: true, won: true });
    expect(naiveMoves(level, 'RDLU')).toEqual({ ok: true, won: true });
    expect(naiveMoves(level, 'D')).toEqual({ ok: true, won: false });
    expect(naiveMoves(level, '')).toEqual({ ok: true, won: false });
    expect(naiveMoves(['C##', '###', '###'], '')).toEqual({ ok: true, won: true });
  });
  it('reports the index of the first illegal move', () => {
    // After D the head is at (1,1); U would enter body (1,0): illegal.
    expect(naiveMoves(level, 'DU')).toEqual({ ok: false, won: false, failedAt: 1 });
    // U from the start leaves the grid at once.
    expect(naiveMoves(level, 'ULDRU')).toEqual({ ok: false, won: false, failedAt: 0 });
    // Any move after winning is illegal; `won` describes the state reached.
    expect(naiveMoves(level, 'LDRUL')).toEqual({ ok: false, won: true, failedAt: 4 });
  });
  it('throws on an unknown move letter', () => {
    expect(() => naiveMoves(level, 'X')).toThrow();
  });
});

describe('simulateRandomPlayer agrees with the exact player model', () => {
  const close = (sim: number, exact: number, rel: number) =>
    expect(Math.abs(sim - exact) / exact).toBeLessThan(rel);

  it('three-way start level (exact 4.5 moves, 1.5 decisions)', () => {
    const sim = simulateRandomPlayer(['.C.', '...', '###'], 4000, 1);
    expect(sim.successes).toBe(4000);
    close(sim.meanMoves, 4.5, 0.03);
    close(sim.meanDecisions, 1.5, 0.03);
  });

  it('4x4 level with several decision layers and indeterminate states', () => {
    const rows = ['....', '....', '.C..', '...#'];
    const exact = naiveAnalyze(rows);
    expect(exact.classes.indeterminate).toBeGreaterThan(0);
    expect(exact.features.nBranches).toBeGreaterThan(4);
    const sim = simulateRandomPlayer(rows, 3000, 12345);
    close(sim.meanMoves, exact.features.expectedMoves, 0.05);
    close(sim.meanDecisions, exact.features.expectedDecisions, 0.05);
  });

  it('unsolvable level returns Infinity without looping', () => {
    const sim = simulateRandomPlayer(['.C.', '...', '#.#'], 10, 1);
    expect(sim.meanMoves).toBe(Infinity);
    expect(sim.successes).toBe(0);
  });
});
