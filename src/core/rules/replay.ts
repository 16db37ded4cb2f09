/**
 * Replays a move string (`"RDLU"`, case-insensitive, spaces ignored) from the
 * start of a level. Returns every state visited (start included) or the index
 * of the first illegal or unknown move.
 */
import type { Level } from '../level/level';
import { err, ok, type Result } from '../util/result';
import { directionIndex } from './moves';
import { applyMove, initialState, type PlayState } from './state';

/** Where a move string goes wrong, and why. */
export interface ReplayError {
  /** 0-based index into the move string. */
  readonly index: number;
  readonly message: string;
}

/**
 * The states a move string passes through, starting with the level as drawn:
 * one more state per move. An unknown letter or an illegal move is an error
 * with its position; never throws. O(moves x slide length).
 */
export function replay(level: Level, moves: string): Result<PlayState[], ReplayError> {
  let state = initialState(level);
  const states: PlayState[] = [state];
  for (let i = 0; i < moves.length; i++) {
    const ch = moves[i]!;
    if (ch === ' ') continue;
    const d = directionIndex(ch);
    if (d < 0) return err({ index: i, message: `unknown move ${JSON.stringify(ch)} at position ${i + 1}; use U, D, L or R` });
    const next = applyMove(level, state, d);
    if (next === null) return err({ index: i, message: `move ${ch.toUpperCase()} at position ${i + 1} is blocked` });
    state = next;
    states.push(state);
  }
  return ok(states);
}
