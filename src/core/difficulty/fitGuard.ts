/**
 * Guard rails for fitting a difficulty model to a handful of levels (the
 * predictor lab, rated levels): refuse fewer levels than features + 2 (a
 * line through k features and an intercept needs k + 1 points to exist and
 * one more to be tested at all), warn below 30, and always put the model's
 * cross-validated error beside the predict-the-mean baseline on the same
 * folds, so "activate" is never offered on a number alone.
 */
import { crossValidatedMse, kFolds, type Dataset } from './fit';
import type { FitMethod } from './model';
import type { Rng } from '../util/rng';

export { fitSizeProblem, MIN_LEVELS_BEYOND_FEATURES } from './limits';

/** Below this many levels a fit is allowed with a warning. */
export const WARN_BELOW_LEVELS = 30;

/** The warning for a fit of `levels` levels, or null from {@link WARN_BELOW_LEVELS} on. */
export function fitSizeWarning(levels: number): string | null {
  return levels < WARN_BELOW_LEVELS ? `only ${levels} levels: below ${WARN_BELOW_LEVELS} a fitted model's numbers move a lot with each level; compare its cross-validated error with the mean's before activating it` : null;
}

/** The model's and the mean baseline's k-fold MSE on the same folds. */
export interface CvComparison {
  readonly folds: number;
  readonly modelMse: number;
  readonly baselineMse: number;
}

/**
 * k-fold (k = min(5, n)) test MSE of `method` at `alpha` and of predicting
 * the training folds' mean, on the same folds. Needs n >= 3.
 * O(k x fit cost).
 */
export function cvAgainstMean(data: Dataset, method: FitMethod, alpha: number, rng: Rng, k = 5): CvComparison {
  const n = data.y.length;
  const folds = kFolds(n, Math.min(k, n), rng);
  const modelMse = crossValidatedMse(data, method, alpha, folds);
  let baseline = 0;
  for (const test of folds) {
    const inTest = new Set(test);
    let sum = 0, m = 0;
    for (let i = 0; i < n; i++) if (!inTest.has(i)) { sum += data.y[i]!; m++; }
    const mean = sum / m;
    baseline += test.reduce((a, i) => a + (data.y[i]! - mean) ** 2, 0) / test.length;
  }
  return { folds: folds.length, modelMse, baselineMse: baseline / folds.length };
}
