/**
 * What every ruleset's solution-down carver finishes the same way (SPEC §6,
 * §12): cells on the solution become empty, the rest wall, the mover at its
 * start. Rulesets differ in how they carve, not in the level that results.
 */
import { CELL_EMPTY, CELL_WALL, type Level } from '../level/level';
import type { Topology } from './moves';
import { CARVE_EMPTY, CARVE_OPEN } from './ruleset';

/** The finished level of a carve grid: {@link CARVE_OPEN} cells empty, the rest wall, the mover at `start`. O(cells). */
export function carvedLevel(width: number, height: number, grid: Uint8Array, start: number, name?: string): Level {
  const cells = new Uint8Array(grid.length);
  for (let i = 0; i < cells.length; i++) cells[i] = grid[i] === CARVE_OPEN ? CELL_EMPTY : CELL_WALL;
  const level = { width, height, cells, head: start };
  return name !== undefined ? { ...level, name } : level;
}

/** `levelKey(carvedLevel(...))` without building the level (generators key every walk). O(cells). */
export function carvedLevelKey(width: number, grid: Uint8Array, start: number): string {
  let s = `${width}x${grid.length / width}:`;
  for (let i = 0; i < grid.length; i++) {
    if (i > 0 && i % width === 0) s += '/';
    s += i === start ? 'C' : grid[i] === CARVE_OPEN ? '.' : '#';
  }
  return s;
}

/**
 * The undecided cell a carver's step in `dir` from `head` would open, or -1
 * (the same for every slide-until-blocked carver: the step enters the
 * neighbour). O(1).
 */
export function carveStepOpens(topo: Topology, grid: Uint8Array, head: number, dir: number): number {
  const n = topo.neighbour[head * 4 + dir]!;
  return n >= 0 && grid[n] === CARVE_EMPTY ? n : -1;
}

/**
 * The undecided cell a turn from `lastDir` to `dir` at `head` would wall (the
 * cell straight ahead, where the slide must stop), or -1 when the step is no
 * turn or that cell is decided. O(1).
 */
export function carveStepWalls(topo: Topology, grid: Uint8Array, head: number, lastDir: number, dir: number): number {
  if (lastDir < 0 || dir === lastDir) return -1;
  const ahead = topo.neighbour[head * 4 + lastDir]!;
  return ahead >= 0 && grid[ahead] === CARVE_EMPTY ? ahead : -1;
}
