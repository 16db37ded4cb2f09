/**
 * The difficulty model the studio starts with, and the gauge's view of a
 * prediction. Swapping the shipped model is one line here; the store holds
 * the active model (the predictor lab can activate another).
 */
import { DEFAULT_DIFFICULTY_MODEL } from '../../core/difficulty/defaultModel';
import type { DifficultyModel } from '../../core/difficulty/model';
import { BANDS, explainDifficulty, type BandName } from '../../core/difficulty/predict';
import type { LevelFeatures } from '../../core/graph/features';

/** The shipped default model (models/difficulty/default.json). */
export function shippedDifficultyModel(): DifficultyModel {
  return DEFAULT_DIFFICULTY_MODEL;
}

export interface GaugeContribution {
  readonly feature: string;
  /** The level's value of the feature. */
  readonly value: number;
  /** Coefficient x standardised value, in the model's label units. */
  readonly contribution: number;
}

export interface GaugeReading {
  /** Predicted difficulty (>= 0), on the thesis scale (~seconds). */
  readonly value: number;
  readonly band: BandName;
  readonly contributions: readonly GaugeContribution[];
  readonly intercept: number;
  /** False when the level has no solution: the number then says nothing. */
  readonly solvable: boolean;
}

/** The gauge's reading of a level's features under a model. O(model features). */
export function gaugeReading(model: DifficultyModel, features: LevelFeatures): GaugeReading {
  const p = explainDifficulty(model, features);
  return {
    value: p.value,
    band: p.band,
    contributions: p.contributions.map((c) => ({ feature: c.feature, value: c.value, contribution: c.contribution })),
    intercept: p.intercept,
    solvable: features.nSolutions > 0,
  };
}

/** Difficulty for a pack entry: a finite number, or null when unsolvable or unbounded. */
export function packDifficulty(model: DifficultyModel, features: LevelFeatures): number | null {
  if (features.nSolutions === 0) return null;
  const v = explainDifficulty(model, features).value;
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : null;
}

/** One line about the model for the gauge panel: "model: <name> — <summary>". */
export function modelInfoLine(model: DifficultyModel): string {
  return `model: ${model.name} — ${model.provenance.summary}`;
}

export { BANDS };
export type { BandName };
