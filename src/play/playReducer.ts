/**
 * Play mode's state as a reducer: which level is shown, the live attempt,
 * and the progress (solved levels, finished attempts). Pure: the time comes
 * in each action, so tests replay a game exactly.
 */
import type { Level } from '../core/level/level';
import type { Ruleset } from '../core/rules/ruleset';
import { finish, move, pause, restart, resume, startAttempt, undo, type LiveAttempt } from '../core/play/attempt';
import { withAttempt, type Progress } from './progress';

export interface PlayState {
  readonly index: number;
  readonly attempt: LiveAttempt;
  /** The level was solved before this attempt began (its attempts are replays). */
  readonly replay: boolean;
  readonly progress: Progress;
}

export type PlayAction =
  | { readonly type: 'move'; readonly direction: number; readonly now: number }
  | { readonly type: 'undo' }
  | { readonly type: 'restart' }
  | { readonly type: 'giveUp'; readonly now: number }
  | { readonly type: 'goTo'; readonly index: number; readonly now: number }
  | { readonly type: 'pause'; readonly now: number }
  | { readonly type: 'resume'; readonly now: number };

export interface PlayLevel {
  readonly id: string;
  readonly level: Level;
  /** The pack's ruleset (SPEC §12). */
  readonly rules: Ruleset;
}

/** The state opening `progress` (its current level, a fresh attempt). */
export function initialPlayState(levels: readonly PlayLevel[], progress: Progress, now: number): PlayState {
  const index = Math.min(progress.current, levels.length - 1);
  const l = levels[index]!;
  return { index, attempt: startAttempt(l.level, now, l.rules), replay: progress.solved.includes(l.id), progress: { ...progress, current: index } };
}

/** Records the live attempt when it is worth a record: a give-up needs a move made (or `always`); a win was recorded when it happened. */
function closeAttempt(s: PlayState, levels: readonly PlayLevel[], now: number, always: boolean): Progress {
  if (s.attempt.status === 'won') return s.progress;
  if (!always && s.attempt.totalMoves === 0) return s.progress;
  return withAttempt(s.progress, levels[s.index]!.id, finish(s.attempt, now, s.replay));
}

function open(_s: PlayState, levels: readonly PlayLevel[], index: number, progress: Progress, now: number): PlayState {
  const l = levels[index]!;
  return { index, attempt: startAttempt(l.level, now, l.rules), replay: progress.solved.includes(l.id), progress: { ...progress, current: index } };
}

/** The next state; the same object when the action changes nothing (an illegal move). */
export function playReducer(levels: readonly PlayLevel[]) {
  return (s: PlayState, a: PlayAction): PlayState => {
    const l = levels[s.index]!;
    switch (a.type) {
      case 'move': {
        const next = move(l.level, s.attempt, a.direction, a.now, l.rules);
        if (next === null) return s;
        if (next.status !== 'won') return { ...s, attempt: next };
        return { ...s, attempt: next, progress: withAttempt(s.progress, l.id, finish(next, a.now, s.replay)) };
      }
      case 'undo': {
        const next = undo(l.level, s.attempt, l.rules);
        return next === s.attempt ? s : { ...s, attempt: next };
      }
      case 'restart': {
        const next = restart(l.level, s.attempt, l.rules);
        return next === s.attempt ? s : { ...s, attempt: next };
      }
      case 'giveUp': {
        if (s.attempt.status === 'won') return s;
        const progress = closeAttempt(s, levels, a.now, true);
        return open(s, levels, Math.min(s.index + 1, levels.length - 1), progress, a.now);
      }
      case 'goTo': {
        if (a.index < 0 || a.index >= levels.length) return s;
        return open(s, levels, a.index, closeAttempt(s, levels, a.now, false), a.now);
      }
      case 'pause':
        return { ...s, attempt: pause(s.attempt, a.now) };
      case 'resume':
        return { ...s, attempt: resume(s.attempt, a.now) };
    }
  };
}
