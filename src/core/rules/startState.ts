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
