/**
 * Move traces: everything a player did in one attempt, as one string (SPEC
 * §13). `U D L R` are moves, `-` takes back the last move of the current try,
 * `|` restarts the level. `"RD-L|RDL"` is: right, down, undo, left, restart,
 * then right, down, left.
 *
 * A trace replays on its level to the state it ended in; play mode and the
 * studio's playtest write traces only through legal moves, so every recorded
 * trace replays (the property test in `trace.test.ts`).
 */
import type { Level } from '../level/level';
import { DIRECTIONS } from '../rules/moves';
import { applyMove, initialState, legalMoves, type PlayState } from '../rules/state';
import { err, ok, type Result } from '../util/result';
import { DEFAULT_RULESET } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';

/** The letters a trace may hold. */
export const TRACE_PATTERN = /^[UDLR|-]*$/;
/** Longest trace kept (a very long attempt keeps its first this many steps' worth: longer ones are refused on import). */
export const MAX_TRACE_LENGTH = 20_000;
export const UNDO = '-';
export const RESTART = '|';

/** Where an attempt's trace left the player. */
export type TraceEnd = 'won' | 'stuck' | 'open';

/** A replayed trace: the moves of the last try, how it ended, and the counts. */
export interface ReplayedTrace {
  /** Moves of the try the trace ended in (undone moves removed). */
  readonly finalMoves: string;
  readonly end: TraceEnd;
  /** Every move letter in the trace (undone ones and earlier tries included). */
  readonly moves: number;
  readonly undos: number;
  readonly restarts: number;
}

/** Where a trace goes wrong. */
export interface TraceError {
  /** 0-based position in the trace. */
  readonly index: number;
  readonly message: string;
}

function endOf(level: Level, state: PlayState, rules: Ruleset): TraceEnd {
  if (rules.isWon(level, state)) return 'won';
  return legalMoves(level, state, rules).length === 0 ? 'stuck' : 'open';
}

/**
 * Replays `trace` on `level`: an illegal move, an unknown letter, an undo
 * with nothing to undo, or anything after a win is an error with its
 * position. Never throws. O(trace x slide length).
 */
export function replayTrace(level: Level, trace: string, rules: Ruleset = DEFAULT_RULESET): Result<ReplayedTrace, TraceError> {
  let stack: PlayState[] = [initialState(level, rules)];
  let current = '';
  let moves = 0, undos = 0, restarts = 0;
  for (let i = 0; i < trace.length; i++) {
    const ch = trace[i]!;
    const top = stack[stack.length - 1]!;
    if (rules.isWon(level, top)) return err({ index: i, message: `the level was already won before position ${i + 1}` });
    if (ch === UNDO) {
      if (stack.length === 1) return err({ index: i, message: `undo at position ${i + 1} with no move to take back` });
      stack.pop();
      current = current.slice(0, -1);
      undos++;
    } else if (ch === RESTART) {
      stack = [stack[0]!];
      current = '';
      restarts++;
    } else {
      const d = DIRECTIONS.indexOf(ch as (typeof DIRECTIONS)[number]);
      if (d < 0) return err({ index: i, message: `unknown letter ${JSON.stringify(ch)} at position ${i + 1}; a trace holds U, D, L, R, - (undo) and | (restart)` });
      const next = applyMove(level, top, d, rules);
      if (next === null) return err({ index: i, message: `move ${ch} at position ${i + 1} is blocked` });
      stack.push(next);
      current += ch;
      moves++;
    }
  }
  return ok({ finalMoves: current, end: endOf(level, stack[stack.length - 1]!, rules), moves, undos, restarts });
}

/**
 * The moves of the current try after the first `step` letters of a trace
 * (what the board shows at that step of a replay). A plain move string is a
 * trace with no undo or restart: its prefix. O(step).
 */
export function tryMovesAt(trace: string, step: number): string {
  let current = '';
  const end = Math.max(0, Math.min(trace.length, step));
  for (let i = 0; i < end; i++) {
    const ch = trace[i]!;
    if (ch === UNDO) current = current.slice(0, -1);
    else if (ch === RESTART) current = '';
    else current += ch;
  }
  return current;
}

/** Words for one trace letter, for a replay's step list. */
export function describeTraceStep(ch: string): string {
  if (ch === UNDO) return 'undo';
  if (ch === RESTART) return 'restart';
  return ({ U: 'up', D: 'down', L: 'left', R: 'right' } as Record<string, string>)[ch] ?? ch;
}
