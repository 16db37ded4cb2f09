/**
 * The rating model's posterior predictive check, per level (SPEC §13
 * "Honest intervals"): do the level's times sit where the fitted model puts
 * them? For every time the model gives a law (ratingMixture.ts) around the
 * player's mean; the check counts the times below its 10% quantile, between
 * its 25% and 75% quantiles, and above its 90% quantile, and compares each
 * count with what the model implies (10%, 50%, 10% of the times). A give-up
 * at t counts by the chance, under the model, that the time it stands for
 * lies in the region (it is known only to be longer than t), so a level
 * with more give-ups than the model implies shows as too many slow times.
 * Each comparison is a z score against the binomial spread; a level is
 * misfit when any |z| passes {@link MISFIT_Z}: a two-mode ("insight")
 * level has too few times in the middle, a level where idle players pile up
 * too many above. Misfit ratings are shown as such, not hidden.
 */
import { mixtureCdf, mixtureQuantile } from './ratingMixture';

/** |z| above which a level is misfit (about 1 in 2,000 per comparison by chance: a 30-level pack flags a level by chance about 1 time in 20). */
export const MISFIT_Z = 3.5;

/** One level's check. */
export interface LevelCheck {
  /** Share of times below the model's 10% quantile (expected 0.1). */
  readonly fast: number;
  /** Share between its 25% and 75% quantiles (expected 0.5). */
  readonly middle: number;
  /** Share above its 90% quantile (expected 0.1), give-ups counted by their chance. */
  readonly slow: number;
  /** The largest |z| of the three. */
  readonly z: number;
  readonly misfit: boolean;
}

/** Chance, for a time known only to lie above standard value c, that it lies in [lo, hi] (standard units). */
function censoredShare(c: number, lo: number, hi: number, pi: number): number {
  const above = 1 - mixtureCdf(c, pi);
  if (above <= 1e-12) return c >= lo && c <= hi ? 1 : 0;
  const from = Math.max(c, lo);
  if (from >= hi) return 0;
  const upper = hi === Infinity ? 0 : 1 - mixtureCdf(hi, pi);
  return Math.max(0, (1 - mixtureCdf(from, pi) - upper) / above);
}

/**
 * Checks every level. `scale(k)` is the spread of time k's residual: the
 * level's spread times sqrt(1 - the time's leverage on its player's speed),
 * since that speed was fitted to this time too (a studentised residual;
 * without it a level that weighs much in the speeds looks too regular).
 * O(times).
 */
export function checkLevels(levelCount: number, n: number, level: Int32Array, y: Float64Array, solved: Uint8Array, mean: (k: number) => number, scale: (k: number) => number, pi: number): (LevelCheck | null)[] {
  const q10 = mixtureQuantile(0.1, pi), q25 = mixtureQuantile(0.25, pi), q75 = mixtureQuantile(0.75, pi), q90 = mixtureQuantile(0.9, pi);
  const fast = new Float64Array(levelCount), mid = new Float64Array(levelCount), slow = new Float64Array(levelCount), count = new Int32Array(levelCount);
  for (let k = 0; k < n; k++) {
    const i = level[k]!;
    const z = (y[k]! - mean(k)) / scale(k);
    count[i]!++;
    if (solved[k] === 1) {
      if (z < q10) fast[i]!++;
      if (z >= q25 && z <= q75) mid[i]!++;
      if (z > q90) slow[i]!++;
    } else {
      fast[i]! += censoredShare(z, -Infinity, q10, pi);
      mid[i]! += censoredShare(z, q25, q75, pi);
      slow[i]! += censoredShare(z, q90, Infinity, pi);
    }
  }
  const zOf = (observed: number, m: number, p: number): number => (observed - m * p) / Math.sqrt(m * p * (1 - p));
  return Array.from({ length: levelCount }, (_, i) => {
    const m = count[i]!;
    if (m === 0) return null;
    const z = Math.max(Math.abs(zOf(fast[i]!, m, 0.1)), Math.abs(zOf(mid[i]!, m, 0.5)), Math.abs(zOf(slow[i]!, m, 0.1)));
    return { fast: fast[i]! / m, middle: mid[i]! / m, slow: slow[i]! / m, z, misfit: z > MISFIT_Z };
  });
}
