/**
 * Graph features (SPEC §4, thesis ch. 3), the exact random-player model, and
 * the node classes they are built from — all in one O(V + E) pass over the
 * DAG in reverse topological order (by filled-cell count, which strictly
 * increases along every edge).
 */
import { DEAD, FAIL, INDETERMINATE, SOLUTION, SUCCESS, type ClassCounts } from './classes';
import type { SearchGraph } from './solver';

/** Every feature of SPEC §4 under its spec name. */
export interface LevelFeatures {
  nStates: number;
  size: number;
  nBranches: number;
  nSolutions: number;
  nFails: number;
  /** Fewest moves from the start to a success state: 0 when the start is already won; Infinity if unsolvable (JSON and packs write null). */
  shortestSolutionLength: number;
  nSolutionBranches: number;
  nNonDead: number;
  nIndeterminate: number;
  nIndeterminateBranches: number;
  /** Distinct move sequences from start to success, saturating at 2^53. */
  solutionPaths: number;
  /** Random player: expected decisions (visits to states with outdeg > 1) until success; Infinity if unsolvable. */
  expectedDecisions: number;
  /** Random player: expected moves until success; Infinity if unsolvable. */
  expectedMoves: number;
}

/** Every feature, in the order reports and files list them. */
export const FEATURE_NAMES = [
  'nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'shortestSolutionLength', 'nSolutionBranches',
  'nNonDead', 'nIndeterminate', 'nIndeterminateBranches', 'solutionPaths', 'expectedDecisions', 'expectedMoves',
] as const satisfies readonly (keyof LevelFeatures)[];
/** One of {@link FEATURE_NAMES}. */
export type FeatureName = (typeof FEATURE_NAMES)[number];

const PATH_LIMIT = 2 ** 53;

/** Per-node results of {@link classify}, valid for the graph it was given. */
export interface Classification {
  readonly classes: Uint8Array;
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
  /** Probability that the random player, starting an attempt at this node, reaches success. */
  readonly winProbability: Float64Array;
}

/** Scratch buffers reused across calls (one per worker/thread). */
export class Classifier {
  private classes = new Uint8Array(0);
  private order = new Int32Array(0);
  private bucket = new Int32Array(0);
  private paths = new Float64Array(0);
  private p = new Float64Array(0);
  private cd = new Float64Array(0);
  private cm = new Float64Array(0);
  private stack = new Int16Array(256);
  private seen = new Uint32Array(256);
  private seenStamp = 0;

  /**
   * Classifies every node and computes the features. The graph must be
   * complete (a capped search has no exact classes). The returned arrays are
   * views into this classifier's buffers, valid until its next call.
   */
  classify(g: SearchGraph): Classification {
    if (!g.complete) throw new Error('classify needs a complete graph; check graph.complete first');
    const n = g.stateCount;
    this.ensure(n, g.openCells, g.topology.cellCount);
    const { classes, order, bucket, paths, p, cd, cm } = this;
    const { child, outdeg, filled, openCells } = g;

    // Counting sort by filled count, descending: children before parents.
    bucket.fill(0, 0, openCells + 2);
    for (let s = 0; s < n; s++) bucket[filled[s]!]!++;
    let pos = 0;
    for (let f = openCells; f >= 1; f--) {
      const c = bucket[f]!;
      bucket[f] = pos;
      pos += c;
    }
    for (let s = 0; s < n; s++) order[bucket[filled[s]!]!++] = s;

    let nBranches = 0, nSolutions = 0, nFails = 0, nSolutionBranches = 0, nDead = 0, nIndeterminate = 0;
    let nIndeterminateBranches = 0, nSolutionNodes = 0;
    let shortest = -1;
    for (let k = 0; k < n; k++) {
      const s = order[k]!;
      const deg = outdeg[s]!;
      if (deg > 1) nBranches += deg - 1;
      if (filled[s] === openCells) {
        classes[s] = SUCCESS;
        nSolutions++;
        paths[s] = 1;
        p[s] = 1;
        cd[s] = 0;
        cm[s] = 0;
        const d = g.depth[s]!;
        if (shortest < 0 || d < shortest) shortest = d;
        continue;
      }
      if (deg === 0) {
        classes[s] = FAIL;
        nFails++;
        paths[s] = 0;
        p[s] = 0;
        cd[s] = 0;
        cm[s] = 0;
        continue;
      }
      let sumPaths = 0, sumP = 0, sumD = 0, sumM = 0;
      for (let d = 0; d < 4; d++) {
        const c = child[s * 4 + d]!;
        if (c < 0) continue;
        sumPaths += paths[c]!;
        sumP += p[c]!;
        sumD += cd[c]!;
        sumM += cm[c]!;
      }
      paths[s] = sumPaths > PATH_LIMIT ? PATH_LIMIT : sumPaths;
      if (sumPaths > 0) {
        classes[s] = SOLUTION;
        nSolutionNodes++;
        if (deg > 1) nSolutionBranches += deg - 1;
      } else if (this.isDead(g, s)) {
        classes[s] = DEAD;
        nDead++;
        p[s] = 0;
        cd[s] = 0;
        cm[s] = 0;
        continue;
      } else {
        classes[s] = INDETERMINATE;
        nIndeterminate++;
        if (deg > 1) nIndeterminateBranches += deg - 1;
      }
      p[s] = sumP / deg;
      cd[s] = (deg > 1 ? 1 : 0) + sumD / deg;
      cm[s] = 1 + sumM / deg;
    }

    const p0 = p[0]!;
    const features: LevelFeatures = {
      nStates: n,
      size: g.topology.cellCount,
      nBranches,
      nSolutions,
      nFails,
      shortestSolutionLength: shortest < 0 ? Infinity : shortest,
      nSolutionBranches,
      nNonDead: n - nDead,
      nIndeterminate,
      nIndeterminateBranches,
      solutionPaths: paths[0]!,
      expectedDecisions: p0 > 0 ? cd[0]! / p0 : Infinity,
      expectedMoves: p0 > 0 ? cm[0]! / p0 : Infinity,
    };
    const counts: ClassCounts = {
      success: nSolutions,
      fail: nFails,
      solution: nSolutionNodes,
      dead: nDead,
      indeterminate: nIndeterminate,
    };
    return { classes: classes.subarray(0, n), counts, features, winProbability: p.subarray(0, n) };
  }

  /** True when the state's empty cells form two or more 4-connected components. */
  private isDead(g: SearchGraph, s: number): boolean {
    const { stride, bits } = g;
    const nb = g.topology.neighbour;
    const base = s * stride;
    const empty = g.openCells - g.filled[s]!;
    if (empty < 2) return false;
    // First empty cell.
    let first = -1;
    for (let w = 0; w < stride && first < 0; w++) {
      let free = ~bits[base + w]!;
      if (w === stride - 1 && (g.topology.cellCount & 31) !== 0) free &= (1 << (g.topology.cellCount & 31)) - 1;
      if (free !== 0) first = w * 32 + (31 - Math.clz32(free & -free));
    }
    this.seenStamp = (this.seenStamp + 1) >>> 0;
    if (this.seenStamp === 0) {
      this.seen.fill(0);
      this.seenStamp = 1;
    }
    const stamp = this.seenStamp, seen = this.seen, stack = this.stack;
    let top = 0, reached = 1;
    stack[top++] = first;
    seen[first] = stamp;
    while (top > 0) {
      const c = stack[--top]!;
      for (let d = 0; d < 4; d++) {
        const m = nb[c * 4 + d]!;
        if (m < 0 || seen[m] === stamp || (bits[base + (m >>> 5)]! & (1 << (m & 31))) !== 0) continue;
        seen[m] = stamp;
        reached++;
        stack[top++] = m;
      }
    }
    return reached < empty;
  }

  private ensure(n: number, openCells: number, cellCount: number): void {
    if (this.classes.length < n) {
      const cap = Math.max(n, this.classes.length * 2, 256);
      this.classes = new Uint8Array(cap);
      this.order = new Int32Array(cap);
      this.paths = new Float64Array(cap);
      this.p = new Float64Array(cap);
      this.cd = new Float64Array(cap);
      this.cm = new Float64Array(cap);
    }
    if (this.bucket.length < openCells + 2) this.bucket = new Int32Array(openCells + 2);
    if (this.seen.length < cellCount) {
      this.seen = new Uint32Array(cellCount);
      this.stack = new Int16Array(cellCount);
      this.seenStamp = 0;
    }
  }
}
