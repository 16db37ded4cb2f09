/**
 * A single playable state under a ruleset (default Longcat, so callers
 * written before rulesets keep working): `initialState`, `applyMove`,
 * `legalMoves`, `slideCells`. The rules themselves live in `rules/<name>/`;
 * these are thin forwards. The graph search keeps its own packed copy of the
 * same bits for speed.
 */
import type { Level } from '../level/level';
import { longcat } from './longcat';
import type { Topology } from './moves';
import type { PlayState, Ruleset } from './ruleset';

export type { PlayState } from './ruleset';

/** The level's start state. */
export function initialState(level: Level, rules: Ruleset = longcat): PlayState {
  return rules.initialState(level);
}

/**
 * Cells the mover would pass over moving in `dir` (empty when illegal). The
 * topology form is Longcat's (kept for existing callers); pass a level to use
 * another ruleset.
 */
export function slideCells(grid: Topology | Level, state: PlayState, dir: number, rules: Ruleset = longcat): number[] {
  if ('cells' in grid) return rules.slideCells(grid, state, dir);
  // Longcat's slide reads only the grid size and the state's filled cells.
  if (rules !== longcat) throw new Error('slideCells: pass the level, not a topology, for a ruleset other than Longcat');
  return longcat.slideCells({ width: grid.width, height: grid.height, cells: state.filled, head: state.head }, state, dir);
}

/** The state after moving in `dir`, or null when the move is illegal. */
export function applyMove(level: Level, state: PlayState, dir: number, rules: Ruleset = longcat): PlayState | null {
  return rules.applyMove(level, state, dir);
}

/** Directions (indices) that are legal in `state`. */
export function legalMoves(level: Level, state: PlayState, rules: Ruleset = longcat): number[] {
  return rules.legalMoves(level, state);
}
