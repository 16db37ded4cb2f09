/**
 * Hints for a game: per level, a shortest solution, and the next move toward
 * a win from every state that can still be won, so a game's hint button
 * works wherever the player is (not only on the path it planned).
 *
 * Every ruleset (SPEC §12): Longcat, and rulesets whose graph has cycles
 * (paint), where the distances come from a breadth-first search backwards
 * from the won states.
 *
 * A state is named by a key the game can compute from its own grid:
 * `"<head>:<hex>"`, where `<head>` is the cat's head cell (the ball's cell
 * under paint; row-major index, `y * width + x`) and `<hex>` lists which
 * cells are covered (Longcat: the cat's head and body; paint: the painted
 * cells, the ball's included; walls not counted): the cells in row-major order, padded with
 * empty cells to a multiple of 4, each group of four written as one
 * lower-case hex digit with the first cell of the group as the highest bit
 * (8). Example: the start of the 3x3 level `C..` / `...` / `...` has its
 * head in cell 0 and fills only cell 0; the nine cells padded to twelve
 * read `1000 0000 0000`, so its key is `"0:800"`.
 *
 * The move given from a state is one that stays winnable and is on a
 * shortest way to a win from there (the first such of U, D, L, R).
 * Following the moves from any listed state wins the level. Cost: one
 * search of the level (O(states x cells / 32)) plus O(states) here.
 */
import { Solver } from '../graph/solver';
import { CELL_WALL, type Level } from '../level/level';
import { DIRECTIONS, type Direction } from '../rules/moves';
import { longcat } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';

/** Most winnable states listed per level; past it only the shortest solution is given. */
export const HINT_STATE_LIMIT = 5_000;
/** States searched per level at most (the studio's default cap). */
export const HINT_SEARCH_CAP = 200_000;

/** What a game gets per level. */
export interface LevelHints {
  /** A shortest solution as move letters (U, D, L, R), or null when the level has none (or is past the cap). */
  solution: string | null;
  /** The next move from every winnable state that is not yet won, by state key (absent past {@link HINT_STATE_LIMIT}). */
  next?: Record<string, Direction>;
  /** Why `next` is absent, when it is. */
  note?: string;
}

/** The key of a state (see the module comment) from its head cell and whether each cell is filled by the cat. */
export function hintKey(cellCount: number, head: number, filledByCat: (cell: number) => boolean): string {
  let hex = '';
  for (let c = 0; c < cellCount; c += 4) {
    let digit = 0;
    for (let j = 0; j < 4; j++) if (c + j < cellCount && filledByCat(c + j)) digit |= 8 >> j;
    hex += digit.toString(16);
  }
  return `${head}:${hex}`;
}

/**
 * Moves left to a win along a shortest way from every state (-1 when no win
 * is reachable), and the first direction (U, D, L, R order) on such a way:
 * a breadth-first search backwards from the won states, so it holds on
 * graphs with cycles. O(states).
 */
function distancesToWin(g: { stateCount: number; openCells: number; filled: Uint16Array; child: Int32Array }): { left: Int32Array; best: Int8Array } {
  const n = g.stateCount;
  // Parents in compressed rows: parents of c are from[start[c] .. start[c + 1]).
  const start = new Int32Array(n + 1);
  for (let e = 0; e < n * 4; e++) if (g.child[e]! >= 0) start[g.child[e]! + 1]!++;
  for (let c = 0; c < n; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, n);
  const from = new Int32Array(start[n]!);
  for (let e = 0; e < n * 4; e++) {
    const c = g.child[e]!;
    if (c >= 0) from[fill[c]!++] = e >> 2;
  }
  const left = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let s = 0; s < n; s++) {
    if (g.filled[s] === g.openCells) {
      left[s] = 0;
      queue[tail++] = s;
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) {
      const p = from[k]!;
      if (left[p]! < 0) {
        left[p] = left[c]! + 1;
        queue[tail++] = p;
      }
    }
  }
  const best = new Int8Array(n).fill(-1);
  for (let s = 0; s < n; s++) {
    if (left[s]! <= 0) continue;
    for (let d = 0; d < 4; d++) {
      const c = g.child[s * 4 + d]!;
      if (c >= 0 && left[c] === left[s]! - 1) {
        best[s] = d;
        break;
      }
    }
  }
  return { left, best };
}

/** Hints of one level under `rules` (default Longcat; see the module comment). Never throws on a valid level. */
export function levelHints(level: Level, options: { limit?: number; maxStates?: number; rules?: Ruleset } = {}): LevelHints {
  const limit = options.limit ?? HINT_STATE_LIMIT;
  const g = new Solver().search(level, options.maxStates ?? HINT_SEARCH_CAP, options.rules ?? longcat);
  if (!g.complete) return { solution: null, note: `more than ${(options.maxStates ?? HINT_SEARCH_CAP).toLocaleString('en-US')} states: no hints` };
  const n = g.stateCount;
  const { left, best } = distancesToWin(g);
  // Most cells covered first (a stable sort: ties in state order); reversed below, so the file reads from the start.
  const order = Array.from({ length: n }, (_, s) => s).sort((a, b) => g.filled[b]! - g.filled[a]!);
  let solution: string | null = null;
  if (left[0]! >= 0) {
    solution = '';
    for (let s = 0; left[s]! > 0; s = g.child[s * 4 + best[s]!]!) solution += DIRECTIONS[best[s]!];
  }
  const winnable = order.filter((s) => left[s]! > 0);
  if (winnable.length > limit) return { solution, note: `${winnable.length.toLocaleString('en-US')} winnable states, more than the ${limit.toLocaleString('en-US')} listed per level: the shortest solution only` };
  const next: Record<string, Direction> = {};
  const cellCount = level.width * level.height;
  // States in start-first order (fewest cells filled first), so the file reads from the start.
  for (const s of [...winnable].reverse()) {
    const word = s * g.stride;
    const key = hintKey(cellCount, g.head[s]!, (c) => level.cells[c] !== CELL_WALL && (g.bits[word + (c >>> 5)]! & (1 << (c & 31))) !== 0);
    next[key] = DIRECTIONS[best[s]!]!;
  }
  return { solution, next };
}
