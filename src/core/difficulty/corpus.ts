/**
 * Labelled corpora for fitting difficulty models. With no player data, the
 * label is the random player model's expected solve time, in time units of
 * one per move plus one per decision (`expectedMoves + expectedDecisions`):
 * the player model is the only ground truth the product ships.
 */
import type { LevelFeatures } from '../graph/features';
import { createLevelSource, type GeneratorName } from '../generators/registry';
import { UniqueLevels } from '../generators/unique';
import { rulesetByName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/** One unique solvable level of a corpus: its key (walls and head), the generator that made it, and its features. */
export interface CorpusEntry {
  readonly key: string;
  readonly generator: GeneratorName;
  readonly features: LevelFeatures;
}

/** One part of a corpus: `iterations` of a generator at a size. */
export interface CorpusSpec {
  readonly generator: GeneratorName;
  readonly width: number;
  readonly height: number;
  readonly iterations: number;
}

/** The player model's expected solve time (time units) for a solvable level. */
export function playerModelTime(f: LevelFeatures): number {
  return f.expectedMoves + f.expectedDecisions;
}

/** Unique solvable levels from each spec's run (iteration i of each run seeded `seed`), under `rules` (default Longcat). */
export function generatedCorpus(specs: readonly CorpusSpec[], seed: number, onProgress?: (done: number, total: number) => void, rules: RulesetName = DEFAULT_RULESET_NAME): CorpusEntry[] {
  const unique = new UniqueLevels(new Set<string>(), rulesetByName(rules)); // one duplicate set across all specs
  const out: CorpusEntry[] = [];
  const total = specs.reduce((a, s) => a + s.iterations, 0);
  let done = 0;
  for (const spec of specs) {
    const source = createLevelSource({ generator: spec.generator, width: spec.width, height: spec.height, seed, rules });
    for (let i = 0; i < spec.iterations; i++) {
      const item = source.generate(i);
      onProgress?.(++done, total);
      for (const u of unique.take(item)) out.push({ key: u.key, generator: spec.generator, features: { ...u.analysis.features } });
    }
  }
  return out;
}
