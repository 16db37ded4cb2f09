/**
 * The cycle-safe classifier (SPEC §12) for rulesets whose state graph can
 * have cycles (paint: a slide that paints nothing new can be undone).
 *
 * 1. Strongly connected components by an iterative Tarjan; Tarjan finishes a
 *    component only after every component it reaches, so its output order is
 *    a reverse topological order of the condensation (sinks first).
 * 2. Classes per node in that order: success, fail, solution (a success is
 *    reachable: within a component all members agree), the ruleset's dead
 *    test, indeterminate.
 * 3. The random player (SPEC §4 made exact on cycles): an attempt ends at
 *    success (p = 1), or restarts at fail, dead or **trapped** (a component
 *    with no edge leaving it and no success: SPEC §12's "stuck" set, named
 *    trapped here so that "stuck" keeps its one meaning, the fail class of a
 *    state with no move left; p = 0, cost 0 from there). Every other
 *    state averages its children: p = mean p, decisions = [outdeg > 1] + mean,
 *    moves = 1 + mean. Inside a component that is a small linear system,
 *    solved by Gaussian elimination with partial pivoting; it is non-singular
 *    because a component that is not closed can be left from every member.
 * 4. Shortest solutions: BFS depth (state ids are in BFS order), path counts
 *    over edges that go one layer deeper.
 *
 * Cost: O(V + E) plus sum(k^3) over components of k transient states. For
 * paint a component never spans two paint sets (a move that paints something
 * cannot be undone), so k is at most the open cells.
 */
import * as C from './classes';
import type { ClassCounts } from './classes';
import { PATH_LIMIT, type Classification, type LevelFeatures } from './features';
import type { SearchGraph } from './solver';

// The class codes as module constants: read through an import binding they cost a property load per node under tsx's CommonJS transform.
const { DEAD, FAIL, INDETERMINATE, SOLUTION, SUCCESS } = C;

/** Scratch buffers reused across calls; {@link Classifier} delegates here for rulesets with cycles. */
export class CyclicClassifier {
  private cap = 0;
  private classes = new Uint8Array(0);
  private index = new Int32Array(0);
  private low = new Int32Array(0);
  private nextDir = new Uint8Array(0);
  private onStack = new Uint8Array(0);
  private sccStack = new Int32Array(0);
  private callStack = new Int32Array(0);
  private comp = new Int32Array(0);
  private members = new Int32Array(0);
  private compStart = new Int32Array(0);
  private reach = new Uint8Array(0);
  private absorbing = new Uint8Array(0);
  private p = new Float64Array(0);
  private cd = new Float64Array(0);
  private cm = new Float64Array(0);
  private local = new Int32Array(0);
  private shortCount = new Float64Array(0);
  /** The dense system of one component and its pivot row's nonzero columns, grown as needed. */
  private system = new Float64Array(0);
  private systemCols = new Int32Array(0);

  /** Same contract as {@link Classifier.classify}: views valid until the next call. */
  classify(g: SearchGraph): Classification {
    const n = g.stateCount;
    this.ensure(n);
    const compCount = this.components(g);
    const { classes, comp, members, compStart, reach, absorbing, p, cd, cm } = this;
    const { child, outdeg, filled, won, bits, stride, head, rules } = g;

    let nBranches = 0, nSolutions = 0, nFails = 0, nSolutionBranches = 0, nDead = 0, nIndeterminate = 0;
    let nIndeterminateBranches = 0, nSolutionNodes = 0;
    for (let k = 0; k < compCount; k++) {
      const from = compStart[k]!, to = compStart[k + 1]!;
      // Reach and closedness of the whole component.
      let reaches = false, closed = true, hasSuccess = false;
      for (let i = from; i < to; i++) {
        const s = members[i]!;
        if (won[s] === 1) {
          hasSuccess = true;
          reaches = true;
        }
        for (let d = 0; d < 4; d++) {
          const c = child[s * 4 + d]!;
          if (c < 0) continue;
          if (comp[c] !== k) {
            closed = false;
            if (reach[c] === 1) reaches = true;
          }
        }
      }
      const trapped = closed && !hasSuccess;
      for (let i = from; i < to; i++) {
        const s = members[i]!;
        const deg = outdeg[s]!;
        if (deg > 1) nBranches += deg - 1;
        reach[s] = reaches ? 1 : 0;
        absorbing[s] = 1;
        p[s] = 0;
        cd[s] = 0;
        cm[s] = 0;
        if (won[s] === 1) {
          classes[s] = SUCCESS;
          nSolutions++;
          p[s] = 1;
        } else if (deg === 0) {
          classes[s] = FAIL;
          nFails++;
        } else if (reaches) {
          classes[s] = SOLUTION;
          nSolutionNodes++;
          if (deg > 1) nSolutionBranches += deg - 1;
          absorbing[s] = trapped ? 1 : 0;
        } else if (rules.isDead(bits, s * stride, head[s]!, filled[s]!)) {
          classes[s] = DEAD;
          nDead++;
        } else {
          classes[s] = INDETERMINATE;
          nIndeterminate++;
          if (deg > 1) nIndeterminateBranches += deg - 1;
          absorbing[s] = trapped ? 1 : 0;
        }
      }
      this.solvePlayer(g, from, to);
    }

    const { length, count } = this.shortest(g);
    const p0 = p[0]!;
    const features: LevelFeatures = {
      nStates: n,
      size: g.topology.cellCount,
      nBranches,
      nSolutions,
      nFails,
      shortestSolutionLength: length,
      nSolutionBranches,
      nNonDead: n - nDead,
      nIndeterminate,
      nIndeterminateBranches,
      solutionPaths: null,
      expectedDecisions: p0 > 0 ? cd[0]! / p0 : Infinity,
      expectedMoves: p0 > 0 ? cm[0]! / p0 : Infinity,
      shortestSolutionCount: count,
    };
    const counts: ClassCounts = { success: nSolutions, fail: nFails, solution: nSolutionNodes, dead: nDead, indeterminate: nIndeterminate };
    return { classes: classes.subarray(0, n), counts, features, winProbability: p.subarray(0, n) };
  }

  /** Iterative Tarjan from the start (every state is reachable from it). Returns the component count. */
  private components(g: SearchGraph): number {
    const n = g.stateCount;
    const { index, low, nextDir, onStack, sccStack, callStack, comp, members, compStart } = this;
    const child = g.child;
    index.fill(-1, 0, n);
    let counter = 0, sccTop = 0, compCount = 0, memberPos = 0;
    for (let root = 0; root < n; root++) {
      if (index[root]! >= 0) continue;
      let callTop = 0;
      index[root] = low[root] = counter++;
      nextDir[root] = 0;
      sccStack[sccTop++] = root;
      onStack[root] = 1;
      callStack[callTop++] = root;
      while (callTop > 0) {
        const v = callStack[callTop - 1]!;
        const d = nextDir[v]!;
        if (d < 4) {
          nextDir[v] = d + 1;
          const w = child[v * 4 + d]!;
          if (w < 0) continue;
          if (index[w]! < 0) {
            index[w] = low[w] = counter++;
            nextDir[w] = 0;
            sccStack[sccTop++] = w;
            onStack[w] = 1;
            callStack[callTop++] = w;
          } else if (onStack[w] === 1 && index[w]! < low[v]!) {
            low[v] = index[w]!;
          }
          continue;
        }
        callTop--;
        if (callTop > 0) {
          const u = callStack[callTop - 1]!;
          if (low[v]! < low[u]!) low[u] = low[v]!;
        }
        if (low[v] === index[v]) {
          compStart[compCount] = memberPos;
          for (;;) {
            const x = sccStack[--sccTop]!;
            onStack[x] = 0;
            comp[x] = compCount;
            members[memberPos++] = x;
            if (x === v) break;
          }
          compCount++;
        }
      }
    }
    compStart[compCount] = memberPos;
    return compCount;
  }

  /** The random player's p, decisions and moves for the transient members of one component (its children are done). */
  private solvePlayer(g: SearchGraph, from: number, to: number): void {
    const { members, absorbing, comp, p, cd, cm, local } = this;
    const { child, outdeg } = g;
    let k = 0;
    for (let i = from; i < to; i++) {
      const s = members[i]!;
      if (absorbing[s] === 0) local[s] = k++;
    }
    if (k === 0) return;
    const compId = comp[members[from]!]!;
    if (to - from === 1) {
      // A single state, no self-loop (a move always changes the mover's cell): its children are all known.
      const s = members[from]!;
      const deg = outdeg[s]!;
      let sp = 0, sd = 0, sm = 0;
      for (let d = 0; d < 4; d++) {
        const c = child[s * 4 + d]!;
        if (c < 0) continue;
        sp += p[c]!;
        sd += cd[c]!;
        sm += cm[c]!;
      }
      p[s] = sp / deg;
      cd[s] = (deg > 1 ? 1 : 0) + sd / deg;
      cm[s] = 1 + sm / deg;
      return;
    }
    // (I - A) x = b for three right-hand sides, dense: k is small (see the file comment).
    const width = k + 3;
    if (this.system.length < k * width) this.system = new Float64Array(Math.max(k * width, 2 * this.system.length));
    if (this.systemCols.length < width) this.systemCols = new Int32Array(Math.max(width, 2 * this.systemCols.length));
    const m = this.system, cols = this.systemCols;
    m.fill(0, 0, k * width);
    for (let i = from; i < to; i++) {
      const s = members[i]!;
      if (absorbing[s] === 1) continue;
      const r = local[s]! * width;
      const deg = outdeg[s]!;
      const inv = 1 / deg;
      m[r + local[s]!] = 1;
      let bp = 0, bd = deg > 1 ? 1 : 0, bm = 1;
      for (let d = 0; d < 4; d++) {
        const c = child[s * 4 + d]!;
        if (c < 0) continue;
        if (comp[c] === compId && absorbing[c] === 0) {
          m[r + local[c]!]! -= inv;
        } else {
          bp += p[c]! * inv;
          bd += cd[c]! * inv;
          bm += cm[c]! * inv;
        }
      }
      m[r + k] = bp;
      m[r + k + 1] = bd;
      m[r + k + 2] = bm;
    }
    for (let col = 0; col < k; col++) {
      let pivot = col;
      for (let r = col + 1; r < k; r++) if (Math.abs(m[r * width + col]!) > Math.abs(m[pivot * width + col]!)) pivot = r;
      if (pivot !== col) {
        for (let j = col; j < width; j++) {
          const t = m[col * width + j]!;
          m[col * width + j] = m[pivot * width + j]!;
          m[pivot * width + j] = t;
        }
      }
      const piv = m[col * width + col]!;
      // The pivot row's nonzero columns: the system starts with at most four
      // entries a row and stays sparse, and a zero entry changes nothing
      // (x - f * 0 is x), so skipping them gives the same numbers.
      let nz = 0;
      for (let j = col; j < width; j++) if (m[col * width + j] !== 0) cols[nz++] = j;
      for (let r = 0; r < k; r++) {
        if (r === col) continue;
        const f = m[r * width + col]! / piv;
        if (f === 0) continue;
        const row = r * width, prow = col * width;
        for (let t = 0; t < nz; t++) {
          const j = cols[t]!;
          m[row + j]! -= f * m[prow + j]!;
        }
      }
    }
    for (let i = from; i < to; i++) {
      const s = members[i]!;
      if (absorbing[s] === 1) continue;
      const r = local[s]!;
      const diag = m[r * width + r]!;
      p[s] = m[r * width + k]! / diag;
      cd[s] = m[r * width + k + 1]! / diag;
      cm[s] = m[r * width + k + 2]! / diag;
    }
  }

  /** Fewest moves to a success and how many move sequences that short (BFS order: ids never decrease in depth). */
  private shortest(g: SearchGraph): { length: number; count: number } {
    const n = g.stateCount;
    const { child, depth, won } = g;
    const count = this.shortCount;
    count.fill(0, 0, n);
    count[0] = 1;
    let best = -1, total = 0;
    for (let s = 0; s < n; s++) {
      const ds = depth[s]!;
      if (best >= 0 && ds > best) break;
      if (won[s] === 1) {
        best = ds;
        total += count[s]!;
        continue;
      }
      for (let d = 0; d < 4; d++) {
        const c = child[s * 4 + d]!;
        if (c >= 0 && depth[c] === ds + 1) {
          const v = count[c]! + count[s]!;
          count[c] = v > PATH_LIMIT ? PATH_LIMIT : v;
        }
      }
    }
    return best < 0 ? { length: Infinity, count: 0 } : { length: best, count: total > PATH_LIMIT ? PATH_LIMIT : total };
  }

  private ensure(n: number): void {
    if (this.cap >= n) return;
    const cap = Math.max(n, this.cap * 2, 256);
    this.cap = cap;
    this.classes = new Uint8Array(cap);
    this.index = new Int32Array(cap);
    this.low = new Int32Array(cap);
    this.nextDir = new Uint8Array(cap);
    this.onStack = new Uint8Array(cap);
    this.sccStack = new Int32Array(cap);
    this.callStack = new Int32Array(cap);
    this.comp = new Int32Array(cap);
    this.members = new Int32Array(cap);
    this.compStart = new Int32Array(cap + 1);
    this.reach = new Uint8Array(cap);
    this.absorbing = new Uint8Array(cap);
    this.p = new Float64Array(cap);
    this.cd = new Float64Array(cap);
    this.cm = new Float64Array(cap);
    this.local = new Int32Array(cap);
    this.shortCount = new Float64Array(cap);
  }
}
