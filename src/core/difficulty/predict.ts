/**
 * Predicting difficulty from features: O(k) for k model features, nothing
 * beyond the features themselves. Predictions are clamped at 0.
 */
import { featureNumber, type LevelFeatures } from '../graph/features';
import type { DifficultyModel } from './model';

/** Feature i of a model as the model sees it: the level's value through the model's transform for that feature. */
export function modelInput(model: DifficultyModel, features: LevelFeatures, i: number): number {
  const x = featureNumber(features, model.features[i]!);
  return model.transforms?.[i] === 'log1p' ? Math.log1p(x) : x;
}

/** The difficulty bands shown with a value: [from, to) in difficulty units, in increasing order; the last is open-ended. */
export const BANDS = [
  { name: 'trivial', from: 0, to: 20 },
  { name: 'easy', from: 20, to: 40 },
  { name: 'medium', from: 40, to: 60 },
  { name: 'hard', from: 60, to: 80 },
  { name: 'expert', from: 80, to: Infinity },
] as const;
/** The name of one of {@link BANDS}. */
export type BandName = (typeof BANDS)[number]['name'];

/** The band a difficulty falls in (SPEC: < 20 is trivial; spans of 20 as in thesis Fig. 5.8). */
export function bandOf(difficulty: number): BandName {
  for (const b of BANDS) if (difficulty < b.to) return b.name;
  return 'expert';
}

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
   * `base + sum(contributions)` is the value before the clamp at 0.
   * `label`: a log-label model; the terms add up in label space, before the
   * inverse transform, scale and offset.
   */
  readonly units: 'difficulty' | 'label';
  /** The model's intercept (label space). */
  readonly intercept: number;
}

/** Raw (unclamped) model output in label space. */
function linear(model: DifficultyModel, features: LevelFeatures): number {
  let y = model.intercept;
  for (let i = 0; i < model.features.length; i++) {
    y += (model.coefficients[i]! * (modelInput(model, features, i) - model.means[i]!)) / model.scales[i]!;
  }
  return y;
}

/** The model's output mapped back through the label transform, before scale, offset and clamp. */
export function rawOutput(model: DifficultyModel, features: LevelFeatures): number {
  const y = linear(model, features);
  return model.label.transform === 'log1p' ? Math.expm1(y) : y;
}

function toDifficulty(model: DifficultyModel, y: number): number {
  const v = model.label.transform === 'log1p' ? Math.expm1(y) : y;
  const scaled = v * model.label.scale + model.label.offset;
  return Number.isFinite(scaled) ? Math.max(0, scaled) : scaled > 0 ? Infinity : 0;
}

/**
 * The difficulty of a level with these features (>= 0), or null when the
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
