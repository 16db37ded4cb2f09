/** Ice's assets (SPEC §14): its difficulty default, SD-PCGRL model folder, generators and exports. */
import iceDefaultData from '../../../../models/difficulty/ice-default.json' with { type: 'json' };
import type { RulesetAssets } from '../ruleset';

/**
 * Ice's assets. RPU's stop rules are Longcat's and the Arduboy port plays
 * Longcat, so neither applies; the graph has cycles, so no unique solution.
 * No SD-PCGRL model ships for ice (the studio says so; train one).
 */
export const iceAssets: RulesetAssets = {
  difficultyModel: { file: 'models/difficulty/ice-default.json', data: iceDefaultData },
  rlModelFolder: 'sd-pcgrl-ice-8x8',
  generators: ['rsd'],
  corpusGenerators: ['rsd'],
  exports: ['pack', 'json', 'text', 'csv'],
  uniqueSolution: false,
  turtle: false,
};
