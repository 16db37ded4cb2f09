/** Longcat's assets (SPEC §5, §6): its difficulty default, SD-PCGRL model, generators and exports. */
import defaultData from '../../../../models/difficulty/default.json' with { type: 'json' };
import type { RulesetAssets } from '../ruleset';

/** Longcat's assets; its model folder predates rulesets and has none in its name. */
export const longcatAssets: RulesetAssets = {
  difficultyModel: { file: 'models/difficulty/default.json', data: defaultData },
  rlModelFolder: 'sd-pcgrl-8x8',
  generators: ['rpu', 'rsd'],
  corpusGenerators: ['rsd', 'rpu'],
  exports: ['pack', 'json', 'text', 'arduboy', 'csv'],
  uniqueSolution: true,
  turtle: true,
};
