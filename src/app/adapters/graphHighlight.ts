/**
 * Which states of a solution graph to light up: a node class (a class chip),
 * the states a difficulty feature counts (a gauge row), the path from the
 * start to a state (the selected one, the playtest's or replay's), and the
 * members of a collapsed group. Pure reads of {@link GraphData}; the view
 * turns the answers into Cytoscape classes.
 */
import { DEAD, FAIL, INDETERMINATE, NODE_CLASSES, SOLUTION, SUCCESS, type NodeClassName } from '../../core/graph/classes';
import type { GraphData } from '../../core/graph/graphData';
import { depthsPerColumn } from './cytoscapeElements';

export type Highlight = { readonly kind: 'class'; readonly cls: NodeClassName } | { readonly kind: 'feature'; readonly feature: string };

/** Features whose value is a count over states, and the states each counts (the rest have no node set). */
const FEATURE_NODES: Record<string, (graph: GraphData, id: number) => boolean> = {
  nStates: () => true,
  nBranches: (g, id) => g.outdeg[id]! > 1,
  nSolutions: (g, id) => g.cls[id] === SUCCESS,
  nFails: (g, id) => g.cls[id] === FAIL,
  nSolutionBranches: (g, id) => g.cls[id] === SOLUTION && g.outdeg[id]! > 1,
  nNonDead: (g, id) => g.cls[id] !== DEAD,
  nIndeterminate: (g, id) => g.cls[id] === INDETERMINATE,
  nIndeterminateBranches: (g, id) => g.cls[id] === INDETERMINATE && g.outdeg[id]! > 1,
  // Not a count, an expectation: the random player makes a decision each time it visits a state with 2+ moves; these are those states.
  expectedDecisions: (g, id) => g.outdeg[id]! > 1,
};

/** True when the feature counts states that can be shown on the graph. */
export function featureHasNodes(feature: string): boolean {
  return feature in FEATURE_NODES;
}

/** 1 per node that the highlight covers. O(V). */
export function highlightedNodes(graph: GraphData, highlight: Highlight): Uint8Array {
  const out = new Uint8Array(graph.nodeCount);
  if (highlight.kind === 'class') {
    const cls = NODE_CLASSES.indexOf(highlight.cls);
    for (let id = 0; id < graph.nodeCount; id++) out[id] = graph.cls[id] === cls ? 1 : 0;
    return out;
  }
  const test = FEATURE_NODES[highlight.feature];
  if (test !== undefined) for (let id = 0; id < graph.nodeCount; id++) out[id] = test(graph, id) ? 1 : 0;
  return out;
}

/** A path from the start: node ids (start first) and the edge index of each step. */
export interface GraphPath {
  readonly nodes: readonly number[];
  readonly edges: readonly number[];
}

/**
 * One shortest path from the start to node `id` along the BFS tree, with the
 * edge index of every step (so the view can light the moves too). O(depth + E).
 */
export function pathTo(graph: GraphData, id: number): GraphPath {
  if (id < 0 || id >= graph.nodeCount) return { nodes: [], edges: [] };
  const nodes: number[] = [id];
  for (let n = id; graph.parent[n]! >= 0; n = graph.parent[n]!) nodes.push(graph.parent[n]!);
  nodes.reverse();
  // Edge index of (parent -> child): one scan over the edges, keyed by child.
  const want = new Map<number, number>();
  for (let i = 1; i < nodes.length; i++) want.set(nodes[i]!, nodes[i - 1]!);
  const edgeOf = new Map<number, number>();
  for (let e = 0; e < graph.edgeFrom.length && edgeOf.size < want.size; e++) {
    const to = graph.edgeTo[e]!;
    if (want.get(to) === graph.edgeFrom[e] && !edgeOf.has(to)) edgeOf.set(to, e);
  }
  return { nodes, edges: nodes.slice(1).map((n) => edgeOf.get(n) ?? -1).filter((e) => e >= 0) };
}

/** The states of node `id`'s collapsed-view group (same column of depths and class), in id order. O(V). */
export function groupMembers(graph: GraphData, id: number): number[] {
  if (id < 0 || id >= graph.nodeCount) return [];
  const perColumn = depthsPerColumn(graph);
  const column = Math.floor(graph.depth[id]! / perColumn), cls = graph.cls[id]!;
  const out: number[] = [];
  for (let n = 0; n < graph.nodeCount; n++) if (graph.cls[n] === cls && Math.floor(graph.depth[n]! / perColumn) === column) out.push(n);
  return out;
}

/**
 * The node classes in the craft's words: one name per concept, used by the
 * graph's chips, its tooltip and the gauge's glossary; the research term
 * (the class's code name) stays in the tooltip's details and in docs/rules.md.
 */
export const CLASS_NAMES: Record<NodeClassName, string> = {
  success: 'won',
  fail: 'stuck',
  solution: 'on the way',
  dead: 'visibly lost',
  indeterminate: 'hidden loss',
};

/** Plain-language names and one-line definitions of the node classes (SPEC §3). */
export const CLASS_GLOSSARY: Record<NodeClassName, string> = {
  success: 'won: every cell is filled',
  fail: 'stuck: no move left, cells still empty',
  solution: 'on the way: a win is still reachable',
  dead: 'lost, and visibly so: the empty cells are split apart',
  indeterminate: 'lost, but not visibly: the player can wander on',
};

/** Plain-language names and definitions of the graph features (SPEC §4). */
export const FEATURE_GLOSSARY: Record<string, { readonly name: string; readonly means: string }> = {
  nStates: { name: 'states', means: 'positions the level can reach' },
  size: { name: 'grid cells', means: 'width × height' },
  nBranches: { name: 'choices', means: 'extra moves summed over all states (a state with 3 moves counts 2)' },
  nSolutions: { name: 'winning ends', means: 'states where the level is won' },
  nFails: { name: 'stuck ends', means: 'stuck states: no move left and cells still empty' },
  shortestSolutionLength: { name: 'shortest solution', means: 'fewest moves to win' },
  nSolutionBranches: { name: 'choices on the way', means: 'extra moves at states from which a win is still reachable' },
  nNonDead: { name: 'not visibly lost', means: 'states whose empty cells are still in one piece' },
  nIndeterminate: { name: 'hidden losses', means: 'hidden-loss states: already lost, but they do not look lost' },
  nIndeterminateBranches: { name: 'choices while lost', means: 'extra moves at hidden-loss states: room to wander after a mistake' },
  solutionPaths: { name: 'solutions', means: 'different move sequences that win' },
  expectedDecisions: { name: 'random player: decisions', means: 'choices a random player makes before winning, on average' },
  expectedMoves: { name: 'random player: moves', means: 'moves a random player makes before winning, on average' },
};

/** The readable name of a feature (its code name when there is none). */
export function featureLabel(feature: string): string {
  return FEATURE_GLOSSARY[feature]?.name ?? feature;
}
