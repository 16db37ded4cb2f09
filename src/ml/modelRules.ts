/**
 * Which ruleset an SD-PCGRL model generates for, and the one sentence that
 * refuses a model made for another (SPEC §12: a policy carves under the
 * rules it was trained on; paint's slides and Longcat's steps are different
 * actions, so a Longcat policy in a paint pack would make Longcat levels).
 * Free of tfjs: the page, the protocols and the workers all ask here.
 */
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** The ruleset a model's meta names (files made before rulesets have none: Longcat). */
export function modelRules(meta: { readonly rules?: RulesetName | undefined }): RulesetName {
  return meta.rules ?? DEFAULT_RULESET_NAME;
}

/**
 * Null when the model generates for `want`, else the sentence that refuses
 * it; the caller then changes nothing (the loaded model, the session and
 * the pack stay as they were).
 */
export function modelRulesProblem(meta: { readonly rules?: RulesetName | undefined }, want: RulesetName): string | null {
  const was = modelRules(meta);
  if (was === want) return null;
  const from = rulesetByName(was).title, into = rulesetByName(want).title;
  return `This model was trained for ${from} levels and this pack is ${into}: use a ${into} model (nothing was changed)`;
}
