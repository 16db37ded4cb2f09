/**
 * Players' traces on a level's solution graph: how many attempts passed
 * each state and each move, where players restarted, where they gave up,
 * and the most-travelled wrong branch (the move out of a state that could
 * still be solved into one that cannot, taken by the most attempts).
 *
 * The graph is read through the arrays every solution graph here has
 * (node 0 the start, edges with their move, a class per node), so the
 * worker's transferable graph and the core solver's both fit.
 */
import { SOLUTION, SUCCESS } from '../graph/classes';
import { DIRECTIONS } from '../rules/moves';
import { RESTART, UNDO } from './trace';

/** The parts of a solution graph traffic needs. Node 0 is the start. */
export interface TrafficGraph {
  readonly nodeCount: number;
  readonly edgeFrom: ArrayLike<number>;
  readonly edgeTo: ArrayLike<number>;
  /** Direction index per edge (U, D, L, R). */
  readonly edgeMove: ArrayLike<number>;
  /** Class index per node (core/graph/classes). */
  readonly cls: ArrayLike<number>;
}

/** One attempt's trace and whether it ended solved. */
export interface TracedAttempt {
  readonly trace: string;
  readonly solved: boolean;
}

/** The most-travelled move from a solvable state into an unsolvable one. */
export interface WrongBranch {
  readonly edge: number;
  readonly from: number;
  readonly to: number;
  /** The move, U D L R. */
  readonly move: string;
  /** Attempts that took it. */
  readonly attempts: number;
  /** Attempts that reached the state it leaves. */
  readonly reached: number;
}

export interface Traffic {
  /** Attempts that passed each state (counted once per attempt). */
  readonly passes: Uint32Array;
  /** Attempts that took each edge (once per attempt). */
  readonly edgePasses: Uint32Array;
  /** Restarts made from each state. */
  readonly restarts: Uint32Array;
  /** Attempts that ended unsolved in each state (the state the player left). */
  readonly giveUps: Uint32Array;
  /** Attempts whose trace walked off the graph (a capped graph, or a trace of another grid): not counted. */
  readonly skipped: number;
  readonly attempts: number;
  readonly mostTravelledWrongBranch: WrongBranch | null;
}

/**
 * Walks every trace over the graph. O(E + total trace length).
 */
export function traceTraffic(graph: TrafficGraph, attempts: readonly TracedAttempt[]): Traffic {
  const n = graph.nodeCount, edges = graph.edgeFrom.length;
  const child = new Int32Array(n * 4).fill(-1), childEdge = new Int32Array(n * 4).fill(-1);
  for (let e = 0; e < edges; e++) {
    const slot = graph.edgeFrom[e]! * 4 + graph.edgeMove[e]!;
    child[slot] = graph.edgeTo[e]!;
    childEdge[slot] = e;
  }
  const passes = new Uint32Array(n), edgePasses = new Uint32Array(edges), restarts = new Uint32Array(n), giveUps = new Uint32Array(n);
  // Per-attempt "seen" marks without clearing: the attempt's number.
  const seenNode = new Int32Array(n).fill(-1), seenEdge = new Int32Array(edges).fill(-1);
  let skipped = 0, counted = 0;
  const stack: number[] = [];
  attempts.forEach((a, k) => {
    if (n === 0) {
      skipped++;
      return;
    }
    // First check the trace stays on the graph, so a bad one counts nowhere.
    stack.length = 0;
    stack.push(0);
    for (const ch of a.trace) {
      if (ch === UNDO) {
        if (stack.length > 1) stack.pop();
      } else if (ch === RESTART) stack.length = 1;
      else {
        const next = child[stack[stack.length - 1]! * 4 + DIRECTIONS.indexOf(ch as (typeof DIRECTIONS)[number])];
        if (next === undefined || next < 0) {
          skipped++;
          return;
        }
        stack.push(next);
      }
    }
    counted++;
    const visit = (node: number): void => {
      if (seenNode[node] !== k) {
        seenNode[node] = k;
        passes[node]!++;
      }
    };
    stack.length = 0;
    stack.push(0);
    visit(0);
    for (const ch of a.trace) {
      const at = stack[stack.length - 1]!;
      if (ch === UNDO) {
        if (stack.length > 1) stack.pop();
      } else if (ch === RESTART) {
        restarts[at]!++;
        stack.length = 1;
      } else {
        const slot = at * 4 + DIRECTIONS.indexOf(ch as (typeof DIRECTIONS)[number]);
        const next = child[slot]!, e = childEdge[slot]!;
        if (seenEdge[e] !== k) {
          seenEdge[e] = k;
          edgePasses[e]!++;
        }
        stack.push(next);
        visit(next);
      }
    }
    if (!a.solved) giveUps[stack[stack.length - 1]!]!++;
  });
  let best: WrongBranch | null = null;
  for (let e = 0; e < edges; e++) {
    const from = graph.edgeFrom[e]!, to = graph.edgeTo[e]!;
    if (edgePasses[e] === 0 || graph.cls[from] !== SOLUTION) continue;
    const c = graph.cls[to]!;
    if (c === SOLUTION || c === SUCCESS) continue;
    if (best === null || edgePasses[e]! > best.attempts || (edgePasses[e] === best.attempts && e < best.edge)) {
      best = { edge: e, from, to, move: DIRECTIONS[graph.edgeMove[e]!]!, attempts: edgePasses[e]!, reached: passes[from]! };
    }
  }
  return { passes, edgePasses, restarts, giveUps, skipped, attempts: counted, mostTravelledWrongBranch: best };
}
