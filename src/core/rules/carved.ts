/**
 * What every ruleset's solution-down carver finishes the same way (SPEC §6,
 * §12): cells on the solution become empty, the rest wall, the mover at its
 * start. Rulesets differ in how they carve, not in the level that results.
 */
import { CELL_EMPTY, CELL_WALL, type Level } from '../level/level';
import { CARVE_OPEN } from './ruleset';

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
