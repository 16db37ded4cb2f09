/** The ruleset a pack's levels play under (SPEC §12), read the same way by the studio and the standalone player. */
import { DEFAULT_RULESET, isRulesetName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import type { LevelPack } from './schema';

/** The pack's ruleset (pack format version 2; version 1 packs migrate to Longcat). */
export function packRules(pack: Pick<LevelPack, 'rules'>): RulesetName {
  // The store's pack went through its schema, but a part that fails (a damaged pack being reset) must not take
  // the editor and gauge down with it: anything that is not a ruleset's name reads as Longcat, as a version 1 pack does.
  return isRulesetName(pack.rules) ? pack.rules : DEFAULT_RULESET.name;
}
