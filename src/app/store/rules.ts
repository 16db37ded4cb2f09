/**
 * The ruleset of the document (SPEC §12): a pack carries its `rules`
 * (pack format version 2), and everything the studio does with the pack and
 * the editor's level — analysis, drawing, playtest, generators, exports —
 * reads it from here, so there is one place that says which game is open.
 */
import { FEATURE_NAMES, type FeatureName } from '../../core/graph/features';
import type { GraphData } from '../../core/graph/graphData';
import type { LevelPack } from '../../core/pack/schema';
import { DEFAULT_RULESET, rulesetByName } from '../../core/rules/registry';
import { packRules } from '../../core/pack/packRules';
import type { Ruleset, RulesetName } from '../../core/rules/ruleset';

export { packRules };

/** The pack with its ruleset set to `rules` (a new object; the same one when it already is). */
export function withPackRules(pack: LevelPack, rules: RulesetName): LevelPack {
  return pack.rules === rules ? pack : { ...pack, rules };
}

/**
 * The key of a grid's playtest counts under a ruleset: the same rows are a
 * different puzzle under another ruleset, so paint's "times played" must not
 * add to Longcat's. Longcat keeps the bare grid key, the one counts were
 * saved under before there were rulesets.
 */
export function playKey(rules: RulesetName, gridKey: string): string {
  return rules === DEFAULT_RULESET.name ? gridKey : `${rules}|${gridKey}`;
}

/** The ruleset a graph was searched under (graphs made before rulesets are Longcat's). */
export function graphRules(graph: Pick<GraphData, 'rules'>): RulesetName {
  return graph.rules ?? DEFAULT_RULESET.name;
}

/** The name of the document's ruleset (the pack's). */
export function selectRulesName(s: { readonly pack: LevelPack }): RulesetName {
  return packRules(s.pack);
}

/** The document's ruleset (the pack's). */
export function selectRuleset(s: { readonly pack: LevelPack }): Ruleset {
  return rulesetByName(packRules(s.pack));
}

/**
 * The key of a grid's derived values (features, difficulty) under a ruleset:
 * the same rows are a different puzzle under another ruleset.
 */
export function featureKey(rules: RulesetName, rowsKey: string): string {
  return rules === DEFAULT_RULESET.name ? rowsKey : `${rules}:${rowsKey}`;
}

/**
 * True when "exactly one solution" can be asked of a ruleset's levels (its
 * folder says so, `assets.uniqueSolution`: it counts solution paths, which
 * only an acyclic ruleset has a finite number of; SPEC §12).
 */
export function uniqueSolutionApplies(rules: RulesetName): boolean {
  return rulesetByName(rules).assets.uniqueSolution;
}

/** The sentence for levels made under `from` offered to a pack under `into` (nothing is changed). */
export function rulesMismatch(from: RulesetName, into: RulesetName): string {
  return `These are ${rulesetByName(from).title} levels (generated and priced under its rules); this pack is ${rulesetByName(into).title}. Generate again to add levels here; nothing was changed.`;
}

/**
 * The features a ruleset's levels have as numbers (the lab fits and plots
 * these): every feature but `solutionPaths` for a ruleset with cycles, where
 * it is null (SPEC §12).
 */
export function featuresFor(rules: RulesetName): readonly FeatureName[] {
  return rulesetByName(rules).acyclic ? FEATURE_NAMES : FEATURE_NAMES.filter((f) => f !== 'solutionPaths');
}

/** The last word of a ruleset's start name, capitalised, for short labels: "Head" (cat head), "Ball". */
export function moverWord(startName: string): string {
  const word = startName.split(' ').pop() ?? startName;
  return word.charAt(0).toUpperCase() + word.slice(1);
}
