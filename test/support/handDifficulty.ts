/**
 * Ground truth for difficulty in tests: the shipped model file applied by
 * hand, independent of src/core/difficulty/predict.ts:
 * max(0, label.scale * (intercept + sum coef_i (x_i - mean_i) / scale_i) + label.offset).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { naiveAnalyze } from '../naive/naiveSolver';

const here = dirname(fileURLToPath(import.meta.url));

interface ModelFile {
  features: string[];
  means: number[];
  scales: number[];
  coefficients: number[];
  intercept: number;
  label: { transform: string; scale: number; offset: number };
}

/** The shipped default model as raw JSON. */
export const DEFAULT_MODEL_JSON = JSON.parse(readFileSync(resolve(here, '../../models/difficulty/default.json'), 'utf8')) as ModelFile;

/** Difficulty of a feature record under a model file (identity label only). */
export function handDifficulty(features: Readonly<Record<string, number>>, m: ModelFile = DEFAULT_MODEL_JSON): number {
  if (m.label.transform !== 'identity') throw new Error('handDifficulty applies identity-label models only');
  let y = m.intercept;
  m.features.forEach((name, i) => {
    y += (m.coefficients[i]! * (features[name]! - m.means[i]!)) / m.scales[i]!;
  });
  return Math.max(0, m.label.scale * y + m.label.offset);
}

/** Difficulty of level rows: the naive solver's features under the shipped model, by hand. */
export function handDifficultyOfRows(rows: string[]): number {
  return handDifficulty(naiveAnalyze(rows).features as unknown as Record<string, number>);
}
