// Naive, deliberately simple reference solver for Longcat (SPEC §1, §3, §4).
// Used only as ground truth in tests. Independent of src/core/graph and
// src/core/generators: everything here is derived from the spec text.
//
// A state is a string of length W*H, row-major, with characters
//   '.' empty, '#' wall, 'B' body, 'C' head.
// The string itself is the state key (head cell + filled cells are encoded).

export interface NaiveAnalysis {
  nStates: number;
  classes: { success: number; fail: number; solution: number; dead: number; indeterminate: number };
  features: {
    nStates: number;
    size: number;
    nBranches: number;
    nSolutions: number;
    nFails: number;
    shortestSolutionLength: number;
    nSolutionBranches: number;
    nNonDead: number;
    nIndeterminate: number;
    nIndeterminateBranches: number;
    solutionPaths: number;
    expectedDecisions: number;
    expectedMoves: number;
    /** Move sequences of length shortestSolutionLength that win (0 when unsolvable). */
    shortestSolutionCount: number;
  };
}

export type NaiveClass = 'success' | 'fail' | 'solution' | 'dead' | 'indeterminate';

export interface NaiveLevel {
  w: number;
  h: number;
  start: string;
}

export const DIRS: ReadonlyArray<{ name: string; dx: number; dy: number }> = [
  { name: 'U', dx: 0, dy: -1 },
  { name: 'D', dx: 0, dy: 1 },
  { name: 'L', dx: -1, dy: 0 },
  { name: 'R', dx: 1, dy: 0 },
];

export const PATH_CAP = 2 ** 53;

export function naiveParse(rows: string[]): NaiveLevel {
  if (rows.length === 0) throw new Error('no rows');
  const w = rows[0]!.length;
  if (w === 0) throw new Error('empty row');
  let heads = 0;
  for (const row of rows) {
    if (row.length !== w) throw new Error('ragged rows');
    for (const ch of row) {
      if (ch !== '.' && ch !== '#' && ch !== 'C') throw new Error(`bad char ${ch}`);
      if (ch === 'C') heads++;
    }
  }
  if (heads !== 1) throw new Error(`expected exactly one head, got ${heads}`);
  return { w, h: rows.length, start: rows.join('') };
}

/** Apply one move; returns the new state, or null if the move is illegal. */
export function naiveStep(state: string, w: number, h: number, dir: string): string | null {
  const d = DIRS.find((x) => x.name === dir);
  if (!d) throw new Error(`bad move ${dir}`);
  const cells = state.split('');
  const head = cells.indexOf('C');
  let x = head % w;
  let y = Math.floor(head / w);
  let steps = 0;
  for (;;) {
    const nx = x + d.dx;
    const ny = y + d.dy;
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) break; // outside = wall
    if (cells[ny * w + nx] !== '.') break; // wall or body
    cells[y * w + x] = 'B'; // the cell it leaves becomes body
    x = nx;
    y = ny;
    cells[y * w + x] = 'C';
    steps++;
  }
  return steps === 0 ? null : cells.join('');
}

/** Legal moves in U, D, L, R order as [moveName, nextState]. */
export function naiveSuccessors(state: string, w: number, h: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const d of DIRS) {
    const next = naiveStep(state, w, h, d.name);
    if (next !== null) out.push([d.name, next]);
  }
  return out;
}

export function isWon(state: string): boolean {
  return !state.includes('.');
}

/** A solution by the naive rules (depth-first: the first winning path found, not the shortest), or null when there is none. */
export function naiveSolution(rows: string[]): string | null {
  const { w, h, start } = naiveParse(rows);
  const go = (state: string, path: string): string | null => {
    if (isWon(state)) return path;
    for (const [m, next] of naiveSuccessors(state, w, h)) {
      const found = go(next, path + m);
      if (found !== null) return found;
    }
    return null;
  };
  return go(start, '');
}

/** Number of 4-connected components formed by the empty cells ('.'). */
export function emptyComponents(state: string, w: number, h: number): number {
  const seen = new Set<number>();
  let comps = 0;
  for (let i = 0; i < state.length; i++) {
    if (state[i] !== '.' || seen.has(i)) continue;
    comps++;
    const stack = [i];
    seen.add(i);
    while (stack.length > 0) {
      const c = stack.pop()!;
      const cx = c % w;
      const cy = Math.floor(c / w);
      for (const d of DIRS) {
        const nx = cx + d.dx;
        const ny = cy + d.dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = ny * w + nx;
        if (state[n] === '.' && !seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
  }
  return comps;
}

export function naiveMoves(rows: string[], moves: string): { ok: boolean; won: boolean; failedAt?: number } {
  const { w, h, start } = naiveParse(rows);
  let state = start;
  for (let i = 0; i < moves.length; i++) {
    const next = naiveStep(state, w, h, moves[i]!);
    // Illegal move: stop; `won` describes the last state actually reached.
    if (next === null) return { ok: false, won: isWon(state), failedAt: i };
    state = next;
  }
  return { ok: true, won: isWon(state) };
}

export interface NaiveGraph {
  w: number;
  h: number;
  start: string;
  /** BFS discovery order; order[0] === start. */
  order: string[];
  edges: Map<string, Array<[string, string]>>;
  depth: Map<string, number>;
  cls: Map<string, NaiveClass>;
}

export function naiveGraph(rows: string[]): NaiveGraph {
  const { w, h, start } = naiveParse(rows);
  const edges = new Map<string, Array<[string, string]>>();
  const depth = new Map<string, number>([[start, 0]]);
  const order: string[] = [start];
  for (let qi = 0; qi < order.length; qi++) {
    const s = order[qi]!;
    const succ = naiveSuccessors(s, w, h);
    edges.set(s, succ);
    for (const [, t] of succ) {
      if (!depth.has(t)) {
        depth.set(t, depth.get(s)! + 1);
        order.push(t);
      }
    }
  }

  // canWin(s): a success node is reachable from s (s itself included).
  const canWinMemo = new Map<string, boolean>();
  const canWin = (s: string): boolean => {
    const m = canWinMemo.get(s);
    if (m !== undefined) return m;
    const r = isWon(s) || edges.get(s)!.some(([, t]) => canWin(t));
    canWinMemo.set(s, r);
    return r;
  };

  const cls = new Map<string, NaiveClass>();
  for (const s of order) {
    const outdeg = edges.get(s)!.length;
    let c: NaiveClass;
    if (isWon(s)) c = 'success';
    else if (outdeg === 0) c = 'fail';
    else if (canWin(s)) c = 'solution';
    else if (emptyComponents(s, w, h) >= 2) c = 'dead';
    else c = 'indeterminate';
    cls.set(s, c);
  }
  return { w, h, start, order, edges, depth, cls };
}

export function naiveAnalyze(rows: string[]): NaiveAnalysis {
  const g = naiveGraph(rows);
  const classes = { success: 0, fail: 0, solution: 0, dead: 0, indeterminate: 0 };
  let nBranches = 0;
  let nSolutionBranches = 0;
  let nIndeterminateBranches = 0;
  let shortest = Infinity;
  for (const s of g.order) {
    const c = g.cls.get(s)!;
    classes[c]++;
    const extra = Math.max(0, g.edges.get(s)!.length - 1);
    nBranches += extra;
    if (c === 'solution') nSolutionBranches += extra;
    if (c === 'indeterminate') nIndeterminateBranches += extra;
    if (c === 'success') shortest = Math.min(shortest, g.depth.get(s)!);
  }

  // Distinct move sequences from s to any success node, saturating at 2^53.
  const pathsMemo = new Map<string, number>();
  const paths = (s: string): number => {
    const m = pathsMemo.get(s);
    if (m !== undefined) return m;
    let r = isWon(s) ? 1 : 0;
    for (const [, t] of g.edges.get(s)!) r = Math.min(PATH_CAP, r + paths(t));
    pathsMemo.set(s, r);
    return r;
  };

  // Random player, one attempt from s:
  //   terminal (success / fail / dead): p = success ? 1 : 0, no further cost;
  //   otherwise: uniform over legal moves; one decision if outdeg > 1; one
  //   move per edge taken.
  type Attempt = { p: number; dec: number; mv: number };
  const attemptMemo = new Map<string, Attempt>();
  const attempt = (s: string): Attempt => {
    const m = attemptMemo.get(s);
    if (m !== undefined) return m;
    const c = g.cls.get(s)!;
    let r: Attempt;
    if (c === 'success') r = { p: 1, dec: 0, mv: 0 };
    else if (c === 'fail' || c === 'dead') r = { p: 0, dec: 0, mv: 0 };
    else {
      const succ = g.edges.get(s)!;
      const k = succ.length;
      let p = 0;
      let dec = 0;
      let mv = 0;
      for (const [, t] of succ) {
        const a = attempt(t);
        p += a.p;
        dec += a.dec;
        mv += 1 + a.mv;
      }
      r = { p: p / k, dec: (k > 1 ? 1 : 0) + dec / k, mv: mv / k };
    }
    attemptMemo.set(s, r);
    return r;
  };

  // Shortest solutions: walk the BFS layers forward, counting the ways to reach each state in exactly its depth.
  let shortestCount = 0;
  if (shortest !== Infinity) {
    let layer = new Map<string, number>([[g.start, 1]]);
    for (let d = 0; d < shortest; d++) {
      const next = new Map<string, number>();
      for (const [s, ways] of layer) {
        for (const [, t] of g.edges.get(s)!) if (g.depth.get(t) === d + 1) next.set(t, Math.min(PATH_CAP, (next.get(t) ?? 0) + ways));
      }
      layer = next;
    }
    for (const [s, ways] of layer) if (isWon(s)) shortestCount = Math.min(PATH_CAP, shortestCount + ways);
  }

  const a = attempt(g.start);
  const expectedDecisions = a.p > 0 ? a.dec / a.p : Infinity;
  const expectedMoves = a.p > 0 ? a.mv / a.p : Infinity;
  const nStates = g.order.length;

  return {
    nStates,
    classes,
    features: {
      nStates,
      size: g.w * g.h,
      nBranches,
      nSolutions: classes.success,
      nFails: classes.fail,
      shortestSolutionLength: shortest,
      nSolutionBranches,
      nNonDead: nStates - classes.dead,
      nIndeterminate: classes.indeterminate,
      nIndeterminateBranches,
      solutionPaths: paths(g.start),
      expectedDecisions,
      expectedMoves,
      shortestSolutionCount: shortestCount,
    },
  };
}
