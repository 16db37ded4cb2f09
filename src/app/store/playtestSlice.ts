/**
 * Playtesting the current level (moves, undo, restart, timer, win/fail),
 * stepping through the shortest solution, and the log of finished
 * playtests the predictor lab learns from.
 */
import { levelKey, toRows } from '../../core/level/level';
import { MAX_TRACE_LENGTH, RESTART, UNDO } from '../../core/players/trace';
import { catAfter } from '../adapters/graphData';
import type { RulesetName } from '../../core/rules/ruleset';
import { playKey, selectRuleset } from './rules';
import type { SliceCreator } from './types';

export type StudioMode = 'edit' | 'play' | 'replay';
export type PlayOutcome = 'playing' | 'won' | 'failed';

export interface PlaySession {
  readonly key: string;
  /** Moves of the current attempt, e.g. "RDL". */
  readonly moves: string;
  /** Everything done since the playtest began: moves, `-` undo, `|` restart (core/players/trace). */
  readonly trace: string;
  readonly restarts: number;
  /** Moves made over all attempts (undone ones included). */
  readonly totalMoves: number;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly outcome: PlayOutcome;
  /** Set when the playtest started from a state picked in the graph: the moves to it (restart goes back there, undo stops there; a win is not logged). */
  readonly from?: string;
}

/** One finished (won) playtest, for the predictor lab (SPEC §5, §9). */
export interface PlaytestRecord {
  readonly id: string;
  readonly levelKey: string;
  readonly levelName: string;
  readonly rows: readonly string[];
  /** Seconds from the start of the playtest to the win, restarts included. */
  readonly seconds: number;
  readonly restarts: number;
  /** Moves over all attempts. */
  readonly moves: number;
  /** Moves of the winning attempt. */
  readonly solutionMoves: number;
  /** ISO time of the win. */
  readonly finishedAt: string;
  /** The playtest's trace (moves, `-` undo, `|` restart); absent in records saved before traces. */
  readonly trace?: string;
  /** The ruleset it was played under (absent in records made before rulesets: Longcat). */
  readonly rules?: RulesetName;
}

/** Most records kept (oldest dropped first). */
export const PLAY_LOG_LIMIT = 5_000;

export interface PlaytestSlice {
  mode: StudioMode;
  play: PlaySession | null;
  /** A move string or a player's trace (with `-` undo and `|` restart), its step, and what it is ("Shortest solution", "ana's attempt"). */
  replay: { readonly moves: string; readonly step: number; readonly label: string } | null;
  playLog: PlaytestRecord[];
  /** Playtests started, by `playKey` (ruleset and grid; won or not): the pack's "times played". */
  playStarts: Readonly<Record<string, number>>;

  startPlaytest(): void;
  /**
   * Playtests from the state reached by `moves` (a state picked in the
   * graph). Restart goes back to that state and Undo stops there; a win is
   * not logged for the predictor lab (the time would not be a whole solve).
   */
  startPlaytestFrom(moves: string): void;
  /** Leaves playtest or replay, back to editing. */
  stopPlaytest(): void;
  /** One move (direction index U, D, L, R); returns false when illegal or the attempt is over. */
  playMove(direction: number): boolean;
  undoPlayMove(): void;
  restartPlaytest(): void;
  startReplay(moves: string, label?: string): void;
  /** Moves the replay to `step` (clamped to 0..moves.length). */
  setReplayStep(step: number): void;
  setPlayLog(records: PlaytestRecord[], starts?: Readonly<Record<string, number>>): void;
  clearPlayLog(): void;
}

export const createPlaytestSlice: SliceCreator<PlaytestSlice> = (deps) => (set, get) => ({
  mode: 'edit',
  play: null,
  replay: null,
  playLog: [],
  playStarts: {},

  startPlaytest: () => {
    const { level, playStarts } = get();
    const rules = selectRuleset(get());
    const key = levelKey(level);
    // The start itself can be over: nothing to fill (won, not logged), or no legal move (lost).
    const start = catAfter(level, '', rules).state;
    const outcome: PlayOutcome = rules.isWon(level, start) ? 'won' : rules.legalMoves(level, start).length === 0 ? 'failed' : 'playing';
    set({
      mode: 'play',
      replay: null,
      selectedNode: null,
      stroke: null,
      play: { key, moves: '', trace: '', restarts: 0, totalMoves: 0, startedAt: deps.now(), endedAt: null, outcome },
      playStarts: { ...playStarts, [playKey(rules.name, key)]: (playStarts[playKey(rules.name, key)] ?? 0) + 1 },
    });
  },
  startPlaytestFrom: (moves) => {
    const { level } = get();
    if (moves === '') return get().startPlaytest();
    const rules = selectRuleset(get());
    const { state } = catAfter(level, moves, rules);
    const outcome: PlayOutcome = rules.isWon(level, state) ? 'won' : rules.legalMoves(level, state).length === 0 ? 'failed' : 'playing';
    set({
      mode: 'play',
      replay: null,
      selectedNode: null,
      stroke: null,
      play: { key: levelKey(level), moves, trace: moves, restarts: 0, totalMoves: 0, startedAt: deps.now(), endedAt: null, outcome, from: moves },
    });
  },
  stopPlaytest: () => set({ mode: 'edit', play: null, replay: null }),
  playMove: (direction) => {
    const { play, level, levelName, playLog } = get();
    if (play === null || play.outcome !== 'playing') return false;
    const letter = 'UDLR'[direction];
    if (letter === undefined) return false;
    const rules = selectRuleset(get());
    const before = catAfter(level, play.moves, rules);
    if (!rules.legalMoves(level, before.state).includes(direction)) return false;
    const moves = play.moves + letter;
    const { state } = catAfter(level, moves, rules);
    const won = rules.isWon(level, state);
    const failed = !won && rules.legalMoves(level, state).length === 0;
    const now = deps.now();
    const next: PlaySession = {
      ...play,
      moves,
      trace: play.trace + letter,
      totalMoves: play.totalMoves + 1,
      outcome: won ? 'won' : failed ? 'failed' : 'playing',
      endedAt: won ? now : null,
    };
    if (!won || play.from !== undefined) {
      set({ play: next });
      return true;
    }
    const record: PlaytestRecord = {
      id: deps.newId(),
      levelKey: play.key,
      levelName,
      rows: toRows(level),
      seconds: Math.round((now - play.startedAt) / 10) / 100,
      restarts: play.restarts,
      moves: next.totalMoves,
      solutionMoves: moves.length,
      finishedAt: new Date(now).toISOString(),
      ...(next.trace.length <= MAX_TRACE_LENGTH ? { trace: next.trace } : {}),
      rules: rules.name,
    };
    set({ play: next, playLog: [...playLog, record].slice(-PLAY_LOG_LIMIT) });
    return true;
  },
  undoPlayMove: () => {
    const { play } = get();
    if (play === null || play.moves.length <= (play.from ?? '').length || play.outcome === 'won') return;
    set({ play: { ...play, moves: play.moves.slice(0, -1), trace: `${play.trace}${UNDO}`, outcome: 'playing' } });
  },
  restartPlaytest: () => {
    const { play } = get();
    if (play === null) return;
    const from = play.from ?? '';
    if (play.outcome === 'won') {
      if (play.from !== undefined) get().startPlaytestFrom(play.from);
      else get().startPlaytest();
      return;
    }
    if (play.moves === from) return;
    set({ play: { ...play, moves: from, trace: `${play.trace}${RESTART}`, restarts: play.restarts + 1, outcome: 'playing' } });
  },
  startReplay: (moves, label = 'Shortest solution') => set({ mode: 'replay', play: null, selectedNode: null, replay: { moves, step: 0, label } }),
  setReplayStep: (step) => {
    const { replay } = get();
    if (replay === null) return;
    set({ replay: { ...replay, step: Math.max(0, Math.min(replay.moves.length, step)) } });
  },
  setPlayLog: (records, starts) => set({ playLog: records.slice(-PLAY_LOG_LIMIT), ...(starts !== undefined ? { playStarts: starts } : {}) }),
  clearPlayLog: () => set({ playLog: [], playStarts: {} }),
});
