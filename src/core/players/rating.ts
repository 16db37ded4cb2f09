/**
 * Level ratings from players' attempts (SPEC §13): a hierarchical
 * log-normal response-time model in the manner of van der Linden (2006,
 * "A lognormal model for response times on test items"), with give-ups as
 * right-censored times (the Tobit treatment) and the structural prediction
 * as each level's prior. docs/difficulty.md says why this model and how it
 * was checked.
 *
 * For player j on level i, the time to solve T_ij (all tries added up) is
 *
 *     log T_ij = b_i - s_j + e_ij,   e_ij ~ N(0, sigma^2)
 *     s_j ~ N(0, omega^2)                       (player speed, a random effect, weakened: see SPEED_PRIOR_WEIGHT)
 *     b_i ~ N(delta + log(1 + predicted_i), kappa^2)   (level time intensity)
 *
 * A player who gave up after t seconds has log T > log t (censored). The
 * rating of level i is exp(b_i): the median seconds an average-speed player
 * of this population needs to solve it. Because every player's speed is
 * estimated from all the levels they played, a late level that only the
 * quick players reach is not mistaken for an easy one (survivor bias), and
 * the players who gave up count as "longer than this" instead of vanishing.
 *
 * Fitting is by expectation-conditional maximisation: censored times are
 * replaced by their conditional mean under the current parameters, then
 * speeds, intensities and the variances are updated in turn (the variances
 * and the prior's offset and spread by empirical Bayes). The interval is
 * the normal approximation to b_i's posterior with the censored times'
 * Fisher information and each player's own speed uncertainty.
 */
import { inverseMills, normalQuantile } from './normal';

/** One player's time on one level: all their tries added up, solved or not (then censored). */
export interface PlayerLevelTime {
  readonly level: number;
  readonly player: number;
  /** Seconds spent, > 0. */
  readonly seconds: number;
  /** False: the player stopped without solving (a give-up), so the true time is longer. */
  readonly solved: boolean;
}

export interface RatingOptions {
  /** Central probability of the interval (default 0.9). */
  readonly interval?: number;
  readonly maxIterations?: number;
}

/** One level's rating. */
export interface LevelRating {
  /** Median seconds of an average-speed player; null when nobody played the level. */
  readonly rating: number | null;
  readonly ratingLow: number | null;
  readonly ratingHigh: number | null;
  /** log(rating) and its standard error (null without data). */
  readonly logRating: number | null;
  readonly logSe: number | null;
  /** The level's prior mean on the seconds scale (the calibrated structural prediction); null without a prediction. */
  readonly priorSeconds: number | null;
  /** Players with a time on the level. */
  readonly players: number;
}

/** The fitted model: per level ratings and the population's numbers. */
export interface RatingFit {
  readonly levels: readonly LevelRating[];
  /** Residual spread of log times (sigma). */
  readonly sigma: number;
  /** Spread of players' speeds on the log scale (omega). */
  readonly playerSpread: number;
  /** delta: ln(rated seconds) minus ln(1 + structural estimate), on average over the rated levels (the prior's calibration). */
  readonly priorOffset: number;
  /** kappa: how far levels' log ratings sit from their calibrated prediction. */
  readonly priorSpread: number;
  readonly interval: number;
  readonly iterations: number;
}

/** Shortest time counted, seconds (a 0-second record is a clock artefact; logs need a floor). */
export const MIN_SECONDS = 0.5;
/** Prior guess of the residual and player-speed variances on the log scale (0.5^2: a factor of 1.65 either way). */
const VARIANCE_PRIOR = 0.25;
/** Pseudo-observations behind that guess: enough to keep one player's two times from claiming certainty, nothing against hundreds. */
const VARIANCE_PRIOR_WEIGHT = 4;
/** Prior spread used while too few levels have data to estimate it (a factor of e either way). */
const DEFAULT_PRIOR_SPREAD = 1;
/** Prior spread of a level with no structural prediction (unsolvable by the model, or none given). */
const WIDE_PRIOR_SPREAD = 3;
/**
 * Weight of the speeds' prior, as a share of the fitted spread's precision.
 * A full random effect (1) is biased when who reaches a level depends on
 * speed (slow players leave early: selection on the random effect itself,
 * which its likelihood does not model); a fixed effect (0) cannot place a
 * player seen on one level. Half keeps both in check: on the simulated
 * populations of rating.test.ts, 90% intervals held the truth 91% of the
 * time at 60, 120 and 300 players (83% at 300 players with the full prior).
 */
const SPEED_PRIOR_WEIGHT = 0.5;

/**
 * Fits the model. `predicted[i]` is level i's structural estimate (or null);
 * players are numbered 0..playerCount-1. Deterministic; O(iterations x
 * records), 500 iterations at most (typically far fewer).
 */
export function fitRatings(levelCount: number, playerCount: number, times: readonly PlayerLevelTime[], predicted: readonly (number | null)[], options: RatingOptions = {}): RatingFit {
  const interval = options.interval ?? 0.9;
  const maxIterations = options.maxIterations ?? 500;
  const n = times.length;
  const lv = new Int32Array(n), pl = new Int32Array(n), y = new Float64Array(n), cens = new Uint8Array(n);
  const levelCounts = new Int32Array(levelCount), playerCounts = new Int32Array(playerCount);
  for (let k = 0; k < n; k++) {
    const t = times[k]!;
    lv[k] = t.level;
    pl[k] = t.player;
    y[k] = Math.log(Math.max(MIN_SECONDS, t.seconds));
    cens[k] = t.solved ? 0 : 1;
    levelCounts[t.level]!++;
    playerCounts[t.player]!++;
  }
  const priorX: (number | null)[] = Array.from({ length: levelCount }, (_, i) => {
    const p = predicted[i];
    return p === null || p === undefined || !Number.isFinite(p) ? null : Math.log1p(Math.max(0, p));
  });

  // Start: each level's mean log time, no player effects.
  const b = new Float64Array(levelCount), s = new Float64Array(playerCount);
  const sums = new Float64Array(levelCount);
  for (let k = 0; k < n; k++) sums[lv[k]!]! += y[k]!;
  let grand = 0;
  for (let k = 0; k < n; k++) grand += y[k]!;
  grand = n > 0 ? grand / n : 0;
  for (let i = 0; i < levelCount; i++) b[i] = levelCounts[i]! > 0 ? sums[i]! / levelCounts[i]! : grand;
  let sigma2 = 1, omega2 = 0.25, delta = 0, kappa2 = DEFAULT_PRIOR_SPREAD ** 2;
  {
    let d = 0, m = 0;
    for (let i = 0; i < levelCount; i++) if (priorX[i] !== null && levelCounts[i]! > 0) { d += b[i]! - priorX[i]!; m++; }
    delta = m > 0 ? d / m : 0;
  }

  const yHat = new Float64Array(n), condVar = new Float64Array(n);
  const num = new Float64Array(Math.max(levelCount, playerCount));
  let iterations = 0;
  for (let iter = 0; iter < maxIterations; iter++) {
    iterations = iter + 1;
    const sigma = Math.sqrt(sigma2);
    // E: censored times by their conditional mean and variance above the censoring point.
    for (let k = 0; k < n; k++) {
      const mu = b[lv[k]!]! - s[pl[k]!]!;
      if (cens[k] === 0) {
        yHat[k] = y[k]!;
        condVar[k] = 0;
      } else {
        const z = (y[k]! - mu) / sigma;
        const lam = inverseMills(z);
        yHat[k] = mu + sigma * lam;
        condVar[k] = sigma2 * Math.max(0, 1 + z * lam - lam * lam);
      }
    }
    // Player speeds (shrunk towards 0 by omega).
    num.fill(0, 0, playerCount);
    for (let k = 0; k < n; k++) num[pl[k]!]! += b[lv[k]!]! - yHat[k]!;
    let omegaSum = 0;
    for (let j = 0; j < playerCount; j++) {
      s[j] = num[j]! / (playerCounts[j]! + SPEED_PRIOR_WEIGHT * sigma2 / omega2);
      omegaSum += s[j]! * s[j]! + 1 / (playerCounts[j]! / sigma2 + 1 / omega2);
    }
    // The average player of this population is speed 0 (the model's origin): without this the sum
    // b_i - s_j drifts along its one free direction only as fast as omega's pull allows.
    let meanSpeed = 0;
    for (let j = 0; j < playerCount; j++) meanSpeed += s[j]!;
    meanSpeed = playerCount > 0 ? meanSpeed / playerCount : 0;
    for (let j = 0; j < playerCount; j++) s[j]! -= meanSpeed;
    // Level intensities, each pulled towards its calibrated prediction.
    num.fill(0, 0, levelCount);
    for (let k = 0; k < n; k++) num[lv[k]!]! += yHat[k]! + s[pl[k]!]!;
    let change = 0;
    for (let i = 0; i < levelCount; i++) {
      const x = priorX[i] ?? null;
      const priorMean = x === null ? grand : delta + x;
      const priorPrec = x === null ? 1 / WIDE_PRIOR_SPREAD ** 2 : 1 / kappa2;
      const next = (num[i]! / sigma2 + priorMean * priorPrec) / (levelCounts[i]! / sigma2 + priorPrec);
      change = Math.max(change, Math.abs(next - b[i]!));
      b[i] = next;
    }
    // Variances and the prior's calibration (empirical Bayes).
    let rss = 0;
    for (let k = 0; k < n; k++) {
      const r = yHat[k]! - b[lv[k]!]! + s[pl[k]!]!;
      rss += r * r + condVar[k]!;
    }
    // Each variance with a weak prior (VARIANCE_PRIOR_WEIGHT pseudo-observations at VARIANCE_PRIOR): with one
    // player or a handful of attempts the spreads cannot collapse to 0 and the intervals stay honest.
    sigma2 = (rss + VARIANCE_PRIOR_WEIGHT * VARIANCE_PRIOR) / (n + VARIANCE_PRIOR_WEIGHT);
    omega2 = (omegaSum + VARIANCE_PRIOR_WEIGHT * VARIANCE_PRIOR) / (playerCount + VARIANCE_PRIOR_WEIGHT);
    let d = 0, dm = 0;
    for (let i = 0; i < levelCount; i++) if (priorX[i] !== null && levelCounts[i]! > 0) { d += b[i]! - priorX[i]!; dm++; }
    if (dm > 0) delta = d / dm;
    if (dm >= 3) {
      let k2 = 0;
      for (let i = 0; i < levelCount; i++) {
        if (priorX[i] === null || levelCounts[i]! === 0) continue;
        const r = b[i]! - delta - priorX[i]!;
        k2 += r * r + 1 / (levelCounts[i]! / sigma2 + 1 / kappa2);
      }
      kappa2 = Math.min(16, Math.max(0.01, k2 / dm));
    }
    if (change < 1e-7 && iter > 2) break;
  }

  // Information about each b_i: uncensored times count 1, censored ones lambda(lambda - z); each over sigma^2 plus the player's speed variance.
  const sigma = Math.sqrt(sigma2);
  const info = new Float64Array(levelCount);
  for (let k = 0; k < n; k++) {
    const j = pl[k]!, i = lv[k]!;
    const speedVar = 1 / (playerCounts[j]! / sigma2 + SPEED_PRIOR_WEIGHT / omega2);
    let w = 1;
    if (cens[k] === 1) {
      const z = (y[k]! - (b[i]! - s[j]!)) / sigma;
      const lam = inverseMills(z);
      w = Math.max(0, lam * (lam - z));
    }
    info[i]! += w / (sigma2 + speedVar);
  }
  const zq = normalQuantile(0.5 + interval / 2);
  const levels: LevelRating[] = [];
  for (let i = 0; i < levelCount; i++) {
    const x = priorX[i] ?? null;
    const priorSeconds = x === null ? null : Math.exp(delta + x);
    if (levelCounts[i] === 0) {
      levels.push({ rating: null, ratingLow: null, ratingHigh: null, logRating: null, logSe: null, priorSeconds, players: 0 });
      continue;
    }
    const priorPrec = x === null ? 1 / WIDE_PRIOR_SPREAD ** 2 : 1 / kappa2;
    // The level's own uncertainty, plus that of the population's average speed (every rating shares it).
    const se = Math.sqrt(1 / (info[i]! + priorPrec) + (playerCount > 0 ? omega2 / playerCount : 0));
    levels.push({ rating: Math.exp(b[i]!), ratingLow: Math.exp(b[i]! - zq * se), ratingHigh: Math.exp(b[i]! + zq * se), logRating: b[i]!, logSe: se, priorSeconds, players: levelCounts[i]! });
  }
  return { levels, sigma, playerSpread: Math.sqrt(omega2), priorOffset: delta, priorSpread: Math.sqrt(kappa2), interval, iterations };
}
