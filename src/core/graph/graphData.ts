/**
 * A level's solution graph as plain, structured-cloneable data (typed arrays,
 * not one object per node): what the analysis worker sends to the studio and
 * what the layout, the graph views and the state view read. Structured clone
 * copies a 200,000-state graph (a few megabytes) in milliseconds.
 *
 * It lives in core so every layer can name it without importing a worker or
 * the app; {@link toGraphData} copies a search out of the reusable buffers.
 */
import { levelKey, type Level } from '../level/level';
import type { RulesetName } from '../rules/ruleset';
import { SOLUTION, SUCCESS, type ClassCounts } from './classes';
import type { Classification, LevelFeatures } from './features';
import type { SearchGraph } from './solver';

/** A level's solution graph as plain data. Node 0 is the start; ids are in BFS order. */
export interface GraphData {
  readonly levelKey: string;
  /** The ruleset the graph was searched under (absent from graphs made before rulesets: Longcat). */
  readonly rules?: RulesetName;
  readonly width: number;
  readonly height: number;
  readonly nodeCount: number;
  /** Words per node in `filledBits`. */
  readonly stride: number;
  /** Per node, `stride` words: bit c set when cell c is marked (wall, or covered: Longcat's body and head, paint's paint). */
  readonly filledBits: Uint32Array;
  /** The mover's cell per node (Longcat's head, paint's ball). */
  readonly head: Uint16Array;
  /** Fewest moves from the start; non-decreasing with the id. */
  readonly depth: Uint16Array;
  /** Class index per node (see core/graph/classes: success, fail, solution, dead, indeterminate). */
  readonly cls: Uint8Array;
  readonly outdeg: Uint8Array;
  /** Open cells covered. */
  readonly filledCount: Uint16Array;
  /** Open cells of the level, the start included (won nodes are those of class success: the ruleset decides). */
  readonly openCells: number;
  readonly winProbability: Float64Array;
  /** BFS tree: the parent on one shortest path from the start, -1 for the start. */
  readonly parent: Int32Array;
  /** Direction index (U, D, L, R) of the move from `parent`, -1 for the start. */
  readonly parentMove: Int8Array;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  /** Direction index per edge (U, D, L, R). */
  readonly edgeMove: Uint8Array;
  /** 1 for a solution edge (solution -> solution or solution -> success). */
  readonly edgeSolution: Uint8Array;
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
  /** Search + classification time, ms. */
  readonly elapsedMs: number;
}

/** Copies a complete search and its classification out of the reusable buffers. O(V + E). */
export function toGraphData(level: Level, g: SearchGraph, c: Classification, elapsedMs: number): GraphData {
  const n = g.stateCount;
  let edgeCount = 0;
  for (let s = 0; s < n; s++) edgeCount += g.outdeg[s]!;
  const edgeFrom = new Int32Array(edgeCount), edgeTo = new Int32Array(edgeCount);
  const edgeMove = new Uint8Array(edgeCount), edgeSolution = new Uint8Array(edgeCount);
  const parent = new Int32Array(n).fill(-1);
  const parentMove = new Int8Array(n).fill(-1);
  let e = 0;
  for (let s = 0; s < n; s++) {
    const fromSolution = c.classes[s] === SOLUTION;
    for (let d = 0; d < 4; d++) {
      const to = g.child[s * 4 + d]!;
      if (to < 0) continue;
      edgeFrom[e] = s;
      edgeTo[e] = to;
      edgeMove[e] = d;
      edgeSolution[e] = fromSolution && (c.classes[to] === SOLUTION || c.classes[to] === SUCCESS) ? 1 : 0;
      e++;
      // Ids are in BFS order, so the first parent one layer up is a shortest-path parent.
      if (parent[to] === -1 && to !== 0 && g.depth[to] === g.depth[s]! + 1) {
        parent[to] = s;
        parentMove[to] = d;
      }
    }
  }
  return {
    levelKey: levelKey(level),
    rules: g.ruleset.name,
    width: level.width,
    height: level.height,
    nodeCount: n,
    stride: g.stride,
    filledBits: g.bits.slice(0, n * g.stride),
    head: g.head.slice(0, n),
    depth: g.depth.slice(0, n),
    cls: c.classes.slice(0, n),
    outdeg: g.outdeg.slice(0, n),
    filledCount: g.filled.slice(0, n),
    openCells: g.openCells,
    winProbability: c.winProbability.slice(0, n),
    parent,
    parentMove,
    edgeFrom,
    edgeTo,
    edgeMove,
    edgeSolution,
    counts: { ...c.counts },
    features: { ...c.features },
    elapsedMs,
  };
}
