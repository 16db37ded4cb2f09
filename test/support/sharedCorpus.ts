/**
 * The generated corpus of a difficulty-model recipe, built once per test run:
 * through the run's corpus cache (LONGCAT_CORPUS_CACHE, made by
 * test/globalSetup.ts), the same cache the CLI's `fit-predictor --generated`
 * reads, so the shipped models' rebuild (src/core/difficulty/recipe.test.ts)
 * and the docs' fit commands (test/docs.test.ts) share one corpus.
 */
import { cachedCorpus, CORPUS_CACHE_ENV } from '../../src/cli/corpusCache';
import type { CorpusEntry, CorpusSpec } from '../../src/core/difficulty/corpus';
import type { RulesetName } from '../../src/core/rules/ruleset';

export function sharedCorpus(specs: readonly CorpusSpec[], seed: number, rules: RulesetName = 'longcat'): CorpusEntry[] {
  return cachedCorpus(process.env[CORPUS_CACHE_ENV], specs, seed, rules);
}
