/**
 * The start state every ruleset shares (SPEC §1, §12): walls and the start
 * cell are marked, every other open cell is still to cover. Rulesets differ
 * in their moves, not in where play begins.
 */
import { CELL_WALL, type Level } from '../level/level';
import type { PlayState } from './ruleset';

/** The start state: walls and the start cell marked; O(cells). */
export function markedStartState(level: Level): PlayState {
  const filled = new Uint8Array(level.cells.length);
  let emptyLeft = 0;
  for (let i = 0; i < filled.length; i++) {
    if (level.cells[i] === CELL_WALL || i === level.head) filled[i] = 1;
    else emptyLeft++;
  }
  return { head: level.head, filled, emptyLeft };
}

/**
 * The state after a slide over `cells` (in order, the last is where the mover
 * stops): each cell not yet marked is marked. Shared by the rulesets whose
 * moves leave a trail that can cross itself (paint, ice); O(cells).
 */
export function afterSlide(state: PlayState, cells: readonly number[]): PlayState {
  const filled = state.filled.slice();
  let emptyLeft = state.emptyLeft;
  for (const c of cells) {
    if (filled[c] === 0) {
      filled[c] = 1;
      emptyLeft--;
    }
  }
  return { head: cells[cells.length - 1]!, filled, emptyLeft };
}
