/**
 * RPU — random puzzle-up (thesis §5.2, SPEC §6). Start from an empty grid
 * with a random head; add one wall at a time at a uniformly random empty
 * cell, up to 10 walls; after each wall, if the level is solvable remember it.
 * The iteration ends early when the level becomes segregated (empty cells plus
 * head not 4-connected) or has more than one dead end (an empty cell with at
 * most one open neighbour, head counted as open, can only be the last cell).
 *
 * An iteration yields every solvable level it finds on the way (thesis §5.4:
 * 1,107 iterations gave 421 unique levels and 759 duplicates, so 1,180
 * levels). Over 20,000 8x8 iterations (seed 1) this gives 1,129 iterations
 * with a level, 1,201 levels, 765 duplicates and 436 unique, against the
 * thesis's 1,107 / 1,180 / 759 / 421. `keep: 'first' | 'last'` keep one
 * level per iteration instead, for comparison (docs/evaluation.md).
 */
import { CELL_EMPTY, CELL_WALL, emptyLevel, type Level } from '../level/level';
import { checkSolvable } from '../graph/solvable';
import { topology, type Topology } from '../rules/moves';
import type { Rng } from '../util/rng';
import { PIN_FREE, PIN_START, PIN_WALL, pinCount, pinsSizeProblem, type CellPins } from './pins';

/** Walls an RPU iteration adds at most (thesis: 10). */
export const RPU_MAX_WALLS = 10;

/** `maxWalls` (default {@link RPU_MAX_WALLS}) and which solvable levels of an iteration to keep: all (default), the first or the last. */
export interface RpuOptions {
  readonly maxWalls?: number;
  readonly keep?: 'all' | 'first' | 'last';
  /**
   * Cells every level keeps: the pinned walls are placed first (they do not
   * count toward `maxWalls`), the head goes on the pinned start (else a cell
   * not pinned), and random walls only go on cells not pinned.
   */
  readonly pins?: CellPins | undefined;
}

/** One RPU iteration: the solvable levels it kept, the walls placed, and why it stopped. */
export interface RpuIteration {
  /** The solvable levels found, in the order found (empty when none). */
  readonly levels: Level[];
  /** Walls placed before the iteration ended. */
  readonly walls: number;
  readonly endedBy: 'max-walls' | 'segregated' | 'dead-ends';
}

/** True when the empty cells plus the head are not one 4-connected region. */
export function isSegregated(topo: Topology, cells: Uint8Array, head: number): boolean {
  const n = topo.cellCount;
  const seen = new Uint8Array(n);
  const stack = [head];
  seen[head] = 1;
  let reached = 1, open = 0;
  for (let c = 0; c < n; c++) if (cells[c] === CELL_EMPTY) open++;
  while (stack.length > 0) {
    const c = stack.pop()!;
    for (let d = 0; d < 4; d++) {
      const m = topo.neighbour[c * 4 + d]!;
      if (m < 0 || seen[m] === 1 || cells[m] !== CELL_EMPTY) continue;
      seen[m] = 1;
      reached++;
      stack.push(m);
    }
  }
  return reached < open;
}

/** Empty cells (not the head) with at most one open neighbour. */
export function countDeadEnds(topo: Topology, cells: Uint8Array, head: number): number {
  let deadEnds = 0;
  for (let c = 0; c < topo.cellCount; c++) {
    if (c === head || cells[c] !== CELL_EMPTY) continue;
    let open = 0;
    for (let d = 0; d < 4; d++) {
      const m = topo.neighbour[c * 4 + d]!;
      if (m >= 0 && cells[m] === CELL_EMPTY) open++;
    }
    if (open <= 1) deadEnds++;
  }
  return deadEnds;
}

/** One RPU iteration. */
export function runRpuIteration(width: number, height: number, rng: Rng, options: RpuOptions = {}): RpuIteration {
  const maxWalls = options.maxWalls ?? RPU_MAX_WALLS;
  const keep = options.keep ?? 'all';
  const topo = topology(width, height);
  const pins = options.pins !== undefined && pinCount(options.pins) > 0 ? options.pins.values : null;
  if (options.pins !== undefined) {
    const problem = pinsSizeProblem(options.pins, width, height);
    if (problem !== null) throw new Error(problem);
  }
  const cells = new Uint8Array(width * height);
  let head: number;
  if (pins === null) head = rng.int(width * height);
  else {
    head = pins.indexOf(PIN_START);
    if (head < 0) {
      let freeCells = 0;
      for (let c = 0; c < pins.length; c++) if (pins[c] === PIN_FREE) freeCells++;
      if (freeCells === 0) return { levels: [], walls: 0, endedBy: 'max-walls' };
      let pick = rng.int(freeCells);
      for (let c = 0; c < pins.length; c++) if (pins[c] === PIN_FREE && pick-- === 0) head = c;
    }
    for (let c = 0; c < pins.length; c++) if (pins[c] === PIN_WALL) cells[c] = CELL_WALL;
  }
  /** A cell a random wall may go on: empty, not the head, not pinned. */
  const free = (c: number): boolean => c !== head && cells[c] === CELL_EMPTY && (pins === null || pins[c] === PIN_FREE);
  const kept: Level[] = [];
  let walls = 0;
  while (walls < maxWalls) {
    // Uniform among empty cells other than the head (and not pinned).
    let candidates = 0;
    for (let c = 0; c < cells.length; c++) if (free(c)) candidates++;
    if (candidates === 0) break;
    let pick = rng.int(candidates);
    for (let c = 0; c < cells.length; c++) {
      if (!free(c)) continue;
      if (pick-- === 0) {
        cells[c] = CELL_WALL;
        break;
      }
    }
    walls++;
    if (isSegregated(topo, cells, head)) return { levels: kept, walls, endedBy: 'segregated' };
    if (countDeadEnds(topo, cells, head) > 1) return { levels: kept, walls, endedBy: 'dead-ends' };
    if (keep === 'first' && kept.length > 0) continue; // the kept level cannot change any more
    const level: Level = { ...emptyLevel(width, height, head), cells: cells.slice() };
    if (!checkSolvable(level).solvable) continue;
    if (keep === 'last') kept.length = 0;
    kept.push(level);
  }
  return { levels: kept, walls, endedBy: 'max-walls' };
}
