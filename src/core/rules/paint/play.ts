/**
 * Paint's moves on one playable state (SPEC §12): the ball slides until the
 * next cell is wall or outside, painting every cell it passes and the one it
 * stops on. The start cell is painted; once every open cell is painted the
 * game is over and no move is legal.
 */
import { CELL_WALL, type Level } from '../../level/level';
import { topology } from '../moves';
import type { PlayState } from '../ruleset';
import { afterSlide, markedStartState } from '../startState';

/** The start state: walls and the start cell are marked. */
export const paintInitialState = markedStartState;

/** Cells the ball passes over in `dir` (the last is where it stops); empty when illegal or the game is won. */
export function paintSlideCells(level: Level, state: PlayState, dir: number): number[] {
  const out: number[] = [];
  if (state.emptyLeft === 0) return out;
  const nb = topology(level.width, level.height).neighbour;
  let c = state.head;
  for (;;) {
    const n = nb[c * 4 + dir]!;
    if (n < 0 || level.cells[n] === CELL_WALL) return out;
    out.push(n);
    c = n;
  }
}

/** The state after `dir`, or null when its first cell is wall or outside, or the level is already won. */
export function paintApplyMove(level: Level, state: PlayState, dir: number): PlayState | null {
  const cells = paintSlideCells(level, state, dir);
  if (cells.length === 0) return null;
  return afterSlide(state, cells);
}

/** Directions whose first cell is open; none once won. */
export function paintLegalMoves(level: Level, state: PlayState): number[] {
  const out: number[] = [];
  if (state.emptyLeft === 0) return out;
  const nb = topology(level.width, level.height).neighbour;
  for (let d = 0; d < 4; d++) {
    const n = nb[state.head * 4 + d]!;
    if (n >= 0 && level.cells[n] !== CELL_WALL) out.push(d);
  }
  return out;
}
