/**
 * Evaluating difficulty models as the thesis did (ch. 4: mean test MSE over
 * 50 random 80/20 splits) and as seed 002 did (Table 1: exhaustive ablation
 * over every non-empty feature subset with k-fold MSE, the top 10 subsets and
 * how often each feature appears in them), always beside the
 * predict-the-mean baseline.
 */
import type { Rng } from '../util/rng';
import type { FitMethod } from './model';
import { MAX_ABLATION_FEATURES } from './limits';
import { crossValidatedMse, fitLinear, fitWithCv, kFolds, meanSquaredError, permutation, selectColumns, subset, type Dataset } from './fit';

/** The result of {@link evaluateSplits}: mean and standard deviation of the test MSE, the mean baseline's MSE on the same splits, and the mean training MSE. */
export interface SplitEvaluation {
  readonly method: FitMethod;
  readonly splits: number;
  readonly meanTestMse: number;
  readonly sdTestMse: number;
  /** The same splits, predicting the training mean. */
  readonly baselineMse: number;
  readonly meanTrainMse: number;
}

/**
 * Mean test MSE over `splits` random 80/20 splits (alpha re-chosen by CV on
 * each training part). The splits come from `rng`; the CV folds from `cvRng`
 * (by default the same stream). With a separate `cvRng`, methods evaluated
 * with the same split seed see exactly the same splits, so their rows compare.
 */
export function evaluateSplits(data: Dataset, method: FitMethod, rng: Rng, splits = 50, onProgress?: (done: number) => void, cvRng: Rng = rng): SplitEvaluation {
  const n = data.x.length;
  if (n < 5) throw new Error(`at least 5 samples are needed for 80/20 splits, got ${n}`);
  const nTest = Math.max(1, Math.round(n * 0.2));
  const test: number[] = [], train: number[] = [], base: number[] = [];
  for (let s = 0; s < splits; s++) {
    const p = permutation(n, rng);
    const testIdx = p.slice(0, nTest), trainIdx = p.slice(nTest);
    const trainData = subset(data, trainIdx), testData = subset(data, testIdx);
    const fit = fitWithCv(trainData, method, cvRng);
    test.push(meanSquaredError(fit, testData));
    train.push(meanSquaredError(fit, trainData));
    const mean = trainData.y.reduce((a, b) => a + b, 0) / trainData.y.length;
    base.push(testData.y.reduce((a, y) => a + (y - mean) ** 2, 0) / testData.y.length);
    onProgress?.(s + 1);
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const m = mean(test);
  return {
    method,
    splits,
    meanTestMse: m,
    sdTestMse: Math.sqrt(mean(test.map((v) => (v - m) ** 2))),
    baselineMse: mean(base),
    meanTrainMse: mean(train),
  };
}

/** One feature subset of an ablation and its k-fold cross-validated MSE. */
export interface SubsetScore {
  readonly features: readonly string[];
  readonly mse: number;
}

/** The result of {@link ablation}: the best subsets (lowest MSE first), how often each feature appears among them, and the mean baseline. */
export interface Ablation {
  readonly k: number;
  readonly subsetsTried: number;
  readonly top: readonly SubsetScore[];
  /** Per feature: in how many of the top subsets it appears. */
  readonly usage: Readonly<Record<string, number>>;
  readonly baselineMse: number;
}

export { MAX_ABLATION_FEATURES };

/**
 * Every non-empty subset of `names` scored by k-fold MSE with `method` at a
 * fixed alpha (the same folds for every subset, so scores compare).
 */
export function ablation(
  data: Dataset,
  names: readonly string[],
  rng: Rng,
  options: { method?: FitMethod; alpha?: number; k?: number; top?: number; onProgress?: (done: number, total: number) => void } = {},
): Ablation {
  const { method = 'ols', alpha = 0, k = 5, top = 10 } = options;
  if (names.length === 0 || names.length > MAX_ABLATION_FEATURES) {
    throw new Error(`ablation takes 1 to ${MAX_ABLATION_FEATURES} features, got ${names.length}`);
  }
  const folds = kFolds(data.x.length, Math.min(k, data.x.length), rng);
  const total = 2 ** names.length - 1;
  const scores: SubsetScore[] = [];
  for (let mask = 1; mask <= total; mask++) {
    const cols = names.map((_, j) => j).filter((j) => (mask >> j) & 1);
    scores.push({ features: cols.map((j) => names[j]!), mse: crossValidatedMse(selectColumns(data, cols), method, alpha, folds) });
    options.onProgress?.(mask, total);
  }
  scores.sort((a, b) => a.mse - b.mse || a.features.length - b.features.length);
  const best = scores.slice(0, top);
  const usage = Object.fromEntries(names.map((n) => [n, best.filter((s) => s.features.includes(n)).length]));
  let baseline = 0;
  for (const testIdx of folds) {
    const inTest = new Set(testIdx);
    const trainY = data.y.filter((_, i) => !inTest.has(i));
    const mean = trainY.reduce((a, b) => a + b, 0) / trainY.length;
    baseline += testIdx.reduce((a, i) => a + (data.y[i]! - mean) ** 2, 0) / testIdx.length;
  }
  return { k, subsetsTried: total, top: best, usage, baselineMse: baseline / folds.length };
}

export { fitLinear };
