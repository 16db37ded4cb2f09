/**
 * The rating model's residual law and its pieces (rating.ts): a
 * contaminated normal, most times N(0, sigma^2) around the level's mean and
 * a small share {@link OUTLIER_SCALE} times as wide (idle attempts, a player
 * interrupted, a lucky guess). Per time the E-step gives a weight (the
 * expected precision, 1 for a typical time, 1/OUTLIER_SCALE^2 for an
 * outlier) and, for a give-up (a censored time), the expected log time and
 * its variance above the censoring point under both parts. The same law
 * gives the quantiles the posterior predictive check (ratingCheck.ts)
 * compares with.
 */
import { inverseMills, normalPdf, normalUpperTail } from './normal';

/** How much wider the outlier part is than the typical one. */
export const OUTLIER_SCALE = 4;

/** One time's E-step: weight, the (weighted) expected log time, and the second moment's extra variance. */
export interface Expected {
  /** Expected precision multiplier (1 typical ... 1/OUTLIER_SCALE^2 outlier). */
  w: number;
  /** Expected log time, weighted by each part's precision. */
  y: number;
  /** Weighted conditional variance (0 for an observed time). */
  v: number;
  /** Fisher information about the level's mean, in units of 1/sigma^2. */
  info: number;
  /** Chance the time belongs to the outlier part. */
  pOut: number;
}

/**
 * E-step for one time: `y` log seconds, `mu` the model's mean, `sigma` the
 * level's spread, `pi` the outlier share, `censored` a give-up at `y`.
 */
export function expectStep(y: number, mu: number, sigma: number, pi: number, censored: boolean, out: Expected): void {
  const k = OUTLIER_SCALE;
  const z = (y - mu) / sigma;
  if (!censored) {
    const a = (1 - pi) * normalPdf(z), b = (pi * normalPdf(z / k)) / k;
    const pOut = a + b > 0 ? b / (a + b) : 1;
    const w = 1 - pOut + pOut / (k * k);
    out.w = w;
    out.y = y;
    out.v = 0;
    out.info = w;
    out.pOut = pOut;
    return;
  }
  // Above the censoring point: each part's truncated mean and variance, weighted by its chance of being there.
  const sIn = (1 - pi) * normalUpperTail(z), sOut = pi * normalUpperTail(z / k);
  const pOut = sIn + sOut > 0 ? sOut / (sIn + sOut) : 1, pIn = 1 - pOut;
  const lIn = inverseMills(z), lOut = inverseMills(z / k);
  const mIn = mu + sigma * lIn, mOut = mu + k * sigma * lOut;
  const vIn = sigma * sigma * Math.max(0, 1 + z * lIn - lIn * lIn);
  const vOut = k * k * sigma * sigma * Math.max(0, 1 + (z / k) * lOut - lOut * lOut);
  const wIn = pIn, wOut = pOut / (k * k);
  const w = wIn + wOut;
  out.w = w;
  out.y = (wIn * mIn + wOut * mOut) / w;
  // E[w (Y - m)^2] about the weighted mean m: each part's variance plus its offset from m.
  out.v = (wIn * (vIn + (mIn - out.y) ** 2) + wOut * (vOut + (mOut - out.y) ** 2)) / w;
  out.pOut = pOut;
  out.info = pIn * Math.max(0, lIn * (lIn - z)) + (pOut * Math.max(0, lOut * (lOut - z / k))) / (k * k);
}

/** The law's CDF at z (standard units): (1 - pi) Phi(z) + pi Phi(z / k). */
export function mixtureCdf(z: number, pi: number): number {
  return 1 - ((1 - pi) * normalUpperTail(z) + pi * normalUpperTail(z / OUTLIER_SCALE));
}

/** The law's p-quantile in standard units (bisection; monotone CDF). */
export function mixtureQuantile(p: number, pi: number): number {
  let lo = -40, hi = 40;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (mixtureCdf(mid, pi) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
