import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows } from '../../core/level/level';
import { replay } from '../../core/rules/replay';
import { analyzeRowsSync, type GraphData } from '../../workers/analysis.api';
import { collapsedGraphElements, fullGraphElements } from './cytoscapeElements';
import { catAfter, findNode, movesTo, nodeFilled, shortestSolution } from './graphData';
import { layeredLayout } from './graphLayout';
import { decodeShareHash, encodeShareHash } from './shareLink';
import { bandSpans, curveMax, difficultyCurve } from './chartSeries';
import { STARTER_ROWS } from '../store/levelEdits';

const ROWS = [...STARTER_ROWS];

function graphOf(rows: string[]): GraphData {
  const r = analyzeRowsSync({ rows, maxStates: 200_000 });
  if (r.kind !== 'ok') throw new Error(r.message);
  if (r.value.kind !== 'graph') throw new Error(r.value.message);
  return r.value.graph;
}

describe('share links', () => {
  it('round-trip a level and its name, and are URL-safe', () => {
    const level = parseRows(ROWS);
    if (!level.ok) throw new Error();
    const hash = encodeShareHash(level.value, 'Ünïcode & spaces');
    expect(hash).toMatch(/^#level=[-xc_]+&name=[A-Za-z0-9%._~-]+$/);
    const back = decodeShareHash(hash);
    expect(back.ok && toRows(back.value.level)).toEqual(ROWS);
    expect(back.ok && back.value.name).toBe('Ünïcode & spaces');
  });

  it('explain what is wrong with a bad link', () => {
    expect(decodeShareHash('#level=c--_--_---')).toMatchObject({ ok: false, error: expect.stringContaining('row 2') });
    expect(decodeShareHash('#level=c-z_---_---')).toMatchObject({ ok: false, error: expect.stringContaining('unknown character') });
    expect(decodeShareHash('#level=---_---_---')).toMatchObject({ ok: false, error: expect.stringContaining('no head') });
    expect(decodeShareHash('#nothing')).toMatchObject({ ok: false });
  });

  it('carry the ruleset: a paint or ice level opens as that game, a link without rules is Longcat as before', () => {
    const paint = parseRows(['C..', '.#.', '...']);
    const ice = parseRows(['C..', '.#.', '..G']);
    if (!paint.ok || !ice.ok) throw new Error();
    expect(encodeShareHash(paint.value, 'p')).not.toContain('rules=');
    const p = encodeShareHash(paint.value, 'p', 'paint');
    expect(p).toBe('#level=c--_-x-_---&rules=paint&name=p');
    expect(decodeShareHash(p)).toMatchObject({ ok: true, value: { rules: 'paint', name: 'p' } });
    const i = decodeShareHash(encodeShareHash(ice.value, '', 'ice'));
    expect(i.ok && [i.value.rules, toRows(i.value.level)]).toEqual(['ice', ['C..', '.#.', '..G']]);
    // A link from before rulesets: no rules, Longcat.
    expect(decodeShareHash('#level=c--_-x-_---&name=old')).toMatchObject({ ok: true, value: { rules: 'longcat', name: 'old' } });
    // Each game checks its own cells: a goal is not Longcat's, ice needs one, an unknown game is named.
    expect(decodeShareHash('#level=c--_-x-_--g')).toMatchObject({ ok: false, error: expect.stringContaining("a goal 'G' is not part of this game") });
    expect(decodeShareHash('#level=c--_-x-_---&rules=ice')).toMatchObject({ ok: false, error: expect.stringContaining("needs exactly one goal 'G'") });
    expect(decodeShareHash('#level=c--_-x-_---&rules=sokoban')).toMatchObject({ ok: false, error: expect.stringContaining('"sokoban" are not a game the studio knows') });
  });
});

describe('graph data', () => {
  const graph = graphOf(ROWS);
  const level = parseRows(ROWS);
  if (!level.ok) throw new Error();

  it('the BFS tree gives each node a shortest path that reaches exactly its state', () => {
    for (let id = 0; id < graph.nodeCount; id++) {
      const moves = movesTo(graph, id);
      expect(moves.length).toBe(graph.depth[id]);
      const states = replay(level.value, moves);
      if (!states.ok) throw new Error(states.error.message);
      const last = states.value[states.value.length - 1]!;
      expect(last.head).toBe(graph.head[id]);
      expect([...last.filled]).toEqual([...nodeFilled(graph, id)]);
      expect(findNode(graph, last)).toBe(id);
    }
  });

  it('the shortest solution wins in shortestSolutionLength moves; the cat path covers every open cell once', () => {
    const solution = shortestSolution(graph)!;
    expect(solution.length).toBe(graph.features.shortestSolutionLength);
    const cat = catAfter(level.value, solution);
    expect(cat.state.emptyLeft).toBe(0);
    expect(new Set(cat.path).size).toBe(cat.path.length);
    expect(cat.path.length).toBe(graph.openCells);
  });
});

describe('graph layout and elements', () => {
  const graph = graphOf(ROWS);

  it('layers left to right by move count, nodes of a layer apart', () => {
    const { x, y } = layeredLayout(graph, { layerGap: 50, nodeGap: 20 });
    const seen = new Set<string>();
    for (let id = 0; id < graph.nodeCount; id++) {
      expect(x[id]).toBe(graph.depth[id]! * 50);
      const key = `${x[id]},${y[id]}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it('full elements: one node per state, one labelled edge per move, solution edges marked', () => {
    const elements = fullGraphElements(graph);
    const nodes = elements.filter((e) => e.group === 'nodes'), edges = elements.filter((e) => e.group === 'edges');
    expect(nodes).toHaveLength(graph.nodeCount);
    expect(edges).toHaveLength(graph.edgeFrom.length);
    expect(edges.every((e) => ['U', 'D', 'L', 'R'].includes(e.data['move'] as string))).toBe(true);
    expect(edges.filter((e) => e.classes === 'solution')).toHaveLength([...graph.edgeSolution].filter((v) => v === 1).length);
    expect(nodes[0]!.classes).toContain('start');
  });

  it('collapsed elements: one node per (depth, class) whose counts add up to every state', () => {
    const { elements, groups, internalEdges, depthsPerColumn } = collapsedGraphElements(graph);
    expect(depthsPerColumn).toBe(1); // 20 depths fit in 24 columns
    const nodes = elements.filter((e) => e.group === 'nodes');
    expect(nodes).toHaveLength(groups);
    expect(nodes.reduce((sum, n) => sum + (n.data['count'] as number), 0)).toBe(graph.nodeCount);
    const edges = elements.filter((e) => e.group === 'edges');
    expect(edges.reduce((sum, e) => sum + (e.data['count'] as number), 0) + internalEdges).toBe(graph.edgeFrom.length);
  });

  it('collapsed view of a deep graph merges depths into at most 24 columns', () => {
    const deep = graphOf(['C.#.....', '........', '..#..#..', '........', '.#....#.', '........', '...#....', '........']);
    const { elements, depthsPerColumn } = collapsedGraphElements(deep);
    const columns = new Set(elements.filter((e) => e.group === 'nodes').map((e) => e.position!.x));
    expect(columns.size).toBeLessThanOrEqual(24);
    expect(depthsPerColumn).toBeGreaterThanOrEqual(1);
  });

  it('lays out a 1,500-state graph: every node at a finite place, one element per node and move', () => {
    // Its time is a bench figure (docs/BENCHMARKS.md, studio), not a test: wall time here depends on the machine's load.
    const big = graphOf(['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####']);
    expect(big.nodeCount).toBe(1520);
    const { x, y } = layeredLayout(big);
    expect([...x, ...y].every(Number.isFinite)).toBe(true);
    expect(fullGraphElements(big)).toHaveLength(big.nodeCount + big.edgeFrom.length);
  });
});

describe('chart series', () => {
  it('bands and the difficulty curve', () => {
    expect(bandSpans(100).map((b) => [b.band, b.from, b.to])).toEqual([
      ['trivial', 0, 20], ['easy', 20, 40], ['medium', 40, 60], ['hard', 60, 80], ['expert', 80, 100],
    ]);
    const curve = difficultyCurve([
      { id: 'a', name: 'a', rows: [], difficulty: 12, features: {}, source: { generator: 'x', seed: null, temperature: null, model: null } },
      { id: 'b', name: 'b', rows: [], difficulty: null, features: {}, source: { generator: 'x', seed: null, temperature: null, model: null } },
      { id: 'c', name: 'c', rows: [], difficulty: 71, features: {}, source: { generator: 'x', seed: null, temperature: null, model: null } },
    ], (l) => l.difficulty);
    expect(curve.map((p) => p.band)).toEqual(['trivial', null, 'hard']);
    expect(curveMax(curve)).toBe(80);
  });
});
