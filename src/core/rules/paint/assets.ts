/** Paint's assets (SPEC §12): its difficulty default, SD-PCGRL model, generators and exports. */
import paintDefaultData from '../../../../models/difficulty/paint-default.json' with { type: 'json' };
import type { RulesetAssets } from '../ruleset';

/** Paint's assets: RPU's stop rules are Longcat's and the Arduboy port plays Longcat, so neither applies. */
export const paintAssets: RulesetAssets = {
  difficultyModel: { file: 'models/difficulty/paint-default.json', data: paintDefaultData },
  rlModelFolder: 'sd-pcgrl-paint-8x8',
  generators: ['rsd'],
  corpusGenerators: ['rsd'],
  exports: ['pack', 'json', 'text', 'csv'],
  uniqueSolution: false,
  turtle: false,
};
