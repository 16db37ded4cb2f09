/**
 * Predicting difficulty from features: O(k) for k model features, nothing
 * beyond the features themselves. Predictions are never clamped: the number
 * is strictly monotone in the model's linear output, so two levels with
 * different inputs do not pile on one value (docs/difficulty.md).
 */
import { featureNumber, type LevelFeatures } from '../graph/features';
import type { DifficultyModel } from './model';
import { bandOf, type BandName } from './scale';

/** Feature i of a model as the model sees it: the level's value through the model's transform for that feature. */
export function modelInput(model: DifficultyModel, features: LevelFeatures, i: number): number {
  const x = featureNumber(features, model.features[i]!);
  return model.transforms?.[i] === 'log1p' ? Math.log1p(x) : x;
}

export { BANDS, bandOf, type BandName } from './scale';

/** A difficulty with its band and how it breaks down: a base value plus one contribution per model feature. */
export interface Prediction {
  readonly value: number;
  readonly band: BandName;
  /** Per feature: what it adds, in {@link Prediction.units}. */
  readonly contributions: readonly { readonly feature: string; readonly value: number; readonly contribution: number }[];
  /** What every level starts from, in the same units. */
  readonly base: number;
  /**
   * `difficulty`: the label is linear in difficulty (identity transform), so
   * `base + sum(contributions)` is the value.
   * `label`: a log-label model; the terms add up in label space, before the
   * inverse transform, scale and offset.
   */
  readonly units: 'difficulty' | 'label';
  /** The model's intercept (label space). */
  readonly intercept: number;
}

/** The model's linear output in label space (before the inverse transform and the calibration). */
export function linearOutput(model: DifficultyModel, features: LevelFeatures): number {
  return linear(model, features);
}

function linear(model: DifficultyModel, features: LevelFeatures): number {
  let y = model.intercept;
  for (let i = 0; i < model.features.length; i++) {
    y += (model.coefficients[i]! * (modelInput(model, features, i) - model.means[i]!)) / model.scales[i]!;
  }
  return y;
}

/** The model's output mapped back through the label transform, before scale and offset. */
export function rawOutput(model: DifficultyModel, features: LevelFeatures): number {
  const y = linear(model, features);
  return model.label.transform === 'log1p' ? Math.expm1(y) : y;
}

/** The calibration of `label` applied to a linear output `y` (label space): strictly increasing in y. */
export function calibrated(label: DifficultyModel['label'], y: number): number {
  // A power law: scale * (1 + t)^power with 1 + t = exp(y) (power needs a log1p label).
  if (label.power !== undefined) return label.scale * Math.exp(label.power * y) + label.offset;
  const v = label.transform === 'log1p' ? Math.expm1(y) : y;
  return v * label.scale + label.offset;
}

function toDifficulty(model: DifficultyModel, y: number): number {
  return calibrated(model.label, y);
}

/**
 * The difficulty of a level with these features (the structural estimate,
 * in estimated seconds; no clamp), or null when the
 * level is unsolvable (`nSolutions` is 0): an unsolvable level has no
 * difficulty (SPEC §5), whatever a model would compute from its counts.
 */
export function predictDifficulty(model: DifficultyModel, features: LevelFeatures): number | null {
  return features.nSolutions === 0 ? null : toDifficulty(model, linear(model, features));
}

/**
 * {@link predictDifficulty} for callers that only ever hand it solvable
 * levels (generators, the RL rewards, the evaluation report). An unsolvable
 * level here is a caller's bug, so it throws.
 */
export function solvableDifficulty(model: DifficultyModel, features: LevelFeatures): number {
  const d = predictDifficulty(model, features);
  if (d === null) throw new Error('solvableDifficulty: the level is unsolvable, so it has no difficulty');
  return d;
}

/** Difficulty, band and each feature's contribution (for the gauge); null for an unsolvable level, which has none. */
export function explainDifficulty(model: DifficultyModel, features: LevelFeatures): Prediction | null {
  if (features.nSolutions === 0) return null;
  const identity = model.label.transform === 'identity';
  const k = identity ? model.label.scale : 1;
  const contributions = model.features.map((f, i) => ({
    feature: f,
    value: featureNumber(features, f),
    // Same order of operations as linear(): k * (...) first would overflow where the prediction does not.
    contribution: k * ((model.coefficients[i]! * (modelInput(model, features, i) - model.means[i]!)) / model.scales[i]!),
  }));
  const value = toDifficulty(model, linear(model, features));
  return {
    value,
    band: bandOf(value),
    contributions,
    base: identity ? k * model.intercept + model.label.offset : model.intercept,
    units: identity ? 'difficulty' : 'label',
    intercept: model.intercept,
  };
}
