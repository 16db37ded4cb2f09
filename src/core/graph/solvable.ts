/**
 * Fast solvability check: depth-first search that stops at the first success,
 * remembers states already refuted, and prunes dead states (empty cells in 2+
 * components can never all be filled by one connected slide path). Used by
 * puzzle-up generators, which test many nearly empty grids whose full graphs
 * would be large.
 */
import { CELL_WALL, type Level } from '../level/level';
import { topology } from '../rules/moves';

const MAX_CELLS = 256;

/** Whether a level is solvable, and the work spent finding out. */
export interface SolvableResult {
  readonly solvable: boolean;
  /** States expanded; when the budget ran out, `solvable` is false and `exhausted` true. */
  readonly expanded: number;
  readonly exhausted: boolean;
}

/** Is the level solvable? Gives up (exhausted) after `budget` expansions. */
export function checkSolvable(level: Level, budget = 200_000): SolvableResult {
  const topo = topology(level.width, level.height);
  const nb = topo.neighbour;
  const n = topo.cellCount;
  const filled = new Uint8Array(n);
  let empty = 0;
  for (let c = 0; c < n; c++) {
    if (level.cells[c] === CELL_WALL || c === level.head) filled[c] = 1;
    else empty++;
  }
  const refuted = new Set<string>();
  const seen = new Uint32Array(MAX_CELLS);
  const stack = new Int16Array(MAX_CELLS);
  let stamp = 0;
  let expanded = 0;
  let exhausted = false;

  const connected = (): boolean => {
    if (empty < 2) return true;
    let first = 0;
    while (filled[first] === 1) first++;
    stamp++;
    let top = 0, reached = 1;
    stack[top++] = first;
    seen[first] = stamp;
    while (top > 0) {
      const c = stack[--top]!;
      for (let d = 0; d < 4; d++) {
        const m = nb[c * 4 + d]!;
        if (m < 0 || filled[m] === 1 || seen[m] === stamp) continue;
        seen[m] = stamp;
        reached++;
        stack[top++] = m;
      }
    }
    return reached === empty;
  };

  const key = (head: number): string => {
    let s = String(head) + ':';
    for (let c = 0; c < n; c += 16) {
      let v = 0;
      for (let b = 0; b < 16 && c + b < n; b++) if (filled[c + b] === 1) v |= 1 << b;
      s += String.fromCharCode(v + 1);
    }
    return s;
  };

  const path: number[] = [];
  const dfs = (head: number): boolean => {
    if (empty === 0) return true;
    if (!connected()) return false;
    const k = key(head);
    if (refuted.has(k)) return false;
    if (++expanded > budget) {
      exhausted = true;
      return false;
    }
    for (let d = 0; d < 4; d++) {
      let c = head;
      const start = path.length;
      for (let m = nb[c * 4 + d]!; m >= 0 && filled[m] === 0; m = nb[c * 4 + d]!) {
        filled[m] = 1;
        empty--;
        path.push(m);
        c = m;
      }
      if (path.length === start) continue;
      const won = dfs(c);
      while (path.length > start) {
        filled[path.pop()!] = 0;
        empty++;
      }
      if (won) return true;
      if (exhausted) return false;
    }
    refuted.add(k);
    return false;
  };

  const solvable = dfs(level.head);
  return { solvable, expanded, exhausted };
}
