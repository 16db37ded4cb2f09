/**
 * A simulated population of players going through a pack in order, with a
 * known truth, for checking level ratings. Each player has a speed and a
 * patience; each level a true time intensity. A player's time on a level is
 * log-normal around (intensity - speed); when it would pass their patience
 * they give up there (a censored time) and most quit the pack; players also
 * drift away between levels, the slow ones more often; so the later levels
 * are reached mostly by quick players (survivor bias). Times are split into several tries
 * (failed, then solved or given up) to exercise the per-player pooling.
 * Seeded: the same seed gives the same population.
 */
import { createRng, type Rng } from '../../src/core/util/rng';

export interface SimAttempt {
  readonly level: number;
  readonly player: number;
  readonly outcome: 'solved' | 'failed' | 'gaveup';
  readonly seconds: number;
}

export interface SimPopulation {
  /** True log time intensity per level (the rating's target: exp of it is the average player's median seconds). */
  readonly truth: readonly number[];
  /** A noisy structural prediction per level, on its own scale. */
  readonly predicted: readonly number[];
  readonly attempts: readonly SimAttempt[];
  /** Each player's true log speed. */
  readonly speeds: readonly number[];
}

export interface SimOptions {
  readonly seed: number;
  readonly players: number;
  readonly levels: number;
  /** Spread of players' log speeds (default 0.7). */
  readonly speedSpread?: number;
  /** Residual spread of log times (default 0.5). */
  readonly noise?: number;
  /** Median patience, seconds (default 90). */
  readonly patience?: number;
  /** Chance that a player who gave up quits the pack (default 0.7). */
  readonly quitAfterGiveUp?: number;
  /** Chance that an average player drifts away after any level (default 0.03); slower players drift more (see skillDrift). */
  readonly drift?: number;
  /** How much more slower players drift: the chance is drift x exp(-skillDrift x speed) (default 1.5). */
  readonly skillDrift?: number;
  /** Spread of the structural prediction's log error (default 0.8). */
  readonly predictionNoise?: number;
  /** Range of the levels' true median seconds for an average player (default 15..60). */
  readonly easiest?: number;
  readonly hardest?: number;
  /** Share of a level's intensity that follows its position (packs get harder; default 0.5). */
  readonly trend?: number;
}

export function gaussian(rng: Rng): number {
  const u = 1 - rng.next(), v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function simulatePopulation(o: SimOptions): SimPopulation {
  const rng = createRng(o.seed);
  const speedSpread = o.speedSpread ?? 0.7, noise = o.noise ?? 0.5, patience = o.patience ?? 90;
  const quit = o.quitAfterGiveUp ?? 0.7, drift = o.drift ?? 0.03, skillDrift = o.skillDrift ?? 1.5, predictionNoise = o.predictionNoise ?? 0.8;
  // Intensities between the easiest and hardest, partly following the position (packs get harder), partly at random.
  const lo = Math.log(o.easiest ?? 15), hi = Math.log(o.hardest ?? 60), trend = o.trend ?? 0.5;
  const truth = Array.from({ length: o.levels }, (_, i) => lo + (hi - lo) * (trend * (i / Math.max(1, o.levels - 1)) + (1 - trend) * rng.next()));
  const predicted = truth.map((b) => Math.max(0, Math.exp(b + predictionNoise * gaussian(rng)) / 3 - 1));
  const attempts: SimAttempt[] = [];
  const speeds: number[] = [];
  for (let p = 0; p < o.players; p++) {
    const speed = speedSpread * gaussian(rng);
    speeds.push(speed);
    const limit = patience * Math.exp(0.6 * gaussian(rng));
    for (let l = 0; l < o.levels; l++) {
      const time = Math.exp(truth[l]! - speed + noise * gaussian(rng));
      const gaveUp = time > limit;
      const spent = gaveUp ? limit : time;
      // Split into 1-3 tries: the earlier ones failed.
      const tries = 1 + rng.int(3);
      let left = spent;
      for (let t = 0; t < tries; t++) {
        const last = t === tries - 1;
        const part = last ? left : left * (0.2 + 0.5 * rng.next());
        left -= part;
        attempts.push({ level: l, player: p, outcome: last ? (gaveUp ? 'gaveup' : 'solved') : 'failed', seconds: part });
      }
      if (gaveUp && rng.next() < quit) break;
      if (rng.next() < drift * Math.exp(-skillDrift * speed)) break;
    }
  }
  return { truth, predicted, attempts, speeds };
}
