/**
 * A solution graph you can keep (the studio's graph view, tests): nodes with
 * their state, depth and class, and labelled edges, copied out of the
 * reusable search buffers.
 */
import type { Level } from '../level/level';
import { DIRECTIONS, type Direction } from '../rules/moves';
import { err, ok, type Result } from '../util/result';
import { Analyzer, type AnalyzeOptions, type StateCapError } from './analyze';
import { NODE_CLASSES, SOLUTION, SUCCESS, type ClassCounts, type NodeClassName } from './classes';
import type { LevelFeatures } from './features';

export interface GraphNode {
  readonly id: number;
  readonly head: number;
  /** Fewest moves from the start. */
  readonly depth: number;
  readonly cls: NodeClassName;
  readonly outdeg: number;
  /** Open cells filled (body and head). */
  readonly filledCount: number;
  /** Probability that the random player reaches success from here. */
  readonly winProbability: number;
  /** 1 per cell that is wall, body or head. */
  readonly filled: Uint8Array;
}

export interface GraphEdge {
  readonly from: number;
  readonly to: number;
  readonly move: Direction;
  /** Between two solution nodes, or solution -> success. */
  readonly solution: boolean;
}

export interface SolutionGraph {
  readonly level: Level;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
}

/** The whole graph of a level (node 0 is the start), or the state-cap error. */
export function solveLevel(level: Level, options: AnalyzeOptions = {}): Result<SolutionGraph, StateCapError> {
  const r = new Analyzer().run(level, options);
  if (!r.ok) return err(r.error);
  const { graph: g, classification: c } = r.value;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const cellCount = g.topology.cellCount;
  for (let s = 0; s < g.stateCount; s++) {
    const filled = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      filled[cell] = (g.bits[s * g.stride + (cell >>> 5)]! >>> (cell & 31)) & 1;
    }
    nodes.push({
      id: s,
      head: g.head[s]!,
      depth: g.depth[s]!,
      cls: NODE_CLASSES[c.classes[s]!]!,
      outdeg: g.outdeg[s]!,
      filledCount: g.filled[s]!,
      winProbability: c.winProbability[s]!,
      filled,
    });
    for (let d = 0; d < 4; d++) {
      const to = g.child[s * 4 + d]!;
      if (to < 0) continue;
      const solution = c.classes[s] === SOLUTION && (c.classes[to] === SOLUTION || c.classes[to] === SUCCESS);
      edges.push({ from: s, to, move: DIRECTIONS[d]!, solution });
    }
  }
  return ok({ level, nodes, edges, counts: { ...c.counts }, features: { ...c.features } });
}
