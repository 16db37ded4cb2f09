/**
 * From attempts to ratings: per level the counts (attempts, players, solves,
 * give-ups, median solve time) and the model's rating (rating.ts). A
 * player's time on a level is every try up to and including their first
 * solve, added up; a player who never solved it gives a censored time (all
 * their tries added up). Attempts after a player's first solve (replays)
 * are counted as attempts, never timed.
 */
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
  readonly attempts: number;
}

/**
 * Pools attempts per player and level into times, in the order given
 * (sources list a player's attempts in time order). O(attempts).
 */
export function playerLevelTimes(attempts: readonly LevelAttempt[]): { times: PlayerLevelTime[]; players: string[] } {
  const playerIndex = new Map<string, number>();
  const open = new Map<string, { level: number; player: number; seconds: number; solved: boolean }>();
  const order: { level: number; player: number; seconds: number; solved: boolean }[] = [];
  for (const a of attempts) {
    let p = playerIndex.get(a.player);
    if (p === undefined) {
      p = playerIndex.size;
      playerIndex.set(a.player, p);
    }
    if (a.replay === true) continue;
    const key = `${a.level}\u0000${p}`;
    let entry = open.get(key);
    if (entry === undefined) {
      entry = { level: a.level, player: p, seconds: 0, solved: false };
      open.set(key, entry);
      order.push(entry);
    }
    if (entry.solved) continue;
    entry.seconds += a.seconds;
    if (a.outcome === 'solved') entry.solved = true;
  }
  return { times: order.map((e) => ({ ...e })), players: [...playerIndex.keys()] };
}

/**
 * Rates `levelCount` levels from their attempts, with `predicted[i]` (the
 * structural estimate, or null) as level i's prior. Deterministic.
 */
export function rateLevels(levelCount: number, attempts: readonly LevelAttempt[], predicted: readonly (number | null)[], options: RatingOptions = {}): RatingReport {
  const { times, players } = playerLevelTimes(attempts);
  const fit = fitRatings(levelCount, players.length, times, predicted, options);
  const attemptsPer = new Array<number>(levelCount).fill(0), solvesPer = new Array<number>(levelCount).fill(0), gaveUpsPer = new Array<number>(levelCount).fill(0);
  for (const a of attempts) {
    attemptsPer[a.level]!++;
    if (a.outcome === 'solved') solvesPer[a.level]!++;
    else if (a.outcome === 'gaveup') gaveUpsPer[a.level]!++;
  }
  const solveTimes: number[][] = Array.from({ length: levelCount }, () => []);
  const solvers = new Array<number>(levelCount).fill(0);
  for (const t of times) {
    if (t.solved) {
      solveTimes[t.level]!.push(t.seconds);
      solvers[t.level]!++;
    }
  }
  const rows = fit.levels.map((r, i) => ({
    ...r,
    attempts: attemptsPer[i]!,
    solves: solvesPer[i]!,
    gaveUps: gaveUpsPer[i]!,
    medianSeconds: median(solveTimes[i]!),
    solveRate: r.players === 0 ? null : solvers[i]! / r.players,
    predicted: predicted[i] ?? null,
  }));
  return { rows, fit, players: players.length, attempts: attempts.length };
}
