/**
 * Level ratings from players' attempts (SPEC §13): a hierarchical
 * log-normal response-time model in the manner of van der Linden (2006,
 * "A lognormal model for response times on test items"), with give-ups as
 * right-censored times (the Tobit treatment), the structural prediction as
 * each level's prior, and what real attempts need on top (SPEC §13 "Honest
 * intervals"). docs/difficulty.md says why and how it was checked.
 *
 * For player j on level i, met after p_ij other levels, the time to solve
 * T_ij (all tries added up) is
 *
 *     log T_ij = b_i + theta_bin(p_ij) - a_i s_j + e_ij
 *     a_i ~ N(1, 0.3^2)                                           (how much the level rewards speed)
 *     e_ij ~ (1 - pi) N(0, sigma_i^2) + pi N(0, (4 sigma_i)^2)   (ratingMixture.ts: idle and lucky attempts)
 *     sigma_i^2 ~ scaled inverse chi^2(nu0, sigma0^2)             (a spread per level, pooled towards the population's)
 *     s_j ~ N(0, omega^2)                                         (player speed; weakened, see SPEED_PRIOR_WEIGHT)
 *     theta_k ~ N(0, tau^2), theta_0 = 0                          (practice: bins 0, 1, 2, 3, 4-7, 8-15, ... levels before)
 *     b_i ~ N(delta + log(1 + predicted_i), kappa^2)              (level time intensity)
 *
 * The practice term is there only where the order is known (a start time
 * per attempt); its prior keeps it identified when every player met the
 * levels in one order, and its uncertainty then widens the later levels'
 * intervals (the data cannot tell practice from difficulty). A give-up
 * after t seconds says log T > log t: quitting may depend on being stuck,
 * since only the time, not the reason, enters. The rating of level i is
 * exp(b_i): the median seconds an average-speed player needs to solve it
 * when it is the first level they meet.
 *
 * Fitting is expectation-conditional maximisation: the E-step gives each
 * time a weight and censored times their conditional moments
 * (ratingMixture.ts); speeds, then intensities and practice jointly (a
 * Schur complement on the small practice block), then the spreads, the
 * outlier share and the prior's calibration are updated in turn. The
 * interval is the normal approximation to b_i's posterior, practice's
 * uncertainty and each player's speed uncertainty included.
 */
import { normalQuantile } from './normal';
import { checkLevels, type LevelCheck } from './ratingCheck';
import { levelMedians } from './ratingMedian';
import { expectStep, type Expected } from './ratingMixture';
import { practiceBin, practiceOrder, practiceVariance, solvePractice } from './ratingPractice';

/** One player's time on one level: all their tries added up, solved or not (then censored). */
export interface PlayerLevelTime {
  readonly level: number;
  readonly player: number;
  /** Seconds spent, > 0. */
  readonly seconds: number;
  /** False: the player stopped without solving (a give-up), so the true time is longer. */
  readonly solved: boolean;
  /** Levels the player had started before this one (practice); absent when the order is not known. */
  readonly position?: number;
}

/** The same as columns (what `rate` builds for millions of times). */
export interface TimeColumns {
  readonly n: number;
  readonly level: Int32Array;
  readonly player: Int32Array;
  readonly seconds: Float64Array;
  readonly solved: Uint8Array;
  /** NaN where the order is not known. */
  readonly position: Float64Array;
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
  /** Fewer than {@link PROVISIONAL_PLAYERS} players: the number leans on the prediction and may move a lot. */
  readonly provisional: boolean;
  /** The posterior predictive check (ratingCheck.ts): misfit when the level's times do not look like the model's. */
  readonly check: LevelCheck | null;
}

/** How practice was handled. */
export interface PracticeFit {
  /** 'unknown': no start times, practice not modelled; 'fixed': nearly every player met the levels in one order; 'varied': orders differ. */
  readonly order: 'unknown' | 'fixed' | 'varied';
  /** Time factor per bin of levels met before (bins 1, 2, 3, 4-7, 8-15, ...), exp(theta). */
  readonly factors: readonly number[];
}

export { practiceBin };

/** The fitted model: per level ratings and the population's numbers. */
export interface RatingFit {
  readonly levels: readonly LevelRating[];
  /** Residual spread of log times pooled over the levels (sigma0). */
  readonly sigma: number;
  /** Spread of players' speeds on the log scale (omega). */
  readonly playerSpread: number;
  /** delta: ln(rated seconds) minus ln(1 + structural estimate), on average over the rated levels (the prior's calibration). */
  readonly priorOffset: number;
  /** kappa: how far levels' log ratings sit from their calibrated prediction. */
  readonly priorSpread: number;
  /** Share of times the model reads as outliers (idle, interrupted, lucky). */
  readonly outlierShare: number;
  readonly practice: PracticeFit;
  readonly interval: number;
  readonly iterations: number;
}

/** Shortest time counted, seconds (a 0-second record is a clock artefact; logs need a floor). */
export const MIN_SECONDS = 0.5;
/** Below this many players' times a rating is provisional (said on the gauge, in the Players view and by `rate`). */
export const PROVISIONAL_PLAYERS = 10;
/** Prior guess of the residual and player-speed variances on the log scale (0.5^2: a factor of 1.65 either way). */
const VARIANCE_PRIOR = 0.25;
/** Pseudo-observations behind that guess. */
const VARIANCE_PRIOR_WEIGHT = 4;
/** Largest leverage of one time on its player's speed counted when the spreads are corrected for it. */
const LEVERAGE_CAP = 0.9;
/** Pseudo-observations pulling each level's spread towards the pooled one (nu0). */
const LEVEL_SPREAD_WEIGHT = 8;
/** Prior spread used while too few levels have data to estimate it. */
const DEFAULT_PRIOR_SPREAD = 1;
/** Prior spread of a level with no structural prediction. */
const WIDE_PRIOR_SPREAD = 3;
/** Prior spread of a level's weight on players' speed around 1 (some levels reward skill more than others). */
const LOADING_PRIOR_SPREAD = 0.3;
/** Prior of the outlier share: Beta(1, 49)-like pseudo-counts (2% expected). */
const OUTLIER_PRIOR = { share: 0.02, weight: 50 };
/**
 * Weight of the speeds' prior, as a share of the fitted spread's precision.
 * A full random effect (1) is biased when who reaches a level depends on
 * speed (slow players leave early: selection on the random effect itself);
 * a fixed effect (0) cannot place a player seen on one level. Shrunk
 * speeds also make the survivors of a long run look slow, which reads as
 * less practice than there is. 0.35 is the measured compromise
 * (docs/difficulty.md): 0.5 held 90% intervals at 91% on the model's own
 * populations but 79% with practice in shuffled order; 0.35 holds 86% and
 * 85%; 0.25 holds 83% and 87%.
 */
const SPEED_PRIOR_WEIGHT = 0.35;

function toColumns(times: readonly PlayerLevelTime[]): TimeColumns {
  const n = times.length;
  const c = { n, level: new Int32Array(n), player: new Int32Array(n), seconds: new Float64Array(n), solved: new Uint8Array(n), position: new Float64Array(n) };
  times.forEach((t, k) => {
    c.level[k] = t.level;
    c.player[k] = t.player;
    c.seconds[k] = t.seconds;
    c.solved[k] = t.solved ? 1 : 0;
    c.position[k] = t.position ?? NaN;
  });
  return c;
}

/**
 * Fits the model. `predicted[i]` is level i's structural estimate (or null);
 * players are numbered 0..playerCount-1. Deterministic; O(iterations x
 * times), 500 iterations at most.
 */
export function fitRatings(levelCount: number, playerCount: number, input: readonly PlayerLevelTime[] | TimeColumns, predicted: readonly (number | null)[], options: RatingOptions = {}): RatingFit {
  const interval = options.interval ?? 0.9;
  const maxIterations = options.maxIterations ?? 500;
  const t = Array.isArray(input) ? toColumns(input as readonly PlayerLevelTime[]) : (input as TimeColumns);
  const n = t.n, lv = t.level, pl = t.player;
  const y = new Float64Array(n), bin = new Int8Array(n);
  const levelCounts = new Int32Array(levelCount), playerCounts = new Int32Array(playerCount);
  let bins = 0;
  for (let k = 0; k < n; k++) {
    y[k] = Math.log(Math.max(MIN_SECONDS, t.seconds[k]!));
    bin[k] = practiceBin(t.position[k]!);
    bins = Math.max(bins, bin[k]!);
    levelCounts[lv[k]!]!++;
    playerCounts[pl[k]!]!++;
  }
  const order = practiceOrder(t, bin, levelCount);
  const K = order === 'unknown' ? 0 : bins; // practice parameters theta_1..theta_K (theta_0 = 0)
  const priorX: (number | null)[] = Array.from({ length: levelCount }, (_, i) => {
    const p = predicted[i];
    return p === null || p === undefined || !Number.isFinite(p) ? null : Math.log1p(Math.max(0, p));
  });

  const b = new Float64Array(levelCount), s = new Float64Array(playerCount), theta = new Float64Array(K + 1);
  const sig2 = new Float64Array(levelCount);
  let grand = 0;
  for (let k = 0; k < n; k++) grand += y[k]!;
  grand = n > 0 ? grand / n : 0;
  {
    const sums = new Float64Array(levelCount);
    for (let k = 0; k < n; k++) sums[lv[k]!]! += y[k]!;
    for (let i = 0; i < levelCount; i++) b[i] = levelCounts[i]! > 0 ? sums[i]! / levelCounts[i]! : grand;
  }
  sig2.fill(1);
  let sigma02 = 1, omega2 = 0.25, pi = OUTLIER_PRIOR.share, delta = 0, kappa2 = DEFAULT_PRIOR_SPREAD ** 2;
  const calibrate = (): number => {
    let d = 0, m = 0;
    for (let i = 0; i < levelCount; i++) if (priorX[i] !== null && levelCounts[i]! > 0) { d += b[i]! - priorX[i]!; m++; }
    if (m > 0) delta = d / m;
    return m;
  };
  calibrate();

  // Weights and variances in single precision: a ten-million-row fit keeps them beside the times.
  const yHat = new Float64Array(n), wts = new Float32Array(n), cvar = new Float32Array(n), info = new Float32Array(n);
  const e: Expected = { w: 1, y: 0, v: 0, info: 1, pOut: 0 };
  const num = new Float64Array(Math.max(levelCount, playerCount)), den = new Float64Array(Math.max(levelCount, playerCount));
  const cross = new Float64Array(levelCount * (K + 1));
  const spNum = new Float64Array(playerCount), spDen = new Float64Array(playerCount), loadVar = new Float64Array(levelCount);
  const wSum = new Float64Array(levelCount), sSum = new Float64Array(levelCount), tSum = new Float64Array(levelCount);
  const thetaNum = new Float64Array(K + 1), thetaDen = new Float64Array(K + 1);
  const a = new Float64Array(levelCount).fill(1);
  const mean = (k: number): number => b[lv[k]!]! + (bin[k]! > 0 ? theta[bin[k]!]! : 0) - a[lv[k]!]! * s[pl[k]!]!;
  /** Time k's leverage on its player's speed (the share of that speed's precision it gave), capped. */
  const leverage = (k: number): number => {
    const i = lv[k]!;
    return Math.min(LEVERAGE_CAP, (wts[k]! * a[i]! * a[i]!) / sig2[i]! / (spDen[pl[k]!]! + SPEED_PRIOR_WEIGHT / omega2));
  };
  const priorOf = (i: number): { m: number; p: number } => (priorX[i] === null ? { m: grand, p: 1 / WIDE_PRIOR_SPREAD ** 2 } : { m: delta + priorX[i]!, p: 1 / kappa2 });

  let iterations = 0;
  for (let iter = 0; iter < maxIterations; iter++) {
    iterations = iter + 1;
    // E-step.
    let outSum = 0;
    for (let k = 0; k < n; k++) {
      expectStep(y[k]!, mean(k), Math.sqrt(sig2[lv[k]!]!), pi, t.solved[k] === 0, e);
      yHat[k] = e.y;
      wts[k] = e.w;
      cvar[k] = e.v;
      info[k] = e.info;
      outSum += e.pOut;
    }
    // Player speeds.
    num.fill(0, 0, playerCount);
    den.fill(0, 0, playerCount);
    for (let k = 0; k < n; k++) {
      const i = lv[k]!, q = wts[k]! / sig2[i]!;
      num[pl[k]!]! += q * a[i]! * (mean(k) + a[i]! * s[pl[k]!]! - yHat[k]!);
      den[pl[k]!]! += q * a[i]! * a[i]!;
    }
    spNum.set(num.subarray(0, playerCount));
    spDen.set(den.subarray(0, playerCount));
    let omegaSum = 0, meanSpeed = 0;
    for (let j = 0; j < playerCount; j++) {
      s[j] = num[j]! / (den[j]! + SPEED_PRIOR_WEIGHT / omega2);
      omegaSum += s[j]! * s[j]! + 1 / (den[j]! + 1 / omega2);
      meanSpeed += s[j]!;
    }
    meanSpeed = playerCount > 0 ? meanSpeed / playerCount : 0;
    for (let j = 0; j < playerCount; j++) s[j]! -= meanSpeed;
    // Each level's weight on speed (a_i, prior N(1, LOADING_PRIOR_SPREAD^2)): regress the level's times on the players' speeds.
    num.fill(0, 0, levelCount);
    den.fill(0, 0, levelCount);
    // Against each player's speed from their other levels (leave this one out): a level must not set the speeds it is weighed on.
    // Those speeds are shrunk by the full prior (regression calibration): the expected speed given the other levels is an
    // unbiased regressor, where a less shrunk, noisier one flattens the weights (high ones read low, low ones high).
    // Each time weighs by its precision about the line: the level's spread plus the doubt in that speed times the weight
    // (a player seen on two levels says less about the slope than one seen on twenty). The slope is read from the speeds'
    // spread about their mean on the level (an intercept beside it), not from how far that mean sits from 0: the level's
    // intensity takes that part, and the players who reach a level are quicker than average, so counting it would claim
    // about twice the information there is (the weight's doubt enters every rating's interval, below).
    wSum.fill(0);
    sSum.fill(0);
    tSum.fill(0);
    for (let k = 0; k < n; k++) {
      const i = lv[k]!, j = pl[k]!, q = wts[k]! / sig2[i]!, target = mean(k) + a[i]! * s[j]! - yHat[k]!;
      const outPrec = spDen[j]! - q * a[i]! * a[i]! + 1 / omega2;
      const sOut = (spNum[j]! - q * a[i]! * target) / outPrec - meanSpeed;
      const qe = wts[k]! / (sig2[i]! + a[i]! ** 2 / outPrec);
      num[i]! += qe * sOut * target;
      den[i]! += qe * sOut * sOut;
      wSum[i]! += qe;
      sSum[i]! += qe * sOut;
      tSum[i]! += qe * target;
    }
    let aSum = 0, aCount = 0;
    for (let i = 0; i < levelCount; i++) {
      if (wSum[i]! > 0) {
        num[i]! -= (sSum[i]! * tSum[i]!) / wSum[i]!;
        den[i]! = Math.max(0, den[i]! - (sSum[i]! * sSum[i]!) / wSum[i]!);
      }
      a[i] = (num[i]! + 1 / LOADING_PRIOR_SPREAD ** 2) / (den[i]! + 1 / LOADING_PRIOR_SPREAD ** 2);
      loadVar[i] = 1 / (den[i]! + 1 / LOADING_PRIOR_SPREAD ** 2);
      aSum += a[i]! * levelCounts[i]!;
      aCount += levelCounts[i]!;
    }
    // Speeds and weights share one scale: keep the weights' average at 1 (the speeds take the rest).
    const aMean = aCount > 0 && aSum > 0 ? aSum / aCount : 1;
    for (let i = 0; i < levelCount; i++) a[i]! /= aMean;
    for (let j = 0; j < playerCount; j++) s[j]! *= aMean;
    // Intensities and practice, jointly.
    num.fill(0, 0, levelCount);
    den.fill(0, 0, levelCount);
    cross.fill(0);
    thetaNum.fill(0);
    thetaDen.fill(0);
    for (let k = 0; k < n; k++) {
      const i = lv[k]!, q = wts[k]! / sig2[i]!, r = yHat[k]! + a[i]! * s[pl[k]!]!;
      den[i]! += q;
      num[i]! += q * r;
      const c = bin[k]!;
      if (c > 0 && K > 0) {
        cross[i * (K + 1) + c]! += q;
        thetaDen[c]! += q;
        thetaNum[c]! += q * r;
      }
    }
    const prevB = Float64Array.from(b);
    for (let i = 0; i < levelCount; i++) {
      const pr = priorOf(i);
      den[i]! += pr.p;
      num[i]! += pr.p * pr.m;
    }
    // In one fixed order the data cannot tell practice from difficulty: practice stays at its prior mean (none), and only its uncertainty is carried (below).
    if (K > 0 && order === 'varied') {
      const solved = solvePractice(levelCount, K, den, num, cross, thetaDen, thetaNum);
      for (let c = 1; c <= K; c++) theta[c] = solved.theta[c]!;
    }
    let change = 0;
    for (let i = 0; i < levelCount; i++) {
      let r = num[i]!;
      for (let c = 1; c <= K; c++) r -= cross[i * (K + 1) + c]! * theta[c]!;
      b[i] = r / den[i]!;
      change = Math.max(change, Math.abs(b[i]! - prevB[i]!));
    }
    // Spreads: per level, pooled towards sigma0 (scaled inverse chi-square prior with nu0 pseudo-times).
    // A time's residual is against a speed its own level helped set: divided by 1 - its leverage on that speed (the
    // degrees of freedom the speeds used), or a level with a tight spread would weigh most in the speeds, explain
    // them, and look tighter still (a runaway to a spread near 0: a Heywood case).
    const rss = new Float64Array(levelCount);
    for (let k = 0; k < n; k++) {
      const i = lv[k]!, r = yHat[k]! - mean(k);
      const h = leverage(k);
      rss[i]! += (wts[k]! * (r * r + cvar[k]!)) / (1 - h);
    }
    let pooled = 0;
    for (let i = 0; i < levelCount; i++) pooled += rss[i]!;
    sigma02 = (pooled + VARIANCE_PRIOR_WEIGHT * VARIANCE_PRIOR) / (n + VARIANCE_PRIOR_WEIGHT);
    for (let i = 0; i < levelCount; i++) sig2[i] = Math.max(1e-4, (rss[i]! + LEVEL_SPREAD_WEIGHT * sigma02) / (levelCounts[i]! + LEVEL_SPREAD_WEIGHT));
    omega2 = (omegaSum + VARIANCE_PRIOR_WEIGHT * VARIANCE_PRIOR) / (playerCount + VARIANCE_PRIOR_WEIGHT);
    pi = Math.min(0.3, (outSum + OUTLIER_PRIOR.share * OUTLIER_PRIOR.weight) / (n + OUTLIER_PRIOR.weight));
    const dm = calibrate();
    if (dm >= 3) {
      let k2 = 0;
      for (let i = 0; i < levelCount; i++) {
        if (priorX[i] === null || levelCounts[i]! === 0) continue;
        const r = b[i]! - delta - priorX[i]!;
        k2 += r * r + 1 / den[i]!;
      }
      kappa2 = Math.min(16, Math.max(0.01, k2 / dm));
    }
    if (change < 1e-6 && iter > 2) break;
  }

  // Information about (b, theta): each time's Fisher information over its level's spread plus its player's speed variance.
  const speedPrec = new Float64Array(playerCount);
  for (let k = 0; k < n; k++) speedPrec[pl[k]!]! += (wts[k]! * a[lv[k]!]! ** 2) / sig2[lv[k]!]!;
  const A = new Float64Array(levelCount);
  cross.fill(0);
  thetaDen.fill(0);
  for (let k = 0; k < n; k++) {
    const i = lv[k]!, j = pl[k]!;
    const q = info[k]! / (sig2[i]! + a[i]! ** 2 / (speedPrec[j]! + SPEED_PRIOR_WEIGHT / omega2));
    A[i]! += q;
    const c = bin[k]!;
    if (c > 0 && K > 0) {
      cross[i * (K + 1) + c]! += q;
      thetaDen[c]! += q;
    }
  }
  for (let i = 0; i < levelCount; i++) A[i]! += priorOf(i).p;
  const extra = K > 0 ? practiceVariance(levelCount, K, A, cross, thetaDen) : new Float64Array(levelCount);
  // Each level's own median from its adjusted times (ratingMedian.ts), where the give-ups leave it determined.
  const adjusted = new Float64Array(n);
  for (let k = 0; k < n; k++) adjusted[k] = y[k]! - (bin[k]! > 0 ? theta[bin[k]!]! : 0) + a[lv[k]!]! * s[pl[k]!]!;
  const med = levelMedians(levelCount, n, lv, adjusted, t.solved, (i) => Math.sqrt(sig2[i]!));
  const speedOfLevel = new Float64Array(levelCount);
  for (let k = 0; k < n; k++) speedOfLevel[lv[k]!]! += s[pl[k]!]!;
  const checks = checkLevels(levelCount, n, lv, y, t.solved, (k) => mean(k), (k) => Math.sqrt(sig2[lv[k]!]! * (1 - leverage(k))), pi);
  const zq = normalQuantile(0.5 + interval / 2);
  const levels: LevelRating[] = [];
  for (let i = 0; i < levelCount; i++) {
    const x = priorX[i] ?? null;
    const priorSeconds = x === null ? null : Math.exp(delta + x);
    if (levelCounts[i] === 0) {
      levels.push({ rating: null, ratingLow: null, ratingHigh: null, logRating: null, logSe: null, priorSeconds, players: 0, provisional: true, check: null });
      continue;
    }
    let centre = b[i]!, own = 1 / A[i]!;
    if (!Number.isNaN(med.median[i]!) && levelCounts[i]! >= PROVISIONAL_PLAYERS) {
      // The median combined with the level's prior, as the model's estimate is.
      const p = priorOf(i);
      own = 1 / (1 / med.variance[i]! + p.p);
      centre = own * (med.median[i]! / med.variance[i]! + p.m * p.p);
    }
    // The level's weight on speed is estimated too: its error moves the rating by as much times the mean speed of the level's players (survivors are quick).
    const weightDoubt = loadVar[i]! * (speedOfLevel[i]! / levelCounts[i]!) ** 2;
    const se = Math.sqrt(own + extra[i]! + weightDoubt + (playerCount > 0 ? (a[i]! ** 2 * omega2) / playerCount : 0));
    levels.push({ rating: Math.exp(centre), ratingLow: Math.exp(centre - zq * se), ratingHigh: Math.exp(centre + zq * se), logRating: centre, logSe: se, priorSeconds, players: levelCounts[i]!, provisional: levelCounts[i]! < PROVISIONAL_PLAYERS, check: checks[i]! });
  }
  const factors = Array.from({ length: K }, (_, c) => Math.exp(theta[c + 1]!));
  return { levels, sigma: Math.sqrt(sigma02), playerSpread: Math.sqrt(omega2), priorOffset: delta, priorSpread: Math.sqrt(kappa2), outlierShare: pi, practice: { order, factors }, interval, iterations };
}
