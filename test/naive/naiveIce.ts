// Naive, deliberately simple reference solver for ice (SPEC §14). Used only
// as ground truth in tests. Shares no code with src/core (nor with the other
// naive solvers): everything here is derived from the spec text.
//
// A level is its text rows ('.' ice, '#' rock, 'C' start, 'G' goal). A state
// is the mover's position, written "x,y"; the string is the state key.

export type IceClass = 'success' | 'fail' | 'solution' | 'dead' | 'indeterminate';

export interface NaiveIceGraph {
  rows: string[];
  start: string;
  goal: string | null;
  /** BFS discovery order; order[0] is the start. */
  order: string[];
  /** Per state, its legal moves in U, D, L, R order and where each ends. */
  edges: Map<string, Array<[string, string]>>;
  depth: Map<string, number>;
  cls: Map<string, IceClass>;
}

const MOVES: Array<[string, number, number]> = [['U', 0, -1], ['D', 0, 1], ['L', -1, 0], ['R', 1, 0]];
const CAP = 2 ** 53;

function find(rows: string[], ch: string): string | null {
  for (let y = 0; y < rows.length; y++) {
    const x = rows[y]!.indexOf(ch);
    if (x >= 0) return `${x},${y}`;
  }
  return null;
}

function at(rows: string[], x: number, y: number): string {
  if (y < 0 || y >= rows.length || x < 0 || x >= rows[0]!.length) return '#';
  return rows[y]![x]!;
}

/** One move from `state`: null when the game is won there or the first cell is rock or outside. */
export function iceMove(rows: string[], state: string, move: string): string | null {
  const [sx, sy] = state.split(',').map(Number) as [number, number];
  if (at(rows, sx, sy) === 'G') return null;
  const [, dx, dy] = MOVES.find((m) => m[0] === move)!;
  let x = sx, y = sy;
  if (at(rows, x + dx, y + dy) === '#') return null;
  // Cell by cell until the next cell is rock or outside, or this cell is the goal.
  for (;;) {
    x += dx;
    y += dy;
    if (at(rows, x, y) === 'G') break;
    if (at(rows, x + dx, y + dy) === '#') break;
  }
  return `${x},${y}`;
}

/** Every state reachable from the start, with classes (SPEC §14: dead when no success state is reachable). */
export function iceGraph(rows: string[]): NaiveIceGraph {
  const start = find(rows, 'C')!;
  const goal = find(rows, 'G');
  const edges = new Map<string, Array<[string, string]>>();
  const depth = new Map<string, number>([[start, 0]]);
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    const s = order[i]!;
    const out: Array<[string, string]> = [];
    for (const [m] of MOVES) {
      const t = iceMove(rows, s, m);
      if (t === null) continue;
      out.push([m, t]);
      if (!depth.has(t)) {
        depth.set(t, depth.get(s)! + 1);
        order.push(t);
      }
    }
    edges.set(s, out);
  }
  // Which states can reach the goal: repeat until nothing changes (slow and obvious).
  const canWin = new Set<string>(goal !== null && depth.has(goal) ? [goal] : []);
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of order) {
      if (canWin.has(s)) continue;
      if (edges.get(s)!.some(([, t]) => canWin.has(t))) {
        canWin.add(s);
        changed = true;
      }
    }
  }
  const cls = new Map<string, IceClass>();
  for (const s of order) {
    if (s === goal) cls.set(s, 'success');
    else if (edges.get(s)!.length === 0) cls.set(s, 'fail');
    else if (canWin.has(s)) cls.set(s, 'solution');
    else cls.set(s, 'dead');
  }
  return { rows, start, goal, order, edges, depth, cls };
}

/** Class counts and the features SPEC §14 names (player model aside). */
export function iceFeatures(g: NaiveIceGraph): {
  classes: Record<IceClass, number>;
  features: { nStates: number; size: number; nBranches: number; nSolutions: number; nFails: number; shortestSolutionLength: number; nSolutionBranches: number; nNonDead: number; nIndeterminate: number; nIndeterminateBranches: number; solutionPaths: null; shortestSolutionCount: number };
} {
  const classes: Record<IceClass, number> = { success: 0, fail: 0, solution: 0, dead: 0, indeterminate: 0 };
  let nBranches = 0, nSolutionBranches = 0;
  for (const s of g.order) {
    const c = g.cls.get(s)!;
    classes[c]++;
    const extra = Math.max(0, g.edges.get(s)!.length - 1);
    nBranches += extra;
    if (c === 'solution') nSolutionBranches += extra;
  }
  const shortest = g.goal !== null && g.depth.has(g.goal) ? g.depth.get(g.goal)! : Infinity;
  // Move sequences of exactly `shortest` moves that end on the goal, layer by layer.
  let count = 0;
  if (shortest !== Infinity) {
    let layer = new Map<string, number>([[g.start, 1]]);
    for (let d = 0; d < shortest; d++) {
      const next = new Map<string, number>();
      for (const [s, ways] of layer) for (const [, t] of g.edges.get(s)!) next.set(t, Math.min(CAP, (next.get(t) ?? 0) + ways));
      layer = next;
    }
    count = layer.get(g.goal!) ?? 0;
  }
  return {
    classes,
    features: {
      nStates: g.order.length,
      size: g.rows.length * g.rows[0]!.length,
      nBranches,
      nSolutions: classes.success,
      nFails: classes.fail,
      shortestSolutionLength: shortest,
      nSolutionBranches,
      nNonDead: g.order.length - classes.dead,
      nIndeterminate: 0,
      nIndeterminateBranches: 0,
      solutionPaths: null,
      shortestSolutionCount: count,
    },
  };
}

/** One shortest solution (move letters), or null when the goal cannot be reached. */
export function iceSolution(rows: string[]): string | null {
  const g = iceGraph(rows);
  if (g.goal === null || !g.depth.has(g.goal)) return null;
  const how = new Map<string, string>([[g.start, '']]);
  for (const s of g.order) for (const [m, t] of g.edges.get(s)!) if (!how.has(t)) how.set(t, how.get(s)! + m);
  return how.get(g.goal)!;
}

/**
 * The random player (SPEC §12's model): uniform over legal moves, an attempt
 * ends on the goal (p = 1) or on a fail or dead state (p = 0). Plain
 * Jacobi sweeps until nothing moves by 1e-13; the expected cost until
 * success is c / p at the start.
 */
export function iceRandomPlayer(g: NaiveIceGraph): { p: number; expectedMoves: number; expectedDecisions: number } {
  // The values by state number (g.order's), each solution state's children as numbers: the same sweeps
  // and the same arithmetic as over the states' strings, without a string lookup per edge per sweep.
  const id = new Map<string, number>();
  g.order.forEach((s, i) => id.set(s, i));
  const n = g.order.length;
  let p = new Float64Array(n), m = new Float64Array(n), d = new Float64Array(n);
  const solving: number[] = [], children: number[][] = [];
  g.order.forEach((s, i) => {
    p[i] = g.cls.get(s) === 'success' ? 1 : 0;
    if (g.cls.get(s) === 'solution') {
      solving.push(i);
      children.push(g.edges.get(s)!.map(([, t]) => id.get(t)!));
    }
  });
  for (let sweep = 0; sweep < 2_000_000; sweep++) {
    const np = p.slice(), nm = m.slice(), nd = d.slice();
    let change = 0;
    for (let j = 0; j < solving.length; j++) {
      const s = solving[j]!, out = children[j]!;
      const k = out.length;
      let a = 0, b = 0, c = 0;
      for (const t of out) {
        a += p[t]!;
        b += m[t]!;
        c += d[t]!;
      }
      np[s] = a / k;
      nm[s] = 1 + b / k;
      nd[s] = (k > 1 ? 1 : 0) + c / k;
      change = Math.max(change, Math.abs(a / k - p[s]!), Math.abs(1 + b / k - m[s]!) / (1 + b / k), Math.abs((k > 1 ? 1 : 0) + c / k - d[s]!) / Math.max(1, (k > 1 ? 1 : 0) + c / k));
    }
    p = np;
    m = nm;
    d = nd;
    if (change < 1e-13) break;
  }
  const start = id.get(g.start)!, p0 = p[start]!;
  return { p: p0, expectedMoves: p0 > 0 ? m[start]! / p0 : Infinity, expectedDecisions: p0 > 0 ? d[start]! / p0 : Infinity };
}
