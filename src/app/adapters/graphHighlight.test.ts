import { describe, expect, it } from 'vitest';
import { NODE_CLASSES } from '../../core/graph/classes';
import { parseRows } from '../../core/level/format';
import { depthsPerColumn } from './cytoscapeElements';
import { analyzeRowsSync, type GraphData } from '../../workers/analysis.api';
import { naiveGraph } from '../../../test/naive/naiveSolver';
import { catAfter, findNode } from './graphData';
import { groupMembers, highlightedNodes, pathTo } from './graphHighlight';

/** 1,520 states (RSD 11x11, seed 3, iteration 1206), and a small level with every class. */
const BIG = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];
const SMALL = ['C...', '.#..', '....', '..#.'];

function graphOf(rows: string[]): GraphData {
  const r = analyzeRowsSync({ rows, maxStates: 200_000 });
  if (r.kind !== 'ok') throw new Error(r.message);
  if (r.value.kind !== 'graph') throw new Error(r.value.message);
  return r.value.graph;
}

describe('graph highlights', () => {
  for (const rows of [SMALL, BIG]) {
    const graph = graphOf(rows);
    const naive = naiveGraph(rows);

    it(`a class chip covers exactly the naive solver's count of that class (${graph.nodeCount} states)`, () => {
      for (const cls of ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const) {
        const lit = highlightedNodes(graph, { kind: 'class', cls }).reduce((a, b) => a + b, 0);
        expect(lit).toBe([...naive.cls.values()].filter((c) => c === cls).length);
      }
    });

    it('a branch feature covers the states whose extra moves add up to the feature', () => {
      for (const f of ['nSolutionBranches', 'nIndeterminateBranches', 'nBranches'] as const) {
        const lit = highlightedNodes(graph, { kind: 'feature', feature: f });
        let sum = 0;
        lit.forEach((on, id) => (sum += on ? graph.outdeg[id]! - 1 : 0));
        expect(sum).toBe(graph.features[f]);
      }
      expect(highlightedNodes(graph, { kind: 'feature', feature: 'expectedMoves' }).every((v) => v === 0)).toBe(true);
    });

    it('the path to a state replays, move by move, to that state', () => {
      const level = parseRows(rows);
      if (!level.ok) throw new Error();
      for (const id of [0, 1, Math.floor(graph.nodeCount / 2), graph.nodeCount - 1]) {
        const path = pathTo(graph, id);
        expect(path.nodes[0]).toBe(0);
        expect(path.nodes.at(-1)).toBe(id);
        expect(path.edges).toHaveLength(path.nodes.length - 1);
        const moves = path.edges.map((e) => 'UDLR'[graph.edgeMove[e]!]).join('');
        path.edges.forEach((e, i) => {
          expect(graph.edgeFrom[e]).toBe(path.nodes[i]);
          expect(graph.edgeTo[e]).toBe(path.nodes[i + 1]);
          // Every prefix of the moves lands on the path's node.
          expect(findNode(graph, catAfter(level.value, moves.slice(0, i + 1)).state)).toBe(path.nodes[i + 1]);
        });
        expect(moves.length).toBe(graph.depth[id]);
      }
    });

    it('a collapsed group holds every state of one class and column, the node itself included', () => {
      const id = graph.nodeCount - 1;
      const members = groupMembers(graph, id);
      expect(members).toContain(id);
      expect(new Set(members.map((m) => graph.cls[m]))).toEqual(new Set([graph.cls[id]]));
      const per = depthsPerColumn(graph), column = Math.floor(graph.depth[id]! / per);
      const cls = NODE_CLASSES[graph.cls[id]!];
      const expected = [...naive.depth.entries()].filter(([s, d]) => Math.floor(d / per) === column && naive.cls.get(s) === cls).length;
      expect(members).toHaveLength(expected);
    });
  }
});
