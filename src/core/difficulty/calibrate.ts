/**
 * Building a difficulty model from a labelled corpus, and calibrating its time
 * scale to the thesis (SPEC §5): a map chosen so that on the calibration set
 * (unique RSD 8x8 levels) 91% fall below 20 and 4% above 30, the thesis's
 * published quantiles. Two forms ({@link CALIBRATIONS}): affine,
 * `scale * t + offset` (the offset reads as seconds spent before the first
 * move), and power, `scale * (1 + t)^power`, positive on every level. A
 * linear model over counts keeps a longer tail than the thesis's maximum
 * near 85, which the spec accepts.
 */
import { featureNumber, type LevelFeatures } from '../graph/features';
import type { Rng } from '../util/rng';
import { chooseAlpha, fitLinear, predictRow, type Dataset, type LinearFit } from './fit';
import { fitSizeProblem } from './fitGuard';
import { MODEL_FORMAT, MODEL_VERSION, POWER_MODEL_VERSION, type DifficultyModel, type FeatureName, type FeatureTransform, type FitMethod } from './model';
import { linearOutput, rawOutput, solvableDifficulty } from './predict';

/** The thesis's spread of unique RSD 8x8 levels that calibration aims for: shares below 20 and above 30. */
export const THESIS_QUANTILES = { below20: 0.91, above30: 0.04 } as const;

/** What {@link fitModel} fits: the features and method, one sample and label per level, and the provenance to record. `samples` and `labels` have the same length. */
export interface FitRequest {
  readonly name: string;
  readonly features: readonly FeatureName[];
  /** One per feature; absent: every feature as is (and the model file then has no `transforms`). */
  readonly transforms?: readonly FeatureTransform[];
  /** How labels are transformed before fitting (predictions map back); default identity. */
  readonly labelTransform?: DifficultyModel['label']['transform'];
  readonly method: FitMethod;
  readonly samples: readonly LevelFeatures[];
  readonly labels: readonly number[];
  readonly labelDescription: string;
  readonly provenance: DifficultyModel['provenance'];
}

function quantile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(p * sorted.length)))]!;
}

/** Fits the linear part (alpha by 5-fold CV for ridge and lasso); scale 1, offset 0. */
/** @throws RangeError when there are fewer levels than features + 2 ({@link fitSizeProblem}). */
export function fitModel(req: FitRequest, rng: Rng): { model: DifficultyModel; fit: LinearFit; cvMse: number | null } {
  const { transforms } = req;
  if (transforms !== undefined && transforms.length !== req.features.length) throw new Error('fitModel: one transform per feature');
  const input = (f: LevelFeatures, j: number): number => (transforms?.[j] === 'log1p' ? Math.log1p(featureNumber(f, req.features[j]!)) : featureNumber(f, req.features[j]!));
  const labelTransform = req.labelTransform ?? 'identity';
  const data: Dataset = {
    x: req.samples.map((f) => req.features.map((_, j) => input(f, j))),
    y: labelTransform === 'log1p' ? req.labels.map((v) => Math.log1p(v)) : req.labels,
  };
  const tooFew = fitSizeProblem(data.y.length, req.features.length);
  if (tooFew !== null) throw new RangeError(tooFew);
  let alpha = 0, cvMse: number | null = null;
  if (req.method !== 'ols') {
    const cv = chooseAlpha(data, req.method, rng);
    alpha = cv.alpha;
    cvMse = cv.cvMse;
  }
  const fit = fitLinear(data, req.method, alpha);
  let ss = 0, st = 0;
  const mean = data.y.reduce((a, b) => a + b, 0) / data.y.length;
  data.x.forEach((row, i) => {
    ss += (predictRow(fit, row) - data.y[i]!) ** 2;
    st += (data.y[i]! - mean) ** 2;
  });
  const metrics: Record<string, number> = { samples: data.y.length, trainMse: ss / data.y.length, r2: st > 0 ? 1 - ss / st : 0 };
  if (cvMse !== null) metrics.cvMse = cvMse;
  const model: DifficultyModel = {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    name: req.name,
    features: [...req.features],
    ...(transforms !== undefined ? { transforms: [...transforms] } : {}),
    means: fit.means,
    scales: fit.scales,
    coefficients: fit.coefficients,
    intercept: fit.intercept,
    label: { transform: labelTransform, scale: 1, offset: 0, description: req.labelDescription },
    method: req.method,
    alpha,
    provenance: req.provenance,
    metrics,
  };
  return { model, fit, cvMse };
}

/** How a model spreads a set of levels: the count, shares below 20 and above 30 (0..1), maximum and median difficulty. */
export interface CalibrationStats {
  readonly levels: number;
  readonly below20: number;
  readonly above30: number;
  readonly max: number;
  readonly median: number;
}

/** Share below 20, above 30, max and median of a model's difficulties on a set. */
export function calibrationStats(model: DifficultyModel, set: readonly LevelFeatures[]): CalibrationStats {
  const d = set.map((f) => solvableDifficulty(model, f)).sort((a, b) => a - b);
  return {
    levels: d.length,
    below20: d.filter((v) => v < 20).length / d.length,
    above30: d.filter((v) => v > 30).length / d.length,
    max: d[d.length - 1] ?? 0,
    median: quantile(d, 0.5),
  };
}

/**
 * The calibration forms: `affine` (scale * t + offset: can go below 0 when
 * the offset is negative) and `power` (scale * (1 + t)^power: positive on
 * every level; log1p labels only). docs/difficulty.md says which each
 * shipped model uses and why.
 */
export const CALIBRATIONS = ['affine', 'power'] as const;
/** One of {@link CALIBRATIONS}. */
export type Calibration = (typeof CALIBRATIONS)[number];

/**
 * Sets the label's calibration so the model's 91st and 96th percentiles on
 * `calibrationSet` land on 20 and 30: `scale` and `offset` (affine), or
 * `scale` and `power` with offset 0 (power; the file is then version 2).
 */
export function calibrateToThesis(model: DifficultyModel, calibrationSet: readonly LevelFeatures[], form: Calibration = 'affine'): DifficultyModel {
  if (calibrationSet.length < 100) throw new Error('calibration needs at least 100 levels');
  if (form === 'power' && model.label.transform !== 'log1p') throw new Error('a power calibration needs a log1p label (--label log1p)');
  const raw = calibrationSet.map((f) => (form === 'power' ? linearOutput(model, f) : rawOutput(model, f))).sort((a, b) => a - b);
  const lo = quantile(raw, THESIS_QUANTILES.below20);
  const hi = quantile(raw, 1 - THESIS_QUANTILES.above30);
  if (!(hi > lo)) throw new Error('calibration failed: the model does not separate the 91st and 96th percentiles');
  let label: DifficultyModel['label'];
  if (form === 'power') {
    // scale * exp(power * y) is 20 at y = lo and 30 at y = hi.
    const power = Math.log(1.5) / (hi - lo);
    label = { ...model.label, scale: 20 * Math.exp(-power * lo), offset: 0, power };
  } else {
    const scale = 10 / (hi - lo);
    label = { ...model.label, scale, offset: 20 - scale * lo };
  }
  const calibrated: DifficultyModel = { ...model, version: form === 'power' ? POWER_MODEL_VERSION : MODEL_VERSION, label };
  const stats = calibrationStats(calibrated, calibrationSet);
  return {
    ...calibrated,
    metrics: {
      ...model.metrics,
      calibrationLevels: stats.levels,
      calibrationBelow20: stats.below20,
      calibrationAbove30: stats.above30,
      calibrationMax: stats.max,
      calibrationMedian: stats.median,
    },
  };
}
