/**
 * Ice's moves on one playable state (SPEC §14): the mover slides until the
 * next cell is rock or outside, or it enters the goal, which stops it. The
 * state keeps the cells crossed so far as a trail (they never block); the
 * game is won on the goal and no move is legal then.
 */
import { CELL_GOAL, CELL_WALL, type Level } from '../../level/level';
import { topology } from '../moves';
import type { PlayState } from '../ruleset';
import { afterSlide } from '../startState';

/** True when the mover stands on the goal. */
export function iceWon(level: Level, state: PlayState): boolean {
  return level.cells[state.head] === CELL_GOAL;
}

/** The start state: rocks and the start cell are marked, every other open cell is still uncrossed. */
export function iceInitialState(level: Level): PlayState {
  const filled = new Uint8Array(level.cells.length);
  let emptyLeft = 0;
  for (let i = 0; i < filled.length; i++) {
    if (level.cells[i] === CELL_WALL || i === level.head) filled[i] = 1;
    else emptyLeft++;
  }
  return { head: level.head, filled, emptyLeft };
}

/** Cells the mover passes over in `dir` (the last is where it stops); empty when illegal or the game is won. */
export function iceSlideCells(level: Level, state: PlayState, dir: number): number[] {
  const out: number[] = [];
  if (iceWon(level, state)) return out;
  const nb = topology(level.width, level.height).neighbour;
  let c = state.head;
  for (;;) {
    const n = nb[c * 4 + dir]!;
    if (n < 0 || level.cells[n] === CELL_WALL) return out;
    out.push(n);
    if (level.cells[n] === CELL_GOAL) return out;
    c = n;
  }
}

/** The state after `dir`, or null when its first cell is rock or outside, or the game is won. */
export function iceApplyMove(level: Level, state: PlayState, dir: number): PlayState | null {
  const cells = iceSlideCells(level, state, dir);
  if (cells.length === 0) return null;
  return afterSlide(state, cells);
}

/** Directions whose first cell is open; none once won. */
export function iceLegalMoves(level: Level, state: PlayState): number[] {
  const out: number[] = [];
  if (iceWon(level, state)) return out;
  const nb = topology(level.width, level.height).neighbour;
  for (let d = 0; d < 4; d++) {
    const n = nb[state.head * 4 + d]!;
    if (n >= 0 && level.cells[n] !== CELL_WALL) out.push(d);
  }
  return out;
}
