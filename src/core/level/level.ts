/**
 * The level grid. A level is W x H cells (3..16 per side), each empty, wall
 * or goal, plus exactly one head cell (which is not a wall). Which cell kinds
 * a game uses is its ruleset's business (`Ruleset.cellKinds`, `levelProblem`):
 * Longcat and paint have no goal, ice has exactly one. Cells are indexed
 * row-major from the top-left: `index = y * width + x`.
 *
 * Levels are plain immutable values: functions here return new levels.
 */
export const MIN_SIDE = 3;
/** Largest width or height. */
export const MAX_SIDE = 16;

/** Cell value: empty (the head's cell too). */
export const CELL_EMPTY = 0;
/** Cell value: wall. */
export const CELL_WALL = 1;
/** Cell value: a goal (open; ice's end of the game, SPEC §14). */
export const CELL_GOAL = 2;

/**
 * A level: width and height in 3..16, one value per cell (row-major) and the
 * head's cell index, which is never a wall. Parsers build only valid levels;
 * treat a level as immutable once made.
 */
export interface Level {
  readonly width: number;
  readonly height: number;
  /** `CELL_EMPTY`, `CELL_WALL` or `CELL_GOAL` per cell; the head's cell is `CELL_EMPTY`. */
  readonly cells: Uint8Array;
  /** Cell index of the cat's head. */
  readonly head: number;
  readonly name?: string;
}

/** True when `n` is an allowed side length. */
export function isSideInRange(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE;
}

/** An all-empty level with the head at `head` (default top-left). */
export function emptyLevel(width: number, height: number, head = 0, name?: string): Level {
  return { width, height, cells: new Uint8Array(width * height), head, ...(name !== undefined ? { name } : {}) };
}

/** Number of open (non-wall) cells, head included. */
export function openCellCount(level: Level): number {
  let n = 0;
  for (let i = 0; i < level.cells.length; i++) if (level.cells[i] !== CELL_WALL) n++;
  return n;
}

/**
 * Canonical key of a level's content (size, walls, head; not the name).
 * Two levels are duplicates exactly when their keys are equal.
 */
export function levelKey(level: Level): string {
  return `${level.width}x${level.height}:${toRows(level).join('/')}`;
}

/** The level as text rows: `.` empty, `#` wall, `G` goal, `C` head. */
export function toRows(level: Level): string[] {
  const rows: string[] = [];
  for (let y = 0; y < level.height; y++) {
    let row = '';
    for (let x = 0; x < level.width; x++) {
      const i = y * level.width + x;
      row += i === level.head ? 'C' : level.cells[i] === CELL_WALL ? '#' : level.cells[i] === CELL_GOAL ? 'G' : '.';
    }
    rows.push(row);
  }
  return rows;
}

/** Structural equality of content (names ignored). */
export function levelsEqual(a: Level, b: Level): boolean {
  if (a.width !== b.width || a.height !== b.height || a.head !== b.head) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
