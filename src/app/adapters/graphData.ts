/**
 * Reading the worker's {@link GraphData}: a node's state on the grid, the
 * moves that reach it, the shortest solution, and the cat's body in order.
 */
import { NODE_CLASSES, SUCCESS, type NodeClassName } from '../../core/graph/classes';
import { DIRECTIONS } from '../../core/rules/moves';
import type { PlayState } from '../../core/rules/ruleset';
import type { GraphData } from '../../core/graph/graphData';

/** 1 per cell that is wall, body or head in node `id`. */
export function nodeFilled(graph: GraphData, id: number): Uint8Array {
  const cells = graph.width * graph.height;
  const out = new Uint8Array(cells);
  const base = id * graph.stride;
  for (let c = 0; c < cells; c++) out[c] = (graph.filledBits[base + (c >>> 5)]! >>> (c & 31)) & 1;
  return out;
}

export function nodeClass(graph: GraphData, id: number): NodeClassName {
  return NODE_CLASSES[graph.cls[id]!]!;
}

/** The moves (e.g. "RDL") of one shortest path from the start to node `id`. O(depth). */
export function movesTo(graph: GraphData, id: number): string {
  const moves: string[] = [];
  for (let n = id; n > 0 && graph.parent[n]! >= 0; n = graph.parent[n]!) moves.push(DIRECTIONS[graph.parentMove[n]!]!);
  return moves.reverse().join('');
}

/** One shortest solution (fewest moves), or null when the level has none. O(V). */
export function shortestSolution(graph: GraphData): string | null {
  let best = -1;
  for (let id = 0; id < graph.nodeCount; id++) {
    if (graph.cls[id] === SUCCESS && (best < 0 || graph.depth[id]! < graph.depth[best]!)) best = id;
  }
  return best < 0 ? null : movesTo(graph, best);
}

export { catAfter, type CatState } from '../../core/rules/replay';

/** Node features for the hover card. */
export interface NodeSummary {
  readonly id: number;
  readonly cls: NodeClassName;
  readonly depth: number;
  readonly outdeg: number;
  readonly filled: number;
  readonly emptyLeft: number;
  readonly winProbability: number;
  readonly head: { readonly x: number; readonly y: number };
  readonly moves: string;
}

export function nodeSummary(graph: GraphData, id: number): NodeSummary {
  const head = graph.head[id]!;
  return {
    id,
    cls: nodeClass(graph, id),
    depth: graph.depth[id]!,
    outdeg: graph.outdeg[id]!,
    filled: graph.filledCount[id]!,
    emptyLeft: graph.openCells - graph.filledCount[id]!,
    winProbability: graph.winProbability[id]!,
    head: { x: head % graph.width, y: Math.floor(head / graph.width) },
    moves: movesTo(graph, id),
  };
}

/** The node whose state equals `state`, or -1. O(V * stride). */
export function findNode(graph: GraphData, state: PlayState): number {
  const words = new Uint32Array(graph.stride);
  for (let c = 0; c < state.filled.length; c++) if (state.filled[c] === 1) words[c >>> 5]! |= 1 << (c & 31);
  outer: for (let id = 0; id < graph.nodeCount; id++) {
    if (graph.head[id] !== state.head) continue;
    const base = id * graph.stride;
    for (let w = 0; w < graph.stride; w++) if (graph.filledBits[base + w] !== words[w]) continue outer;
    return id;
  }
  return -1;
}
