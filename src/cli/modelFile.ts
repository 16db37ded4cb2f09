/**
 * `--model FILE`: a difficulty model file, validated, or the shipped default.
 * Its own module so that `analyze` loads the model without the fitting code
 * (ml-matrix) that `fit-predictor` needs.
 */
import { defaultModelFor } from '../core/difficulty/defaultModel';
import type { RulesetName } from '../core/rules/ruleset';
import { parseDifficultyModel, type DifficultyModel } from '../core/difficulty/model';
import { CliError, listProblems } from './args';
import { readText, READ_LIMITS } from './io';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** Loads a model file (for --model), or the ruleset's shipped default; a bad file is a {@link CliError} naming every problem. */
export function loadModel(file: string | undefined, rules: RulesetName = DEFAULT_RULESET_NAME): DifficultyModel {
  if (file === undefined) return defaultModelFor(rules);
  const r = parseDifficultyModel(readText(file, 'a difficulty model', READ_LIMITS.difficultyModel));
  if (!r.ok) throw new CliError(`${file} is not a valid difficulty model: ${listProblems(r.error)}`);
  return r.value;
}
