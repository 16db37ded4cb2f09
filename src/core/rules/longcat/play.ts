/**
 * Longcat's moves on one playable state (SPEC §1): playtest, replay, play
 * mode and the generators' checks. The graph search uses the packed form in
 * `context.ts`; both follow the same rule.
 */
import type { Level } from '../../level/level';
import { topology } from '../moves';
import type { PlayState } from '../ruleset';
import { markedStartState } from '../startState';

/** The start state: walls and the head are filled. */
export const longcatInitialState = markedStartState;

/** Cells the head passes over in `dir`: it stops before wall, body or the edge. */
export function longcatSlideCells(level: Level, state: PlayState, dir: number): number[] {
  const nb = topology(level.width, level.height).neighbour;
  const out: number[] = [];
  let c = state.head;
  for (;;) {
    const n = nb[c * 4 + dir]!;
    if (n < 0 || state.filled[n] === 1) return out;
    out.push(n);
    c = n;
  }
}

/** The state after `dir`, or null when its first cell is blocked. */
export function longcatApplyMove(level: Level, state: PlayState, dir: number): PlayState | null {
  const cells = longcatSlideCells(level, state, dir);
  if (cells.length === 0) return null;
  const filled = state.filled.slice();
  for (const c of cells) filled[c] = 1;
  return { head: cells[cells.length - 1]!, filled, emptyLeft: state.emptyLeft - cells.length };
}

/** Directions whose first cell is open. */
export function longcatLegalMoves(level: Level, state: PlayState): number[] {
  const nb = topology(level.width, level.height).neighbour;
  const out: number[] = [];
  for (let d = 0; d < 4; d++) {
    const n = nb[state.head * 4 + d]!;
    if (n >= 0 && state.filled[n] === 0) out.push(d);
  }
  return out;
}
