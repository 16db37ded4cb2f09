// Naive, deliberately simple reference solver for paint (SPEC §12). Used
// only as ground truth in tests. Shares no code with src/core (nor with the
// Longcat naive solver): everything here is derived from the spec text.
//
// A state is a string of length W*H, row-major:
//   '.' unpainted, '#' wall, 'P' painted, 'O' the ball (its cell is painted).
// The string itself is the state key.

export interface NaivePaintFeatures {
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
  solutionPaths: null;
  shortestSolutionCount: number;
}

export type PaintClass = 'success' | 'fail' | 'solution' | 'dead' | 'indeterminate';

export interface NaivePaintGraph {
  w: number;
  h: number;
  start: string;
  /** BFS discovery order; order[0] is the start. */
  order: string[];
  edges: Map<string, Array<[string, string]>>;
  depth: Map<string, number>;
  cls: Map<string, PaintClass>;
}

const STEPS: Array<[string, number, number]> = [['U', 0, -1], ['D', 0, 1], ['L', -1, 0], ['R', 1, 0]];
const LIMIT = 2 ** 53;

/** The start state of rows in the level text format ('C' is the ball). */
export function paintStart(rows: string[]): { w: number; h: number; start: string } {
  const w = rows[0]!.length;
  const start = rows.join('').replace('C', 'O');
  if (start.split('O').length !== 2) throw new Error('exactly one C');
  return { w, h: rows.length, start };
}

export function paintWon(state: string): boolean {
  return !state.includes('.');
}

/** The ball's slide: the cells it passes, the last being where it stops ([] when the first cell is wall or outside). */
function slidePath(walls: string, w: number, h: number, from: number, dx: number, dy: number): number[] {
  const path: number[] = [];
  let x = from % w, y = Math.floor(from / w);
  for (;;) {
    const nx = x + dx, ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= w || ny >= h || walls[ny * w + nx] === '#') return path;
    x = nx;
    y = ny;
    path.push(y * w + x);
  }
}

/** One move, or null when illegal (or the level is already won: the game is over). */
export function paintStep(state: string, w: number, h: number, move: string): string | null {
  if (paintWon(state)) return null;
  const step = STEPS.find((s) => s[0] === move)!;
  const path = slidePath(state, w, h, state.indexOf('O'), step[1], step[2]);
  if (path.length === 0) return null;
  const cells = state.split('');
  cells[state.indexOf('O')] = 'P';
  for (const c of path) cells[c] = 'P';
  cells[path[path.length - 1]!] = 'O';
  return cells.join('');
}

export function paintSuccessors(state: string, w: number, h: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [m] of STEPS) {
    const next = paintStep(state, w, h, m);
    if (next !== null) out.push([m, next]);
  }
  return out;
}

/** One shortest solution (a move string) by breadth-first search over these rules, or null when the level cannot be won. */
export function paintSolution(rows: string[]): string | null {
  const { w, h, start } = paintStart(rows);
  const seen = new Map<string, string>([[start, '']]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    if (paintWon(s)) return seen.get(s)!;
    for (const [m, next] of paintSuccessors(s, w, h)) {
      if (seen.has(next)) continue;
      seen.set(next, seen.get(s)! + m);
      queue.push(next);
    }
  }
  return null;
}

/** Dead by SPEC §12: an unpainted cell lies on no slide from any cell the ball can reach (paint ignored). */
export function paintDead(state: string, w: number, h: number): boolean {
  const reach = new Set<number>([state.indexOf('O')]);
  const queue = [...reach];
  const covered = new Set<number>(queue);
  while (queue.length > 0) {
    const q = queue.shift()!;
    for (const [, dx, dy] of STEPS) {
      const path = slidePath(state, w, h, q, dx, dy);
      for (const c of path) covered.add(c);
      const end = path[path.length - 1];
      if (end !== undefined && !reach.has(end)) {
        reach.add(end);
        queue.push(end);
      }
    }
  }
  for (let c = 0; c < state.length; c++) if (state[c] === '.' && !covered.has(c)) return true;
  return false;
}

/** The whole state graph by BFS, with classes. `dead` can be swapped for a weaker test (the stuck-rule tests). */
export function paintGraph(rows: string[], dead: (s: string, w: number, h: number) => boolean = paintDead): NaivePaintGraph {
  const { w, h, start } = paintStart(rows);
  const edges = new Map<string, Array<[string, string]>>();
  const depth = new Map<string, number>([[start, 0]]);
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    const s = order[i]!;
    const succ = paintSuccessors(s, w, h);
    edges.set(s, succ);
    for (const [, t] of succ) {
      if (!depth.has(t)) {
        depth.set(t, depth.get(s)! + 1);
        order.push(t);
      }
    }
  }
  // Solution: a success state is reachable. Backward search from every success over reversed edges.
  const parents = new Map<string, string[]>();
  for (const s of order) for (const [, t] of edges.get(s)!) parents.set(t, [...(parents.get(t) ?? []), s]);
  const canWin = new Set(order.filter(paintWon));
  const stack = [...canWin];
  while (stack.length > 0) {
    for (const p of parents.get(stack.pop()!) ?? []) {
      if (!canWin.has(p)) {
        canWin.add(p);
        stack.push(p);
      }
    }
  }
  const cls = new Map<string, PaintClass>();
  for (const s of order) {
    if (paintWon(s)) cls.set(s, 'success');
    else if (edges.get(s)!.length === 0) cls.set(s, 'fail');
    else if (canWin.has(s)) cls.set(s, 'solution');
    else if (dead(s, w, h)) cls.set(s, 'dead');
    else cls.set(s, 'indeterminate');
  }
  return { w, h, start, order, edges, depth, cls };
}

/** Every feature of SPEC §4 / §12 except the player model, from the naive graph. */
export function paintFeatures(g: NaivePaintGraph): { classes: Record<PaintClass, number>; features: NaivePaintFeatures } {
  const classes: Record<PaintClass, number> = { success: 0, fail: 0, solution: 0, dead: 0, indeterminate: 0 };
  let nBranches = 0, nSolutionBranches = 0, nIndeterminateBranches = 0, shortest = Infinity;
  for (const s of g.order) {
    const c = g.cls.get(s)!;
    classes[c]++;
    const extra = Math.max(0, g.edges.get(s)!.length - 1);
    nBranches += extra;
    if (c === 'solution') nSolutionBranches += extra;
    if (c === 'indeterminate') nIndeterminateBranches += extra;
    if (c === 'success') shortest = Math.min(shortest, g.depth.get(s)!);
  }
  // Count move sequences of exactly `shortest` moves that end on a success (a success state ends the game).
  let count = 0;
  if (shortest !== Infinity) {
    let layer = new Map<string, number>([[g.start, 1]]);
    for (let d = 0; d < shortest; d++) {
      const next = new Map<string, number>();
      for (const [s, ways] of layer) for (const [, t] of g.edges.get(s)!) next.set(t, Math.min(LIMIT, (next.get(t) ?? 0) + ways));
      layer = next;
    }
    for (const [s, ways] of layer) if (paintWon(s)) count = Math.min(LIMIT, count + ways);
  }
  const n = g.order.length;
  return {
    classes,
    features: {
      nStates: n,
      size: g.w * g.h,
      nBranches,
      nSolutions: classes.success,
      nFails: classes.fail,
      shortestSolutionLength: shortest,
      nSolutionBranches,
      nNonDead: n - classes.dead,
      nIndeterminate: classes.indeterminate,
      nIndeterminateBranches,
      solutionPaths: null,
      shortestSolutionCount: count,
    },
  };
}

/** States that can never reach success, fail or dead: the ones that end up in a closed set (stuck), by plain reachability. */
export function paintStuck(g: NaivePaintGraph): Set<string> {
  const reach = (s: string): Set<string> => {
    const seen = new Set([s]);
    const todo = [s];
    while (todo.length > 0) {
      for (const [, t] of g.edges.get(todo.pop()!)!) {
        if (!seen.has(t)) {
          seen.add(t);
          todo.push(t);
        }
      }
    }
    return seen;
  };
  const stuck = new Set<string>();
  for (const s of g.order) {
    const c = g.cls.get(s)!;
    if (c !== 'indeterminate') continue;
    // s is in a closed set with no success when every state it reaches reaches s back.
    const mine = reach(s);
    if ([...mine].every((t) => g.cls.get(t) === 'indeterminate' && reach(t).has(s))) stuck.add(s);
  }
  return stuck;
}

/**
 * The random player by value iteration (Gauss-Seidel sweeps until nothing
 * moves by more than 1e-13): p(s) = mean p(children), decisions(s) =
 * [outdeg > 1] + mean, moves(s) = 1 + mean; an attempt ends at success
 * (p = 1), fail, dead or a `stopped` state (p = 0, no further cost).
 * Returns the expected cost until success, c / p at the start.
 */
export function paintValueIteration(g: NaivePaintGraph, stopped: Set<string> = new Set()): { expectedDecisions: number; expectedMoves: number; p: number } {
  // The values by state number (g.order's), each live state's children as numbers: the same sweeps and
  // the same arithmetic as over the states' strings, without a string lookup per edge per sweep.
  const id = new Map<string, number>();
  g.order.forEach((s, i) => id.set(s, i));
  const p = new Float64Array(g.order.length), cd = new Float64Array(g.order.length), cm = new Float64Array(g.order.length);
  const live: number[] = [], children: number[][] = [];
  g.order.forEach((s, i) => {
    const c = g.cls.get(s)!;
    p[i] = c === 'success' ? 1 : 0;
    if ((c === 'solution' || c === 'indeterminate') && !stopped.has(s)) {
      live.push(i);
      children.push(g.edges.get(s)!.map(([, t]) => id.get(t)!));
    }
  });
  for (let sweep = 0; sweep < 1_000_000; sweep++) {
    let change = 0;
    for (let j = 0; j < live.length; j++) {
      const s = live[j]!, succ = children[j]!;
      const k = succ.length;
      let sp = 0, sd = 0, sm = 0;
      for (const t of succ) {
        sp += p[t]!;
        sd += cd[t]!;
        sm += cm[t]!;
      }
      const np = sp / k, nd = (k > 1 ? 1 : 0) + sd / k, nm = 1 + sm / k;
      change = Math.max(change, Math.abs(np - p[s]!), Math.abs(nd - cd[s]!) / Math.max(1, nd), Math.abs(nm - cm[s]!) / Math.max(1, nm));
      p[s] = np;
      cd[s] = nd;
      cm[s] = nm;
    }
    if (change < 1e-13) break;
  }
  const start = id.get(g.start)!, p0 = p[start]!;
  return { p: p0, expectedDecisions: p0 > 0 ? cd[start]! / p0 : Infinity, expectedMoves: p0 > 0 ? cm[start]! / p0 : Infinity };
}
