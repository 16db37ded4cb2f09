/**
 * Ground truth for difficulty in tests: the shipped model file applied by
 * hand, independent of src/core/difficulty/predict.ts:
 * label.scale * g(intercept + sum coef_i (t_i(x_i) - mean_i) / scale_i) + label.offset
 * (no clamp), where t_i is the feature's transform (ln(1 + x) for log1p, else
 * x) and g undoes the label's (e^y - 1 for log1p, else y); with a
 * `label.power` (version 2), label.scale * (e^y)^power + label.offset.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { naiveAnalyze } from '../naive/naiveSolver';

const here = dirname(fileURLToPath(import.meta.url));

interface ModelFile {
  features: string[];
  transforms?: string[];
  means: number[];
  scales: number[];
  coefficients: number[];
  intercept: number;
  label: { transform: string; scale: number; offset: number; power?: number };
}

/** The shipped default model as raw JSON. */
export const DEFAULT_MODEL_JSON = JSON.parse(readFileSync(resolve(here, '../../models/difficulty/default.json'), 'utf8')) as ModelFile;

/** Difficulty of a feature record under a model file (identity or log1p transforms). */
export function handDifficulty(features: Readonly<Record<string, number>>, m: ModelFile = DEFAULT_MODEL_JSON): number {
  const ln1p = (x: number): number => Math.log(1 + x);
  let y = m.intercept;
  m.features.forEach((name, i) => {
    const t = m.transforms?.[i] ?? 'identity';
    if (t !== 'identity' && t !== 'log1p') throw new Error(`handDifficulty: unknown transform ${t}`);
    const x = t === 'log1p' ? ln1p(features[name]!) : features[name]!;
    y += (m.coefficients[i]! * (x - m.means[i]!)) / m.scales[i]!;
  });
  if (m.label.transform !== 'identity' && m.label.transform !== 'log1p') throw new Error(`handDifficulty: unknown label transform ${m.label.transform}`);
  if (m.label.power !== undefined) return m.label.scale * Math.pow(Math.exp(y), m.label.power) + m.label.offset;
  const time = m.label.transform === 'log1p' ? Math.exp(y) - 1 : y;
  return m.label.scale * time + m.label.offset;
}

/** Difficulty of level rows: the naive solver's features under the shipped model, by hand. */
export function handDifficultyOfRows(rows: string[]): number {
  return handDifficulty(naiveAnalyze(rows).features as unknown as Record<string, number>);
}
