/**
 * Pure editing operations on a {@link Level} (the editor's verbs). Each
 * returns a new level, or the same object when nothing changed, so callers
 * can skip history entries and re-analysis with a reference check.
 * Names are not part of the content here: the store keeps the name apart.
 */
import { CELL_EMPTY, CELL_GOAL, CELL_WALL, MAX_SIDE, MIN_SIDE, type Level } from '../../core/level/level';

export type PaintKind = 'wall' | 'empty';
/** `goal`: the ruleset's unique goal cell (ice, SPEC §14); the toolbar offers it only where the ruleset has one. */
export type Tool = PaintKind | 'head' | 'goal';

/** Content only: width, height, cells, head (a name on the input is dropped). */
function make(width: number, height: number, cells: Uint8Array, head: number): Level {
  return { width, height, cells, head };
}

/** Strips the name, if any, so history and analysis compare content only. */
export function contentOf(level: Level): Level {
  return level.name === undefined ? level : make(level.width, level.height, level.cells, level.head);
}

/** Paints one cell. Walls are never painted over the head (the head stays). */
export function paintCell(level: Level, cell: number, kind: PaintKind): Level {
  if (cell < 0 || cell >= level.cells.length) return level;
  const value = kind === 'wall' ? CELL_WALL : CELL_EMPTY;
  if (level.cells[cell] === value || (kind === 'wall' && cell === level.head)) return level;
  const cells = level.cells.slice();
  cells[cell] = value;
  return make(level.width, level.height, cells, level.head);
}

/** Moves the head to `cell`, which becomes open. */
export function placeHead(level: Level, cell: number): Level {
  if (cell < 0 || cell >= level.cells.length) return level;
  if (cell === level.head && level.cells[cell] === CELL_EMPTY) return level;
  const cells = level.cells.slice();
  cells[cell] = CELL_EMPTY;
  return make(level.width, level.height, cells, cell);
}

/** Moves the goal to `cell` (a level has at most one; the old goal becomes open). Never on the head. */
export function placeGoal(level: Level, cell: number): Level {
  if (cell < 0 || cell >= level.cells.length || cell === level.head || level.cells[cell] === CELL_GOAL) return level;
  const cells = level.cells.slice();
  for (let i = 0; i < cells.length; i++) if (cells[i] === CELL_GOAL) cells[i] = CELL_EMPTY;
  cells[cell] = CELL_GOAL;
  return make(level.width, level.height, cells, level.head);
}

/** Applies a tool at a cell. */
export function applyTool(level: Level, cell: number, tool: Tool): Level {
  return tool === 'head' ? placeHead(level, cell) : tool === 'goal' ? placeGoal(level, cell) : paintCell(level, cell, tool);
}

/** Clamps a side length into the allowed range. */
export function clampSide(n: number): number {
  if (!Number.isFinite(n)) return MIN_SIDE;
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(n)));
}

/**
 * Resizes, anchored at the top-left: kept cells keep their content, new
 * cells are empty, and a head that would fall outside moves to the nearest
 * inside cell (made open).
 */
export function resizeLevel(level: Level, width: number, height: number): Level {
  const w = clampSide(width), h = clampSide(height);
  if (w === level.width && h === level.height) return level;
  const cells = new Uint8Array(w * h);
  for (let y = 0; y < Math.min(h, level.height); y++) {
    for (let x = 0; x < Math.min(w, level.width); x++) cells[y * w + x] = level.cells[y * level.width + x]!;
  }
  const hx = Math.min(level.head % level.width, w - 1);
  const hy = Math.min(Math.floor(level.head / level.width), h - 1);
  const head = hy * w + hx;
  cells[head] = CELL_EMPTY;
  return make(w, h, cells, head);
}

/** Every cell empty, the head (and a goal) where it was. */
export function clearLevel(level: Level): Level {
  if (level.cells.every((c) => c === CELL_EMPTY || c === CELL_GOAL)) return level;
  return make(level.width, level.height, level.cells.map((c) => (c === CELL_GOAL ? CELL_GOAL : CELL_EMPTY)), level.head);
}

/** Mirror left-right (`horizontal`) or top-bottom (`vertical`). */
export function mirrorLevel(level: Level, axis: 'horizontal' | 'vertical'): Level {
  const { width: w, height: h } = level;
  const map = (x: number, y: number): number => (axis === 'horizontal' ? y * w + (w - 1 - x) : (h - 1 - y) * w + x);
  const cells = new Uint8Array(w * h);
  let head = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const from = y * w + x, to = map(x, y);
      cells[to] = level.cells[from]!;
      if (from === level.head) head = to;
    }
  }
  return make(w, h, cells, head);
}

/** Rotates a quarter turn, clockwise (`1`) or counter-clockwise (`-1`); width and height swap. */
export function rotateLevel(level: Level, turn: 1 | -1): Level {
  const { width: w, height: h } = level;
  const nw = h, nh = w;
  const cells = new Uint8Array(w * h);
  let head = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Clockwise: (x, y) -> (h - 1 - y, x); counter-clockwise: (x, y) -> (y, w - 1 - x).
      const nx = turn === 1 ? h - 1 - y : y;
      const ny = turn === 1 ? x : w - 1 - x;
      const from = y * w + x, to = ny * nw + nx;
      cells[to] = level.cells[from]!;
      if (from === level.head) head = to;
    }
  }
  return make(nw, nh, cells, head);
}

/**
 * Cells on the straight line from `a` to `b` (Bresenham, both ends
 * included), so a fast drag paints every cell it crossed.
 */
export function cellsOnLine(width: number, a: number, b: number): number[] {
  let x0 = a % width, y0 = Math.floor(a / width);
  const x1 = b % width, y1 = Math.floor(b / width);
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  let e = dx + dy;
  const out: number[] = [];
  for (;;) {
    out.push(y0 * width + x0);
    if (x0 === x1 && y0 === y1) return out;
    const e2 = 2 * e;
    if (e2 >= dy) {
      e += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      e += dx;
      y0 += sy;
    }
  }
}

/**
 * The level a fresh studio opens with: RSD 7x7, seed 42, iteration 13 —
 * solvable, with every node class in its graph (61 states), so each panel
 * has something to show.
 */
export const STARTER_ROWS = ['#######', 'C..#...', '##...#.', '..#....', '....#..', '...#..#', '.....##'] as const;
