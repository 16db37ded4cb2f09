/**
 * Level analysis as plain async functions: the worker exposes them
 * (analysis.worker.ts), the client falls back to calling them directly, and
 * Node (tests, CLI) can call them too.
 *
 * The graph crosses the worker boundary as a struct of typed arrays
 * ({@link GraphData}), not one object per node: structured clone copies a
 * 200,000-state graph (a few megabytes) in milliseconds.
 */
import { Analyzer, type StateCapError } from '../core/graph/analyze';
import { SOLUTION, SUCCESS, type ClassCounts } from '../core/graph/classes';
import type { LevelFeatures } from '../core/graph/features';
import { parseRows, describeParseError } from '../core/level/format';
import { levelKey } from '../core/level/level';
import { AnalysisRequestSchema, type AnalysisRequest, type AnalysisResult } from './analysis.protocol';
import { invalid, ok, parseRequest, type Outcome } from './outcome';

export type { AnalysisRequest, AnalysisResult } from './analysis.protocol';

/** A level's solution graph as plain, structured-cloneable data. Node 0 is the start; ids are in BFS order. */
export interface GraphData {
  readonly levelKey: string;
  readonly width: number;
  readonly height: number;
  readonly nodeCount: number;
  /** Words per node in `filledBits`. */
  readonly stride: number;
  /** Per node, `stride` words: bit c set when cell c is wall, body or head. */
  readonly filledBits: Uint32Array;
  readonly head: Uint16Array;
  /** Fewest moves from the start; non-decreasing with the id. */
  readonly depth: Uint16Array;
  /** Class index per node (see core/graph/classes: success, fail, solution, dead, indeterminate). */
  readonly cls: Uint8Array;
  readonly outdeg: Uint8Array;
  /** Open cells filled (body and head). */
  readonly filledCount: Uint16Array;
  /** Open cells of the level, head included: a node with `filledCount === openCells` is won. */
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
  /** Search + classification time in the worker, ms. */
  readonly elapsedMs: number;
}

let shared: Analyzer | undefined;

/**
 * Searches the level's whole state space and classifies every node.
 * Validates the request (it crossed a worker boundary). O(V + E) after the
 * search; copies the search buffers once.
 */
export async function analyzeRows(request: AnalysisRequest): Promise<Outcome<AnalysisResult>> {
  return analyzeRowsSync(request);
}

/** The synchronous core of {@link analyzeRows} (benchmarks, tests). */
export function analyzeRowsSync(request: AnalysisRequest): Outcome<AnalysisResult> {
  const r = parseRequest(AnalysisRequestSchema, request);
  if (r.kind !== 'ok') return r;
  const cap = r.value.maxStates;
  const parsed = parseRows(r.value.rows);
  if (!parsed.ok) return invalid(describeParseError(parsed.error));
  const level = parsed.value;
  const started = performance.now();
  shared ??= new Analyzer();
  const run = shared.run(level, { maxStates: cap });
  if (!run.ok) return ok(capResult(run.error));
  const { graph: g, classification: c } = run.value;
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
  const graph: GraphData = {
    levelKey: levelKey(level),
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
    elapsedMs: performance.now() - started,
  };
  return ok({ kind: 'graph', graph });
}

function capResult(error: StateCapError): AnalysisResult {
  return { kind: 'state-cap', cap: error.cap, statesExplored: error.statesExplored, message: error.message };
}
