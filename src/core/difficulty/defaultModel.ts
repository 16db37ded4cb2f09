/**
 * The shipped default difficulty model (`models/difficulty/default.json`),
 * validated when loaded. A broken shipped file is a build bug, so it throws.
 */
import data from '../../../models/difficulty/default.json';
import { validateDifficultyModel, type DifficultyModel } from './model';

function load(): DifficultyModel {
  const r = validateDifficultyModel(data);
  if (!r.ok) throw new Error(`models/difficulty/default.json is invalid: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.value;
}

/** The shipped default model, validated once when this module loads (a broken file throws: a build bug, not user input). */
export const DEFAULT_DIFFICULTY_MODEL: DifficultyModel = load();
