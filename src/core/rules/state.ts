/**
 * A single playable state: the head cell and which cells are filled (walls,
 * body and head). Used by playtest, replay and the generators' checks; the
 * graph search keeps its own packed copy of the same bits for speed.
 */
import { CELL_WALL, type Level } from '../level/level';
import { topology, type Topology } from './moves';

/** One state of play: the head, the filled cells and how many empty cells are left. Never mutated: moves return a new state. */
export interface PlayState {
  readonly head: number;
  /** 1 where the cell is wall, body or head. */
  readonly filled: Uint8Array;
  /** Empty cells left; 0 means won. */
  readonly emptyLeft: number;
}

/** The level's start state. */
export function initialState(level: Level): PlayState {
  const filled = new Uint8Array(level.cells.length);
  let emptyLeft = 0;
  for (let i = 0; i < filled.length; i++) {
    if (level.cells[i] === CELL_WALL || i === level.head) filled[i] = 1;
    else emptyLeft++;
  }
  return { head: level.head, filled, emptyLeft };
}

/** Cells the head would pass over moving in `dir` (empty when illegal). */
export function slideCells(topo: Topology, state: PlayState, dir: number): number[] {
  const out: number[] = [];
  let c = state.head;
  for (;;) {
    const n = topo.neighbour[c * 4 + dir]!;
    if (n < 0 || state.filled[n] === 1) return out;
    out.push(n);
    c = n;
  }
}

/** The state after moving in `dir`, or null when the move is illegal. */
export function applyMove(level: Level, state: PlayState, dir: number): PlayState | null {
  const cells = slideCells(topology(level.width, level.height), state, dir);
  if (cells.length === 0) return null;
  const filled = state.filled.slice();
  for (const c of cells) filled[c] = 1;
  return { head: cells[cells.length - 1]!, filled, emptyLeft: state.emptyLeft - cells.length };
}

/** Directions (indices) that are legal in `state`. */
export function legalMoves(level: Level, state: PlayState): number[] {
  const topo = topology(level.width, level.height);
  const out: number[] = [];
  for (let d = 0; d < 4; d++) {
    const n = topo.neighbour[state.head * 4 + d]!;
    if (n >= 0 && state.filled[n] === 0) out.push(d);
  }
  return out;
}
