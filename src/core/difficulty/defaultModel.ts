/**
 * The shipped difficulty models, validated when loaded. A broken shipped file
 * is a build bug, so it throws.
 * - `models/difficulty/default.json`: the default (`docs/difficulty.md`).
 * - `models/difficulty/iteration7.json`: the thesis's iteration 7 (SPEC §5
 *   keeps it available), the default before the player-model quantities.
 * - `models/difficulty/paint-default.json`: paint's default (SPEC §12), the
 *   same recipe on paint's own random solution-down levels.
 * Each ruleset names its default in its folder (`Ruleset.assets`);
 * {@link defaultModelFor} loads it, once per ruleset, wherever one is used.
 */
import defaultData from '../../../models/difficulty/default.json' with { type: 'json' };
import iteration7Data from '../../../models/difficulty/iteration7.json' with { type: 'json' };
import { rulesetByName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import { DifficultyModelSchema, type DifficultyModel } from './model';

/**
 * Reads a shipped model through the model schema. The probe set's check
 * (`validateDifficultyModel`: a finite difficulty on real levels) is not run
 * here: it analyses the probe levels, about a fifth of the studio's first
 * task, for files that cannot change after the build.
 * defaultModel.test.ts runs the full check on every shipped file instead.
 */
function load(data: unknown, file: string): DifficultyModel {
  const r = DifficultyModelSchema.safeParse(data);
  if (!r.success) throw new Error(`${file} is invalid: ${r.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** The shipped default model, read once when this module loads (a broken file throws: a build bug, not user input). */
export const DEFAULT_DIFFICULTY_MODEL: DifficultyModel = load(defaultData, 'models/difficulty/default.json');

/** The thesis's iteration-7 model (ridge over nSolutions, nSolutionBranches, nIndeterminateBranches), fitted and calibrated by the same recipe. */
export const ITERATION_7_MODEL: DifficultyModel = load(iteration7Data, 'models/difficulty/iteration7.json');

const byRules = new Map<RulesetName, DifficultyModel>();

/** The shipped default difficulty model of a ruleset, as its folder names it (`Ruleset.assets.difficultyModel`); read once. */
export function defaultModelFor(rules: RulesetName): DifficultyModel {
  let model = byRules.get(rules);
  if (model === undefined) {
    const { file, data } = rulesetByName(rules).assets.difficultyModel;
    model = data === defaultData ? DEFAULT_DIFFICULTY_MODEL : load(data, file);
    byRules.set(rules, model);
  }
  return model;
}
