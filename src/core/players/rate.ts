/**
 * From attempts to ratings: per level the counts (attempts, players, solves,
 * give-ups, median solve time) and the model's rating (rating.ts). A
 * player's time on a level is every try up to and including their first
 * solve, added up; a player who never solved it gives a censored time (all
 * their tries added up). Attempts after a player's first solve (replays)
 * are counted as attempts, never timed. The same attempt given twice (same
 * player, level and start time) counts once.
 */
import { AttemptTable, OUTCOME_CODE } from './attemptTable';
import { fitRatings, type LevelRating, type PlayerLevelTime, type RatingFit, type RatingOptions } from './rating';
import { median } from './stats';

/** How an attempt ended (SPEC §13): `failed` = restarted or stuck and tried again, `gaveup` = left the level. */
export type AttemptOutcome = 'solved' | 'failed' | 'gaveup';

/** One attempt at a pack level, after the level keys were matched. */
export interface LevelAttempt {
  /** Index of the pack level. */
  readonly level: number;
  readonly player: string;
  readonly outcome: AttemptOutcome;
  readonly seconds: number;
  /** The attempt came after the player's first solve of the level (the source said so). */
  readonly replay?: boolean;
  /** When it started, epoch ms, where the source says: orders the player's levels (practice) and tells a repeat. */
  readonly startedAt?: number;
}

/** One level's line of the rating report (SPEC §13's columns). */
export interface LevelRatingRow extends LevelRating {
  readonly attempts: number;
  readonly solves: number;
  readonly gaveUps: number;
  /** Median seconds to solve over the players who solved it (all their tries added up): the naive number, biased by who got this far. */
  readonly medianSeconds: number | null;
  /** Players who solved it over players who played it; null when nobody played it. */
  readonly solveRate: number | null;
  /** The structural estimate given for the level. */
  readonly predicted: number | null;
}

export interface RatingReport {
  readonly rows: readonly LevelRatingRow[];
  readonly fit: RatingFit;
  readonly players: number;
  /** Attempts rated (repeats removed). */
  readonly attempts: number;
  /** Attempts given more than once (same player, level and start time) and counted once. */
  readonly repeats: number;
}

/** Attempts into columns (players numbered in first-seen order). O(attempts). */
export function attemptTable(attempts: readonly LevelAttempt[]): AttemptTable {
  const table = new AttemptTable();
  for (const a of attempts) table.add(a.level, a.player, a.outcome, a.seconds, a.startedAt, a.replay === true);
  return table;
}

/**
 * Pools attempts per player and level into times, in the order given
 * (sources list a player's attempts in time order); see
 * AttemptTable.times. O(attempts).
 */
export function playerLevelTimes(attempts: readonly LevelAttempt[]): { times: PlayerLevelTime[]; players: string[] } {
  const table = attemptTable(attempts);
  let levels = 0;
  for (const a of attempts) levels = Math.max(levels, a.level + 1);
  const c = table.times(levels);
  const times: PlayerLevelTime[] = [];
  for (let k = 0; k < c.n; k++) times.push({ level: c.level[k]!, player: c.player[k]!, seconds: c.seconds[k]!, solved: c.solved[k] === 1, ...(Number.isNaN(c.position[k]!) ? {} : { position: c.position[k]! }) });
  return { times, players: [...table.playerIds.keys()] };
}

/**
 * Rates `levelCount` levels from their attempts, with `predicted[i]` (the
 * structural estimate, or null) as level i's prior. The same attempt given
 * twice (same player, level and start time) counts once. Deterministic.
 */
export function rateLevels(levelCount: number, attempts: readonly LevelAttempt[], predicted: readonly (number | null)[], options: RatingOptions = {}): RatingReport {
  return rateTable(levelCount, attemptTable(attempts), predicted, options);
}

/**
 * {@link rateLevels} on attempts already in columns (`rate` streams into
 * one). Removes repeats, then lets go of the table's columns (the counts
 * are taken first), so the fit does not hold both. O(attempts x iterations).
 */
export function rateTable(levelCount: number, table: AttemptTable, predicted: readonly (number | null)[], options: RatingOptions = {}): RatingReport {
  table.trim();
  const repeats = table.dedupe();
  const times = table.times(levelCount);
  const players = table.playerIds.size, attempts = table.length;
  const attemptsPer = new Array<number>(levelCount).fill(0), solvesPer = new Array<number>(levelCount).fill(0), gaveUpsPer = new Array<number>(levelCount).fill(0);
  for (let k = 0; k < table.length; k++) {
    const i = table.level[k]!;
    attemptsPer[i]!++;
    if (table.outcome[k] === OUTCOME_CODE.solved) solvesPer[i]!++;
    else if (table.outcome[k] === OUTCOME_CODE.gaveup) gaveUpsPer[i]!++;
  }
  table.release();
  const fit = fitRatings(levelCount, players, times, predicted, options);
  const solveTimes: number[][] = Array.from({ length: levelCount }, () => []);
  for (let k = 0; k < times.n; k++) if (times.solved[k] === 1) solveTimes[times.level[k]!]!.push(times.seconds[k]!);
  const rows = fit.levels.map((r, i) => ({
    ...r,
    attempts: attemptsPer[i]!,
    solves: solvesPer[i]!,
    gaveUps: gaveUpsPer[i]!,
    medianSeconds: median(solveTimes[i]!),
    solveRate: r.players === 0 ? null : solveTimes[i]!.length / r.players,
    predicted: predicted[i] ?? null,
  }));
  return { rows, fit, players, attempts, repeats };
}
