/**
 * Replays a move string (`"RDLU"`, case-insensitive, spaces ignored) from the
 * start of a level. Returns every state visited (start included) or the index
 * of the first illegal or unknown move.
 */
import type { Level } from '../level/level';
import { err, ok, type Result } from '../util/result';
import { longcat } from './longcat';
import { DIRECTIONS, directionIndex } from './moves';
import type { PlayState, Ruleset } from './ruleset';

/** Where a move string goes wrong, and why. */
export interface ReplayError {
  /** 0-based index into the move string. */
  readonly index: number;
  readonly message: string;
}

/**
 * The states a move string passes through, starting with the level as drawn:
 * one more state per move. An unknown letter or an illegal move is an error
 * with its position; never throws. O(moves x slide length). Under `rules`
 * (default Longcat); a move after a paint level is won is blocked (the game
 * is over).
 */
export function replay(level: Level, moves: string, rules: Ruleset = longcat): Result<PlayState[], ReplayError> {
  let state = rules.initialState(level);
  const states: PlayState[] = [state];
  for (let i = 0; i < moves.length; i++) {
    const ch = moves[i]!;
    if (ch === ' ') continue;
    const d = directionIndex(ch);
    if (d < 0) return err({ index: i, message: `unknown move ${JSON.stringify(ch)} at position ${i + 1}; use U, D, L or R` });
    const next = rules.applyMove(level, state, d);
    if (next === null) return err({ index: i, message: `move ${ch.toUpperCase()} at position ${i + 1} is blocked` });
    state = next;
    states.push(state);
  }
  return ok(states);
}

/** A playable state and the mover's cells in order, after `moves` under `rules` (default Longcat; illegal moves are skipped). */
export interface CatState {
  readonly state: PlayState;
  /** Cells in the order the mover passed them: the start cell first, the mover's cell last (paint may repeat cells). */
  readonly path: readonly number[];
}

export function catAfter(level: Level, moves: string, rules: Ruleset = longcat): CatState {
  let state = rules.initialState(level);
  const path = [level.head];
  for (const ch of moves) {
    const d = DIRECTIONS.indexOf(ch as (typeof DIRECTIONS)[number]);
    if (d < 0) continue;
    const cells = rules.slideCells(level, state, d);
    const next = rules.applyMove(level, state, d);
    if (next === null) continue;
    state = next;
    path.push(...cells);
  }
  return { state, path };
}
