/**
 * The rulesets by name (SPEC §12). Code that stores or transports a ruleset
 * (packs, worker messages, CLI flags) keeps its name and looks it up here.
 */
import { longcat } from './longcat';
import { ice } from './ice';
import { paint } from './paint';
import { DEFAULT_RULESET_NAME, RULESET_NAMES, type Ruleset, type RulesetName } from './ruleset';

const RULESETS: Record<RulesetName, Ruleset> = { longcat, paint, ice };

/** The default ruleset (text files and version-1 packs are Longcat). */
export const DEFAULT_RULESET: Ruleset = RULESETS[DEFAULT_RULESET_NAME];

/** The ruleset called `name`. */
export function rulesetByName(name: RulesetName): Ruleset {
  return RULESETS[name];
}

/** True when `name` is a ruleset's name (for untrusted input). */
export function isRulesetName(name: unknown): name is RulesetName {
  return typeof name === 'string' && (RULESET_NAMES as readonly string[]).includes(name);
}

/** Every ruleset, in {@link RULESET_NAMES} order. */
export function allRulesets(): readonly Ruleset[] {
  return RULESET_NAMES.map((n) => RULESETS[n]);
}

export { longcat, paint, ice, DEFAULT_RULESET_NAME };
