/**
 * The difficulty model the studio starts with, and the gauge's view of a
 * prediction. Swapping the shipped model is one line here; the store holds
 * the active model (the predictor lab can activate another).
 */
import { defaultModelFor } from '../../core/difficulty/defaultModel';
import type { DifficultyModel } from '../../core/difficulty/model';
import { BANDS, explainDifficulty, predictDifficulty, type BandName } from '../../core/difficulty/predict';
import type { LevelFeatures } from '../../core/graph/features';
import { roundDifficulty } from '../../core/difficulty/scale';
import { RULESET_NAMES, type RulesetName } from '../../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

/**
 * The shipped default model for a ruleset (SPEC §5, §12): the one place the
 * studio picks it (paint's is fitted on paint's random solution-down output).
 */
export function shippedDifficultyModel(rules: RulesetName = DEFAULT_RULESET_NAME): DifficultyModel {
  return defaultModelFor(rules);
}

export interface GaugeContribution {
  readonly feature: string;
  /** The level's value of the feature. */
  readonly value: number;
  /** What the feature adds to the difficulty (see {@link GaugeReading.units}). */
  readonly contribution: number;
}

export interface SolvableReading {
  /** Predicted difficulty (the structural estimate, in estimated seconds; never clamped). */
  readonly value: number;
  readonly band: BandName;
  readonly contributions: readonly GaugeContribution[];
  /** The value every level starts from (the intercept, in the same units as the contributions). */
  readonly base: number;
  /**
   * `difficulty`: contributions and base add up to the value — the
   * model's label is linear in difficulty. `model`: a log-label model, where they are in the
   * model's own units and add up before the inverse transform.
   */
  readonly units: 'difficulty' | 'model';
  readonly solvable: true;
}

/** The gauge's reading: a difficulty with its parts, or "unsolvable" (no number, no contributions: SPEC §5). */
export type GaugeReading = SolvableReading | { readonly solvable: false };

/**
 * A note when `model` is another ruleset's shipped default priced over
 * `rules` (a Longcat pack's model kept after switching to a paint pack, say),
 * else null: the gauge says so rather than pass one ruleset's calibration off
 * as another's.
 */
export function modelRulesNote(model: DifficultyModel, rules: RulesetName): string | null {
  if (model === shippedDifficultyModel(rules)) return null;
  for (const other of RULESET_NAMES) {
    if (other !== rules && model === shippedDifficultyModel(other)) return `calibrated on ${other} levels, not ${rules}`;
  }
  return null;
}

/** The gauge's reading of a level's features under a model. O(model features). */
export function gaugeReading(model: DifficultyModel, features: LevelFeatures): GaugeReading {
  const p = explainDifficulty(model, features);
  if (p === null) return { solvable: false };
  return {
    value: p.value,
    band: p.band,
    contributions: p.contributions,
    base: p.base,
    units: p.units === 'difficulty' ? 'difficulty' : 'model',
    solvable: true,
  };
}

/** Difficulty for a pack entry: a finite number at the shown precision (six significant digits), or null when unsolvable or unbounded. */
export function packDifficulty(model: DifficultyModel, features: LevelFeatures): number | null {
  const v = predictDifficulty(model, features);
  return v !== null && Number.isFinite(v) ? roundDifficulty(v) : null;
}

/** One line about the model for the gauge panel: "model: <name> — <summary>". */
export function modelInfoLine(model: DifficultyModel): string {
  return `model: ${model.name} — ${model.provenance.summary}`;
}

export { BANDS };
export type { BandName };

/** Fewer levels than this behind a model, or a train R² below {@link WEAK_R2}, and activating it asks first. */
export const WEAK_SAMPLES = 30;
export const WEAK_R2 = 0.3;

/**
 * Why a model is too weak to price a pack without a second thought (few
 * levels, low train R²), or null. Models without these metrics are not
 * judged (an uploaded file may not carry them).
 */
export function modelWeakness(model: DifficultyModel): string | null {
  const samples = model.metrics['samples'], r2 = model.metrics['r2'];
  const why: string[] = [];
  if (samples !== undefined && samples < WEAK_SAMPLES) why.push(`it was fitted on only ${samples} level${samples === 1 ? '' : 's'}`);
  if (r2 !== undefined && r2 < WEAK_R2) why.push(`its train R² is ${r2.toFixed(2)}`);
  return why.length === 0 ? null : `${why.join(' and ')}; every difficulty in the studio and the pack would come from it`;
}
