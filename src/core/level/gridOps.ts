/**
 * Grid operations for the editor's tools (rectangle, line, flood fill,
 * selections with copy, cut, paste and move, shifting, anchored resize and
 * crop). Pure functions of a {@link Level}: each returns a new level (or the
 * same object when nothing changes) and never moves, covers or drops the
 * head silently: an operation that would lose it returns an error instead.
 */
import { err, ok, type Result } from '../util/result';
import { CELL_EMPTY, CELL_WALL, MAX_SIDE, MIN_SIDE, type Level } from './level';

/** A cell rectangle, corners included: x0 <= x1, y0 <= y1. */
export interface CellRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What a selection copies: walls and empty cells (the head is never copied). */
export interface Clip {
  readonly width: number;
  readonly height: number;
  /** `CELL_EMPTY` or `CELL_WALL` per cell, row-major. */
  readonly cells: Uint8Array;
}

export type GridKind = 'wall' | 'empty';

const kindCode = (kind: GridKind): number => (kind === 'wall' ? CELL_WALL : CELL_EMPTY);

function withCells(level: Level, cells: Uint8Array, head = level.head): Level {
  return { width: level.width, height: level.height, cells, head, ...(level.name !== undefined ? { name: level.name } : {}) };
}

/** The rectangle spanned by two cells (in either order), clipped to the grid. O(1). */
export function rectBetween(width: number, height: number, a: number, b: number): CellRect {
  const ax = a % width, ay = Math.floor(a / width), bx = b % width, by = Math.floor(b / width);
  return {
    x0: Math.max(0, Math.min(ax, bx)),
    y0: Math.max(0, Math.min(ay, by)),
    x1: Math.min(width - 1, Math.max(ax, bx)),
    y1: Math.min(height - 1, Math.max(ay, by)),
  };
}

/** Cell indices inside a rectangle, row by row. O(area). */
export function rectCells(width: number, rect: CellRect): number[] {
  const out: number[] = [];
  for (let y = rect.y0; y <= rect.y1; y++) for (let x = rect.x0; x <= rect.x1; x++) out.push(y * width + x);
  return out;
}

/** Cell indices on the rectangle's border only (an outline). O(perimeter). */
export function rectOutline(width: number, rect: CellRect): number[] {
  return rectCells(width, rect).filter((c) => {
    const x = c % width, y = Math.floor(c / width);
    return x === rect.x0 || x === rect.x1 || y === rect.y0 || y === rect.y1;
  });
}

/**
 * Sets `cells` to `kind`, leaving the head's cell open (a wall on the head
 * would make the level invalid). Returns `level` itself when nothing changes. O(cells).
 */
export function paintCells(level: Level, cells: Iterable<number>, kind: GridKind): Level {
  const code = kindCode(kind);
  let out: Uint8Array | null = null;
  for (const c of cells) {
    if (c < 0 || c >= level.cells.length || c === level.head || level.cells[c] === code) continue;
    out ??= level.cells.slice();
    out[c] = code;
  }
  return out === null ? level : withCells(level, out);
}

/**
 * The 4-connected region of cells of the same kind as `cell` (the head's cell
 * counts as empty), `cell` included. O(region).
 */
export function floodRegion(level: Level, cell: number): number[] {
  const { width, height, cells } = level;
  if (cell < 0 || cell >= cells.length) return [];
  const kind = cells[cell];
  const seen = new Uint8Array(cells.length);
  const out: number[] = [];
  const stack = [cell];
  seen[cell] = 1;
  while (stack.length > 0) {
    const c = stack.pop()!;
    out.push(c);
    const x = c % width, y = Math.floor(c / width);
    const next = [x > 0 ? c - 1 : -1, x < width - 1 ? c + 1 : -1, y > 0 ? c - width : -1, y < height - 1 ? c + width : -1];
    for (const n of next) {
      if (n >= 0 && !seen[n] && cells[n] === kind) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/** Flood fill: the region of `cell` becomes `kind` (the head's cell stays open). O(region). */
export function floodFill(level: Level, cell: number, kind: GridKind): Level {
  return paintCells(level, floodRegion(level, cell), kind);
}

/** Copies the rectangle's walls and empty cells (the head's cell copies as empty). O(area). */
export function copyRect(level: Level, rect: CellRect): Clip {
  const width = rect.x1 - rect.x0 + 1, height = rect.y1 - rect.y0 + 1;
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells[y * width + x] = level.cells[(rect.y0 + y) * level.width + rect.x0 + x]!;
  return { width, height, cells };
}

/** Empties the rectangle (cut = {@link copyRect} then this). O(area). */
export function clearRect(level: Level, rect: CellRect): Level {
  return paintCells(level, rectCells(level.width, rect), 'empty');
}

/**
 * Pastes `clip` with its top-left at (x, y); the part outside the grid is
 * dropped, and the head's cell stays open (its walls are not pasted there).
 * O(clip area).
 */
export function pasteClip(level: Level, clip: Clip, x: number, y: number): Level {
  let out: Uint8Array | null = null;
  for (let cy = 0; cy < clip.height; cy++) {
    for (let cx = 0; cx < clip.width; cx++) {
      const tx = x + cx, ty = y + cy;
      if (tx < 0 || ty < 0 || tx >= level.width || ty >= level.height) continue;
      const c = ty * level.width + tx;
      const code = clip.cells[cy * clip.width + cx]!;
      if (c === level.head || level.cells[c] === code) continue;
      out ??= level.cells.slice();
      out[c] = code;
    }
  }
  return out === null ? level : withCells(level, out);
}

/**
 * Moves the rectangle's content by (dx, dy): the old place is emptied, then
 * the content pasted at the new place (clipped to the grid). The head does
 * not move. O(area).
 */
export function moveRect(level: Level, rect: CellRect, dx: number, dy: number): Level {
  if (dx === 0 && dy === 0) return level;
  return pasteClip(clearRect(level, rect), copyRect(level, rect), rect.x0 + dx, rect.y0 + dy);
}

/**
 * Shifts the whole content (walls and head) by (dx, dy), wrapping round the
 * edges so nothing is lost: shifting back restores the level. O(cells).
 */
export function shiftLevel(level: Level, dx: number, dy: number): Level {
  const { width, height } = level;
  const sx = ((dx % width) + width) % width, sy = ((dy % height) + height) % height;
  if (sx === 0 && sy === 0) return level;
  const cells = new Uint8Array(level.cells.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells[((y + sy) % height) * width + ((x + sx) % width)] = level.cells[y * width + x]!;
  const hx = level.head % width, hy = Math.floor(level.head / width);
  return withCells(level, cells, ((hy + sy) % height) * width + ((hx + sx) % width));
}

/** Where the old content sits in a resized grid: -1 start (left/top), 0 centre, 1 end (right/bottom). */
export interface Anchor {
  readonly x: -1 | 0 | 1;
  readonly y: -1 | 0 | 1;
}

/** A size outside 3..16, or a resize that would cut the head off. */
export interface ResizeError {
  readonly reason: 'size' | 'head';
  readonly message: string;
}

/**
 * Resizes to width x height keeping the content at the anchor (new cells are
 * empty; cells that fall outside are dropped). Refused, with a sentence, when
 * a side is outside 3..16 or the head would fall outside. O(cells).
 */
export function resizeAnchored(level: Level, width: number, height: number, anchor: Anchor): Result<Level, ResizeError> {
  for (const [axis, n] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(n) || n < MIN_SIDE || n > MAX_SIDE) return err({ reason: 'size', message: `A ${axis} of ${n} cannot be used: levels are ${MIN_SIDE} to ${MAX_SIDE} cells on a side.` });
  }
  const offset = (a: -1 | 0 | 1, from: number, to: number): number => (a === -1 ? 0 : a === 1 ? to - from : Math.trunc((to - from) / 2));
  const ox = offset(anchor.x, level.width, width), oy = offset(anchor.y, level.height, height);
  const hx = (level.head % level.width) + ox, hy = Math.floor(level.head / level.width) + oy;
  if (hx < 0 || hy < 0 || hx >= width || hy >= height) return err({ reason: 'head', message: 'That resize would cut the cat off the grid: move the head or choose another anchor.' });
  if (width === level.width && height === level.height) return ok(level);
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < level.height; y++) {
    for (let x = 0; x < level.width; x++) {
      const tx = x + ox, ty = y + oy;
      if (tx >= 0 && ty >= 0 && tx < width && ty < height) cells[ty * width + tx] = level.cells[y * level.width + x]!;
    }
  }
  return ok({ width, height, cells, head: hy * width + hx, ...(level.name !== undefined ? { name: level.name } : {}) });
}

/**
 * The smallest rectangle holding every open cell (the head included), grown
 * to at least 3x3 (with walls) where the content is narrower. O(cells).
 */
export function contentBounds(level: Level): CellRect {
  let x0 = level.width, y0 = level.height, x1 = -1, y1 = -1;
  for (let c = 0; c < level.cells.length; c++) {
    if (level.cells[c] !== CELL_EMPTY && c !== level.head) continue;
    const x = c % level.width, y = Math.floor(c / level.width);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const grow = (lo: number, hi: number, size: number): [number, number] => {
    while (hi - lo + 1 < MIN_SIDE) {
      if (hi < size - 1) hi++;
      else lo--;
    }
    return [lo, hi];
  };
  [x0, x1] = grow(x0, x1, level.width);
  [y0, y1] = grow(y0, y1, level.height);
  return { x0, y0, x1, y1 };
}

/**
 * Crops the walls around the content ({@link contentBounds}): the puzzle is
 * unchanged (outside the grid counts as wall). O(cells).
 */
export function cropToContent(level: Level): Level {
  const b = contentBounds(level);
  if (b.x0 === 0 && b.y0 === 0 && b.x1 === level.width - 1 && b.y1 === level.height - 1) return level;
  const clip = copyRect(level, b);
  const hx = (level.head % level.width) - b.x0, hy = Math.floor(level.head / level.width) - b.y0;
  return { width: clip.width, height: clip.height, cells: clip.cells, head: hy * clip.width + hx, ...(level.name !== undefined ? { name: level.name } : {}) };
}

/**
 * A clip as text, one row per line: `#` wall, `.` empty (the form Ctrl+C
 * puts on the system clipboard). O(area).
 */
export function clipText(clip: Clip): string {
  const rows: string[] = [];
  for (let y = 0; y < clip.height; y++) {
    let row = '';
    for (let x = 0; x < clip.width; x++) row += clip.cells[y * clip.width + x] === CELL_WALL ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}

/**
 * The clip a text holds, or null when it is not a block of cells: rows of
 * equal length made only of `#` and `.` (no head: so never a level, whose
 * text always has exactly one `C`), at most `maxSide` on each side.
 * Surrounding blank lines and trailing spaces are ignored. O(length).
 */
export function parseClipText(text: string, maxSide = 16): Clip | null {
  const rows = text.replace(/\r\n?/g, '\n').split('\n').map((r) => r.trimEnd());
  while (rows.length > 0 && rows[0] === '') rows.shift();
  while (rows.length > 0 && rows.at(-1) === '') rows.pop();
  const width = rows[0]?.length ?? 0;
  if (rows.length === 0 || rows.length > maxSide || width === 0 || width > maxSide) return null;
  if (!rows.every((r) => r.length === width && /^[#.]+$/.test(r))) return null;
  const cells = new Uint8Array(width * rows.length);
  rows.forEach((r, y) => [...r].forEach((ch, x) => (cells[y * width + x] = ch === '#' ? CELL_WALL : CELL_EMPTY)));
  return { width, height: rows.length, cells };
}
