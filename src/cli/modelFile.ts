/**
 * `--model FILE`: a difficulty model file, validated, or the shipped default.
 * Its own module so that `analyze` loads the model without the fitting code
 * (ml-matrix) that `fit-predictor` needs.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_DIFFICULTY_MODEL } from '../core/difficulty/defaultModel';
import { parseDifficultyModel, type DifficultyModel } from '../core/difficulty/model';
import { CliError } from './args';

/** Loads a model file (for --model), or the shipped default; a bad file is a {@link CliError} naming every problem. */
export function loadModel(file: string | undefined): DifficultyModel {
  if (file === undefined) return DEFAULT_DIFFICULTY_MODEL;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read model ${file}: ${(e as Error).message}`);
  }
  const r = parseDifficultyModel(text);
  if (!r.ok) throw new CliError(`${file} is not a valid difficulty model: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.value;
}
