/**
 * The shipped difficulty models, validated when loaded. A broken shipped file
 * is a build bug, so it throws.
 * - `models/difficulty/default.json`: the default (`docs/difficulty.md`).
 * - `models/difficulty/iteration7.json`: the thesis's iteration 7 (SPEC §5
 *   keeps it available), the default before the player-model quantities.
 */
import defaultData from '../../../models/difficulty/default.json';
import iteration7Data from '../../../models/difficulty/iteration7.json';
import { validateDifficultyModel, type DifficultyModel } from './model';

function load(data: unknown, file: string): DifficultyModel {
  const r = validateDifficultyModel(data);
  if (!r.ok) throw new Error(`${file} is invalid: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.value;
}

/** The shipped default model, validated once when this module loads (a broken file throws: a build bug, not user input). */
export const DEFAULT_DIFFICULTY_MODEL: DifficultyModel = load(defaultData, 'models/difficulty/default.json');

/** The thesis's iteration-7 model (ridge over nSolutions, nSolutionBranches, nIndeterminateBranches), fitted and calibrated by the same recipe. */
export const ITERATION_7_MODEL: DifficultyModel = load(iteration7Data, 'models/difficulty/iteration7.json');
