/**
 * One attempt at one level in play mode, as a pure value: the moves of the
 * current try, counters, and a clock that only runs while the page is
 * visible. Every function returns a new attempt (or null for an illegal
 * move); the player app keeps the value and persists finished attempts as
 * {@link Attempt} records. Every function that reads the level takes its
 * ruleset (Longcat when left out; SPEC §12).
 */
import type { Level } from '../level/level';
import { DIRECTIONS } from '../rules/moves';
import { longcat } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';
import { applyMove, initialState, legalMoves, type PlayState } from '../rules/state';
import { MAX_TRACE_LENGTH, RESTART, UNDO } from '../players/trace';
import type { Attempt } from './results';

export type AttemptStatus = 'playing' | 'won' | 'stuck';

export interface LiveAttempt {
  /** Moves of the current try, e.g. "RDL". */
  readonly moves: string;
  /** Everything done in the attempt as a trace (see core/players/trace): moves, `-` undo, `|` restart. */
  readonly trace: string;
  /** Every move made in the attempt (undone ones and earlier tries included). */
  readonly totalMoves: number;
  readonly undos: number;
  readonly restarts: number;
  /** Epoch ms when the attempt began. */
  readonly startedAt: number;
  /** Visible time counted so far, ms, not including the running stretch. */
  readonly activeMs: number;
  /** Epoch ms when the clock last started; null while paused (page hidden) or finished. */
  readonly runningSince: number | null;
  readonly status: AttemptStatus;
}

/** The state after `moves` (illegal letters are skipped: moves come from {@link move} only). */
export function stateAfter(level: Level, moves: string, rules: Ruleset = longcat): PlayState {
  let state = initialState(level, rules);
  for (const ch of moves) {
    const next = applyMove(level, state, DIRECTIONS.indexOf(ch as (typeof DIRECTIONS)[number]), rules);
    if (next !== null) state = next;
  }
  return state;
}

function statusOf(level: Level, state: PlayState, rules: Ruleset): AttemptStatus {
  if (rules.isWon(level, state)) return 'won';
  return legalMoves(level, state, rules).length === 0 ? 'stuck' : 'playing';
}

/** A fresh attempt with its clock running from `now`. */
export function startAttempt(level: Level, now: number, rules: Ruleset = longcat): LiveAttempt {
  return { moves: '', trace: '', totalMoves: 0, undos: 0, restarts: 0, startedAt: now, activeMs: 0, runningSince: now, status: statusOf(level, initialState(level, rules), rules) };
}

/** Visible ms of the attempt up to `now`. */
export function elapsedMs(a: LiveAttempt, now: number): number {
  return a.activeMs + (a.runningSince === null ? 0 : Math.max(0, now - a.runningSince));
}

/** Stops the clock (the page was hidden). */
export function pause(a: LiveAttempt, now: number): LiveAttempt {
  return a.runningSince === null ? a : { ...a, activeMs: elapsedMs(a, now), runningSince: null };
}

/** Starts the clock again (the page is visible), unless the attempt is won. */
export function resume(a: LiveAttempt, now: number): LiveAttempt {
  return a.runningSince !== null || a.status === 'won' ? a : { ...a, runningSince: now };
}

/**
 * One move in direction `dir` (0..3 = U, D, L, R). Null when the move is
 * illegal or the attempt is over (won or stuck): nothing changes. A winning
 * move stops the clock.
 */
export function move(level: Level, a: LiveAttempt, dir: number, now: number, rules: Ruleset = longcat): LiveAttempt | null {
  if (a.status !== 'playing') return null;
  const letter = DIRECTIONS[dir];
  if (letter === undefined) return null;
  const next = applyMove(level, stateAfter(level, a.moves, rules), dir, rules);
  if (next === null) return null;
  const status = statusOf(level, next, rules);
  const moved = { ...a, moves: a.moves + letter, trace: a.trace + letter, totalMoves: a.totalMoves + 1, status };
  return status === 'won' ? { ...moved, activeMs: elapsedMs(a, now), runningSince: null } : moved;
}

/** Takes back the last move of the current try (not after a win). */
export function undo(level: Level, a: LiveAttempt, rules: Ruleset = longcat): LiveAttempt {
  if (a.moves === '' || a.status === 'won') return a;
  const moves = a.moves.slice(0, -1);
  return { ...a, moves, trace: `${a.trace}${UNDO}`, undos: a.undos + 1, status: statusOf(level, stateAfter(level, moves, rules), rules) };
}

/** Back to the start of the level, same attempt (not after a win, nor when nothing was moved). */
export function restart(level: Level, a: LiveAttempt, rules: Ruleset = longcat): LiveAttempt {
  if (a.moves === '' || a.status === 'won') return a;
  return { ...a, moves: '', trace: `${a.trace}${RESTART}`, restarts: a.restarts + 1, status: statusOf(level, initialState(level, rules), rules) };
}

/** The attempt as a record with its trace: solved when won, else given up; `replay` when the player had solved the level before. Seconds to the hundredth. */
export function finish(a: LiveAttempt, now: number, replay: boolean): Attempt {
  return {
    outcome: a.status === 'won' ? 'solved' : 'gave-up',
    seconds: Math.min(86_400, Math.round(elapsedMs(a, now) / 10) / 100),
    moves: a.totalMoves,
    undos: a.undos,
    restarts: a.restarts,
    startedAt: new Date(a.startedAt).toISOString(),
    replay,
    // A trace past the limit is left out whole: a cut trace would not replay to the outcome.
    ...(a.trace.length <= MAX_TRACE_LENGTH ? { trace: a.trace } : {}),
  };
}
