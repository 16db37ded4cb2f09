/**
 * Pinned cells: "these cells keep these values", a constraint
 * every generator honours for every ruleset. A pin says a cell is a wall,
 * open floor (empty and not the start) or the start cell in every level a
 * generator returns.
 *
 * Built once here, at the shared layer: {@link PinnedCarver} wraps any
 * ruleset's {@link SolutionDownCarver} and vetoes the steps that would open
 * a pinned wall or wall a pinned open cell (each carver says what a step
 * decides through `stepOpens` / `stepWalls`, so this file knows no rule),
 * and narrows the start cells to what the pins allow. A pinned open cell
 * the walk never reached would become wall when the level is finished, so a
 * finished walk is checked with {@link PinnedCarver.kept} and the caller
 * rejects it and tries again (random solution-down, SD-PCGRL) or scores it
 * as no candidate (generate at difficulty). Puzzle-up (RPU) places the
 * pinned walls first and never walls a pinned open cell.
 *
 * Text form (files, the CLI, worker messages): the level's rows with `?`
 * for a free cell, `#` a pinned wall, `.` a pinned open cell and `C` the
 * pinned start. List form (the CLI): `x,y=V` entries separated by `;`, with
 * 0-based column x and row y and V one of `#`, `.`, `C`.
 */
import { CELL_WALL, type Level } from '../level/level';
import { CARVE_OPEN, type SolutionDownCarver } from '../rules/ruleset';
import { err, ok, type Result } from '../util/result';
import type { Rng } from '../util/rng';

/** Cell not pinned. */
export const PIN_FREE = 0;
/** Cell pinned as wall. */
export const PIN_WALL = 1;
/** Cell pinned as open floor (empty, not the start). */
export const PIN_OPEN = 2;
/** Cell pinned as the start cell. */
export const PIN_START = 3;

const PIN_CHARS = '?#.C';

/** The pins of one grid size: one of {@link PIN_FREE} .. {@link PIN_START} per cell, row-major. */
export interface CellPins {
  readonly width: number;
  readonly height: number;
  readonly values: Uint8Array;
}

/** Pinned cells (not free) of `pins`. */
export function pinCount(pins: CellPins): number {
  let n = 0;
  for (let i = 0; i < pins.values.length; i++) if (pins.values[i] !== PIN_FREE) n++;
  return n;
}

/** The pins that keep `cells` of `level` as they are (the studio's pinned cells). Indices outside the grid are ignored. */
export function pinsFromLevel(level: Level, cells: readonly number[]): CellPins {
  const values = new Uint8Array(level.width * level.height);
  for (const c of cells) {
    if (!Number.isInteger(c) || c < 0 || c >= values.length) continue;
    values[c] = c === level.head ? PIN_START : level.cells[c] === CELL_WALL ? PIN_WALL : PIN_OPEN;
  }
  return { width: level.width, height: level.height, values };
}

/** The text form: one row per line, `?` free, `#` wall, `.` open, `C` start. */
export function pinsToRows(pins: CellPins): string[] {
  const rows: string[] = [];
  for (let y = 0; y < pins.height; y++) {
    let row = '';
    for (let x = 0; x < pins.width; x++) row += PIN_CHARS[pins.values[y * pins.width + x]!];
    rows.push(row);
  }
  return rows;
}

/** A key of the pins (size and values), for caches and request keys. */
export function pinsKey(pins: CellPins | undefined): string {
  return pins === undefined ? '' : `${pins.width}x${pins.height}:${pinsToRows(pins).join('/')}`;
}

/** Parses the text form (rows; blank lines and `;` comment lines skipped). Errors name the row and column. */
export function parsePinRows(rows: readonly string[]): Result<CellPins, string> {
  const lines = rows.map((r) => r.replace(/\r$/, '')).filter((r) => r.trim() !== '' && !r.startsWith(';'));
  if (lines.length === 0) return err('the pins have no rows');
  const width = lines[0]!.length;
  const height = lines.length;
  if (width < 3 || width > 16 || height < 3 || height > 16) return err(`the pins are ${width}x${height}; a level is 3 to 16 cells on each side`);
  const values = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const line = lines[y]!;
    if (line.length !== width) return err(`pins row ${y + 1} has ${line.length} cells, the first row ${width}`);
    for (let x = 0; x < width; x++) {
      const v = PIN_CHARS.indexOf(line[x]!);
      if (v < 0) return err(`pins row ${y + 1}, column ${x + 1}: '${line[x]}' is not one of ? # . C`);
      values[y * width + x] = v;
    }
  }
  return checked({ width, height, values });
}

/** Parses the list form `x,y=V;...` for a `width` x `height` grid. */
export function parsePinList(list: string, width: number, height: number): Result<CellPins, string> {
  const values = new Uint8Array(width * height);
  const entries = list.split(';').map((e) => e.trim()).filter((e) => e !== '');
  if (entries.length === 0) return err('the pin list is empty');
  for (const e of entries) {
    const m = /^(\d+)\s*,\s*(\d+)\s*=\s*([#.C])$/.exec(e);
    if (m === null) return err(`pin '${e}' is not x,y=V (0-based column and row, V one of # . C)`);
    const x = Number(m[1]), y = Number(m[2]);
    if (x >= width || y >= height) return err(`pin '${e}' lies outside the ${width}x${height} grid`);
    const v = PIN_CHARS.indexOf(m[3]!);
    const at = y * width + x;
    if (values[at] !== PIN_FREE && values[at] !== v) return err(`cell ${x},${y} is pinned twice with different values`);
    values[at] = v;
  }
  return checked({ width, height, values });
}

function checked(pins: CellPins): Result<CellPins, string> {
  const problem = pinsProblem(pins);
  return problem === null ? ok(pins) : err(problem);
}

/**
 * Why no level can keep these pins, as a sentence, or null when some might:
 * two start cells, no cell left for the start, or pinned open cells (and the
 * pinned start) that pinned walls cut apart (every level's open cells are one
 * walk, so they are 4-connected). A necessary check, not a sufficient one:
 * pins that pass can still be rare for the generators (they say so).
 */
export function pinsProblem(pins: CellPins): string | null {
  const { width, height, values } = pins;
  const n = values.length;
  let starts = 0;
  for (let c = 0; c < n; c++) if (values[c] === PIN_START) starts++;
  if (starts > 1) return `${starts} cells are pinned as the start; a level has one`;
  if (startCellsOf(pins).length === 0) return 'every cell is pinned as wall or open floor, so no cell is left for the start';
  // Pinned open cells and start: one 4-connected region of cells not pinned as wall.
  const targets: number[] = [];
  for (let c = 0; c < n; c++) if (values[c] === PIN_OPEN || values[c] === PIN_START) targets.push(c);
  if (targets.length === 0) return null;
  const seen = new Uint8Array(n);
  const stack = [targets[0]!];
  seen[targets[0]!] = 1;
  while (stack.length > 0) {
    const c = stack.pop()!;
    const x = c % width, y = (c - x) / width;
    const next = [x > 0 ? c - 1 : -1, x < width - 1 ? c + 1 : -1, y > 0 ? c - width : -1, y < height - 1 ? c + width : -1];
    for (const m of next) {
      if (m < 0 || seen[m] === 1 || values[m] === PIN_WALL) continue;
      seen[m] = 1;
      stack.push(m);
    }
  }
  const cut = targets.filter((c) => seen[c] === 0).length;
  if (cut > 0) return `pinned walls cut ${cut} pinned open cell${cut === 1 ? '' : 's'} off from the others; a level's open cells are all connected`;
  if (starts === 0) {
    let startable = false;
    for (let c = 0; c < n && !startable; c++) startable = seen[c] === 1 && values[c] === PIN_FREE;
    if (!startable) return 'pinned walls close the pinned open cells in with no free cell for the start; a level\'s open cells are all connected';
  }
  return null;
}

/** Cells the start may be on: the pinned start, else every cell not pinned. */
function startCellsOf(pins: CellPins): number[] {
  const out: number[] = [];
  for (let c = 0; c < pins.values.length; c++) if (pins.values[c] === PIN_START) return [c];
  for (let c = 0; c < pins.values.length; c++) if (pins.values[c] === PIN_FREE) out.push(c);
  return out;
}

/** True when `level` keeps every pin of `pins` (same size, pinned walls wall, pinned open cells open and not the start, the pinned start the start). O(cells). */
export function levelKeepsPins(level: Level, pins: CellPins): boolean {
  if (level.width !== pins.width || level.height !== pins.height) return false;
  for (let c = 0; c < pins.values.length; c++) {
    const v = pins.values[c]!;
    if (v === PIN_FREE) continue;
    if (v === PIN_START ? level.head !== c : v === PIN_WALL ? level.cells[c] !== CELL_WALL : level.cells[c] === CELL_WALL || level.head === c) return false;
  }
  return true;
}

/** A sentence when `pins` do not fit a `width` x `height` request, else null. */
export function pinsSizeProblem(pins: CellPins, width: number, height: number): string | null {
  return pins.width === width && pins.height === height ? null : `the pins are for ${pins.width}x${pins.height} levels, not ${width}x${height}`;
}

/**
 * A ruleset's solution-down carver that honours pins: steps that would open
 * a pinned wall or wall a pinned open cell are masked out, and the walk
 * starts only where the pins allow ({@link startCells}). The walk is the
 * inner carver's, so its level is solvable by the walk exactly as before;
 * stopping early (every allowed step masked) finishes like any walk. A
 * finished walk may still leave a pinned open cell unreached: check
 * {@link kept}. O(1) per mask, O(cells) per {@link kept}.
 */
export class PinnedCarver implements SolutionDownCarver {
  readonly startCells: readonly number[];

  constructor(readonly inner: SolutionDownCarver, readonly pins: CellPins) {
    if (pins.width !== inner.width || pins.height !== inner.height) throw new Error(`PinnedCarver: ${pinsSizeProblem(pins, inner.width, inner.height)}`);
    this.startCells = startCellsOf(pins);
  }

  get width(): number {
    return this.inner.width;
  }
  get height(): number {
    return this.inner.height;
  }
  get grid(): Uint8Array {
    return this.inner.grid;
  }
  get start(): number {
    return this.inner.start;
  }
  get head(): number {
    return this.inner.head;
  }
  get lastDir(): number {
    return this.inner.lastDir;
  }
  get moves(): string {
    return this.inner.moves;
  }
  get steps(): number {
    return this.inner.steps;
  }

  reset(start: number): void {
    this.inner.reset(start);
  }

  canStep(dir: number): boolean {
    return ((this.openMask() >>> dir) & 1) !== 0;
  }

  openMask(): number {
    const m = this.inner.openMask();
    if (m === 0) return 0;
    const v = this.pins.values;
    let out = 0;
    for (let d = 0; d < 4; d++) {
      if (((m >>> d) & 1) === 0) continue;
      const opens = this.inner.stepOpens(d);
      if (opens >= 0 && v[opens] === PIN_WALL) continue;
      const walls = this.inner.stepWalls(d);
      if (walls >= 0 && v[walls] !== PIN_FREE && v[walls] !== PIN_WALL) continue;
      out |= 1 << d;
    }
    return out;
  }

  done(): boolean {
    return this.inner.done() || this.openMask() === 0;
  }

  step(dir: number): void {
    this.inner.step(dir);
  }

  stepOpens(dir: number): number {
    return this.inner.stepOpens(dir);
  }

  stepWalls(dir: number): number {
    return this.inner.stepWalls(dir);
  }

  /** True when the finished level of the walk so far keeps every pin. */
  kept(): boolean {
    const v = this.pins.values, grid = this.inner.grid, start = this.inner.start;
    for (let c = 0; c < v.length; c++) {
      const p = v[c]!;
      if (p === PIN_FREE) continue;
      const open = grid[c] === CARVE_OPEN;
      if (p === PIN_WALL ? open : p === PIN_OPEN ? !open || c === start : c !== start) return false;
    }
    return true;
  }

  toLevel(name?: string): Level {
    return this.inner.toLevel(name);
  }

  levelKey(): string {
    return this.inner.levelKey();
  }
}

/** `carver` wrapped to honour `pins`, or `carver` itself when there are none (so unpinned runs are unchanged, byte for byte). */
export function withPins(carver: SolutionDownCarver, pins: CellPins | undefined): SolutionDownCarver {
  return pins === undefined || pinCount(pins) === 0 ? carver : new PinnedCarver(carver, pins);
}

/** True when the walk's finished level keeps its pins (always, for a carver without any). */
export function walkKeepsPins(carver: SolutionDownCarver): boolean {
  return !(carver instanceof PinnedCarver) || carver.kept();
}

/** A start cell for `carver`, drawn uniformly from its {@link SolutionDownCarver.startCells} (every cell when it has none). One draw. */
export function drawStart(carver: SolutionDownCarver, rng: Rng): number {
  const s = carver.startCells;
  return s === undefined ? rng.int(carver.grid.length) : s[rng.int(s.length)]!;
}

/** The pins of a request (text rows, or none) for a `width` x `height` run, checked: the rows, impossible pins, the size. */
export function requestPins(rows: readonly string[] | undefined, width: number, height: number): Result<CellPins | undefined, string> {
  if (rows === undefined) return ok(undefined);
  const r = parsePinRows(rows);
  if (!r.ok) return r;
  const size = pinsSizeProblem(r.value, width, height);
  return size === null ? ok(r.value) : err(size);
}

/** Walks tried per generated level before a random solution-down iteration gives up on the pins. */
export const PIN_TRIES = 64;
