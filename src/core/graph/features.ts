/**
 * Graph features (SPEC §4, §12, thesis ch. 3), the exact random-player model,
 * and the node classes they are built from, over any ruleset.
 *
 * Fast path (an acyclic ruleset, Longcat): one O(V + E) pass over the DAG in
 * reverse topological order (by covered-cell count, which strictly increases
 * along every edge). Cycle-safe path (paint): strongly connected components,
 * the trapped-set rule and a per-component solve, in `cyclic.ts`.
 */
import * as C from './classes';
import type { ClassCounts } from './classes';
import { CyclicClassifier } from './cyclic';
import type { SearchGraph } from './solver';

// The class codes as module constants: read through an import binding they cost a property load per node under tsx's CommonJS transform.
const { DEAD, FAIL, INDETERMINATE, SOLUTION, SUCCESS } = C;
/** Class placeholder inside {@link Classifier.classify}: no path to success, dead test not yet run. */
const UNDECIDED = 255;

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
  /** Distinct move sequences from start to success, saturating at 2^53; null for a ruleset whose graph can have cycles (SPEC §12). */
  solutionPaths: number | null;
  /** Distinct shortest solutions (move sequences of length `shortestSolutionLength`), saturating at 2^53; 0 if unsolvable.
   * Always set by the {@link Classifier}; optional only because feature records saved before it existed lack it. */
  shortestSolutionCount?: number;
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

/**
 * A feature as a number for models and charts: `solutionPaths` is null for
 * rulesets with cycles, which reads as NaN here (a model over it gives NaN,
 * never a silent 0).
 */
export function featureNumber(features: LevelFeatures, name: FeatureName): number {
  const v = features[name];
  return v === null ? NaN : v;
}

/** Saturation of path counts (2^53). */
export const PATH_LIMIT = 2 ** 53;

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
  private dist = new Int32Array(0);
  private shortCount = new Float64Array(0);
  private cyclic: CyclicClassifier | undefined;

  /**
   * Classifies every node and computes the features. The graph must be
   * complete (a capped search has no exact classes). The returned arrays are
   * views into this classifier's buffers, valid until its next call.
   */
  classify(g: SearchGraph): Classification {
    if (!g.complete) throw new Error('classify needs a complete graph; check graph.complete first');
    if (!g.ruleset.acyclic) {
      this.cyclic ??= new CyclicClassifier();
      return this.cyclic.classify(g);
    }
    const { counts, features } = this.acyclic(g);
    const n = g.stateCount;
    return { classes: this.classes.subarray(0, n), counts, features, winProbability: this.p.subarray(0, n) };
  }

  /**
   * The class counts and features of {@link classify} without the per-node
   * views (what a level's analysis reports; saves making two views per level
   * on hot paths).
   */
  summarize(g: SearchGraph): { readonly counts: ClassCounts; readonly features: LevelFeatures } {
    if (!g.complete) throw new Error('classify needs a complete graph; check graph.complete first');
    if (!g.ruleset.acyclic) {
      this.cyclic ??= new CyclicClassifier();
      const c = this.cyclic.classify(g);
      return { counts: c.counts, features: c.features };
    }
    return this.acyclic(g);
  }

  /** The fast path of an acyclic ruleset: classes, player model and features into this classifier's buffers. */
  private acyclic(g: SearchGraph): { readonly counts: ClassCounts; readonly features: LevelFeatures } {
    const n = g.stateCount;
    this.ensure(n, g.openCells);
    const { classes, order, bucket, paths, p, cd, cm, dist, shortCount } = this;
    const { child, outdeg, filled, openCells, won, bits, stride, head } = g;
    const rules = g.rules;

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

    // The dead test runs only on states with no path to success. Where the ruleset's dead test
    // is inherited, a dead state's movable children are dead too, and a state with a movable
    // child that is not dead is not dead either. Over two words per state the test costs more
    // than another two passes: it is deferred to a parents-first pass that inherits it, and
    // the player model is recomputed after. Up to two words one children-first pass does all.
    const inherited = g.ruleset.deadInherited === true;
    const defer = inherited && stride > 2;
    let nBranches = 0, nSolutions = 0, nFails = 0, nSolutionBranches = 0, nDead = 0, nIndeterminate = 0;
    let nIndeterminateBranches = 0, nSolutionNodes = 0;
    for (let k = 0; k < n; k++) {
      const s = order[k]!;
      const deg = outdeg[s]!;
      if (deg > 1) nBranches += deg - 1;
      if (won[s] === 1) {
        classes[s] = SUCCESS;
        nSolutions++;
        paths[s] = 1;
        p[s] = 1;
        cd[s] = 0;
        cm[s] = 0;
        dist[s] = 0;
        shortCount[s] = 1;
        continue;
      }
      if (deg === 0) {
        classes[s] = FAIL;
        nFails++;
        paths[s] = 0;
        p[s] = 0;
        cd[s] = 0;
        cm[s] = 0;
        dist[s] = -1;
        continue;
      }
      let sumPaths = 0, sumP = 0, sumD = 0, sumM = 0;
      let best = -1, bestCount = 0, aliveChild = false;
      for (let at = s * 4, end = at + 4; at < end; at++) {
        const c = child[at]!;
        if (c < 0) continue;
        sumPaths += paths[c]!;
        sumP += p[c]!;
        sumD += cd[c]!;
        sumM += cm[c]!;
        const dc = dist[c]!;
        if (dc >= 0) {
          if (best < 0 || dc < best) {
            best = dc;
            bestCount = shortCount[c]!;
          } else if (dc === best) bestCount += shortCount[c]!;
        }
        if (classes[c] === INDETERMINATE) aliveChild = true;
      }
      paths[s] = sumPaths > PATH_LIMIT ? PATH_LIMIT : sumPaths;
      dist[s] = best < 0 ? -1 : best + 1;
      shortCount[s] = bestCount > PATH_LIMIT ? PATH_LIMIT : bestCount;
      if (sumPaths > 0) {
        classes[s] = SOLUTION;
        nSolutionNodes++;
        if (deg > 1) nSolutionBranches += deg - 1;
      } else if (defer) {
        classes[s] = UNDECIDED;
        continue;
      } else if (!(inherited && aliveChild) && rules.isDead(bits, s * stride, head[s]!, filled[s]!)) {
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

    if (defer) {
      // Parents first: dead (inherited, or tested where no parent is dead) or indeterminate.
      for (let k = n - 1; k >= 0; k--) {
        const s = order[k]!;
        let cls = classes[s]!;
        if (cls === UNDECIDED) {
          cls = rules.isDead(bits, s * stride, head[s]!, filled[s]!) ? DEAD : INDETERMINATE;
          classes[s] = cls;
        }
        if (cls === DEAD) {
          for (let at = s * 4, end = at + 4; at < end; at++) {
            const c = child[at]!;
            if (c >= 0 && classes[c] === UNDECIDED) classes[c] = DEAD;
          }
        }
      }
      // Children first again: the random player over the final classes.
      for (let k = 0; k < n; k++) {
        const s = order[k]!;
        const cls = classes[s]!;
        if (cls === DEAD) {
          nDead++;
          p[s] = 0;
          cd[s] = 0;
          cm[s] = 0;
          continue;
        }
        if (cls !== SOLUTION && cls !== INDETERMINATE) continue;
        const deg = outdeg[s]!;
        if (cls === INDETERMINATE) {
          nIndeterminate++;
          if (deg > 1) nIndeterminateBranches += deg - 1;
        }
        let sumP = 0, sumD = 0, sumM = 0;
        for (let at = s * 4, end = at + 4; at < end; at++) {
          const c = child[at]!;
          if (c < 0) continue;
          sumP += p[c]!;
          sumD += cd[c]!;
          sumM += cm[c]!;
        }
        p[s] = sumP / deg;
        cd[s] = (deg > 1 ? 1 : 0) + sumD / deg;
        cm[s] = 1 + sumM / deg;
      }
    }

    const p0 = p[0]!;
    const features: LevelFeatures = {
      nStates: n,
      size: g.topology.cellCount,
      nBranches,
      nSolutions,
      nFails,
      shortestSolutionLength: dist[0]! < 0 ? Infinity : dist[0]!,
      nSolutionBranches,
      nNonDead: n - nDead,
      nIndeterminate,
      nIndeterminateBranches,
      solutionPaths: paths[0]!,
      expectedDecisions: p0 > 0 ? cd[0]! / p0 : Infinity,
      expectedMoves: p0 > 0 ? cm[0]! / p0 : Infinity,
      shortestSolutionCount: dist[0]! < 0 ? 0 : shortCount[0]!,
    };
    const counts: ClassCounts = {
      success: nSolutions,
      fail: nFails,
      solution: nSolutionNodes,
      dead: nDead,
      indeterminate: nIndeterminate,
    };
    return { counts, features };
  }

  private ensure(n: number, openCells: number): void {
    if (this.classes.length < n) {
      const cap = Math.max(n, this.classes.length * 2, 256);
      this.classes = new Uint8Array(cap);
      this.order = new Int32Array(cap);
      this.paths = new Float64Array(cap);
      this.p = new Float64Array(cap);
      this.cd = new Float64Array(cap);
      this.cm = new Float64Array(cap);
      this.dist = new Int32Array(cap);
      this.shortCount = new Float64Array(cap);
    }
    if (this.bucket.length < openCells + 2) this.bucket = new Int32Array(openCells + 2);
  }
}
