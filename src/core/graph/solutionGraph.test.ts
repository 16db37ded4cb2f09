import { describe, expect, it } from 'vitest';
import { naiveGraph } from '../../../test/naive/naiveSolver';
import { loadDataLevels } from '../../../test/support/levels';
import { toRows } from '../level/level';
import { applyMove, initialState } from '../rules/state';
import { directionIndex } from '../rules/moves';
import { solveLevel } from './solutionGraph';

describe('solveLevel', () => {
  const levels = loadDataLevels('longcat-binswing-52.txt');

  it('has the naive graph\'s nodes and edges, and every edge is the move it is labelled with', () => {
    for (const level of levels) {
      const r = solveLevel(level);
      if (!r.ok) throw new Error(r.error.message);
      const g = r.value;
      const naive = naiveGraph(toRows(level));
      let naiveEdges = 0;
      for (const list of naive.edges.values()) naiveEdges += list.length;
      expect(g.nodes.length).toBe(naive.order.length);
      expect(g.edges.length).toBe(naiveEdges);
      for (const e of g.edges) {
        const from = g.nodes[e.from]!, to = g.nodes[e.to]!;
        const next = applyMove(level, { head: from.head, filled: from.filled, emptyLeft: 0 }, directionIndex(e.move));
        expect(next).not.toBeNull();
        expect(next!.head).toBe(to.head);
        expect(Array.from(next!.filled)).toEqual(Array.from(to.filled));
        expect(to.depth).toBeLessThanOrEqual(from.depth + 1);
      }
      expect(Array.from(g.nodes[0]!.filled)).toEqual(Array.from(initialState(level).filled));
    }
  });

  it('marks exactly the edges between solution nodes (or into success) as solution edges', () => {
    for (const level of levels.slice(0, 20)) {
      const r = solveLevel(level);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.value.edges) {
        const a = r.value.nodes[e.from]!.cls, b = r.value.nodes[e.to]!.cls;
        expect(e.solution).toBe(a === 'solution' && (b === 'solution' || b === 'success'));
      }
      // A solvable level has at least one solution edge path from the start.
      expect(r.value.edges.some((e) => e.from === 0 && e.solution)).toBe(r.value.nodes[0]!.cls === 'solution');
    }
  });
});
