/**
 * Level generation for the studio's generators panel as plain async
 * functions (worker, fallback and Node). A run produces up to `count`
 * unique, solvable levels of one generator, with their features; the page
 * prices them with the active difficulty model.
 */
import { createLevelSource } from '../core/generators/registry';
import { generatedLevelId } from '../core/generators/provenance';
import { UniqueLevels } from '../core/generators/unique';
import { rulesetByName } from '../core/rules/registry';
import { toRows } from '../core/level/level';
import { GenerateRequestSchema, type GeneratedLevel, type GenerateRequest, type GenerateResult } from './generators.protocol';
import { ok, parseRequest, type Outcome } from './outcome';

export type { GenerateRequest, GeneratedLevel, GenerateResult } from './generators.protocol';

/** Iterations allowed per wanted level (RPU finds a solvable level in ~1 of 20 iterations on 8x8). */
const ITERATIONS_PER_LEVEL = 400;

/** Generates up to `count` unique solvable levels. Parses the request first (it crossed a worker boundary). */
export async function generateLevels(request: GenerateRequest): Promise<Outcome<GenerateResult>> {
  return generateLevelsSync(request);
}

export function generateLevelsSync(request: GenerateRequest): Outcome<GenerateResult> {
  const parsed = parseRequest(GenerateRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { generator, width, height, seed, count } = parsed.value;
  const rules = parsed.value.rules ?? 'longcat';
  const start = parsed.value.startIndex ?? 0;
  const source = createLevelSource({ generator, width, height, seed, rules });
  const unique = new UniqueLevels(rulesetByName(rules));
  const levels: GeneratedLevel[] = [];
  const budget = count * ITERATIONS_PER_LEVEL;
  let index = start;
  for (; levels.length < count && index - start < budget; index++) {
    // Puzzle-up iterations can record several levels (one per solvable wall count), solution-down one.
    for (const u of unique.take(source.generate(index))) {
      if (levels.length >= count) break;
      levels.push({
        index,
        id: generatedLevelId(generator, width, height, seed, u),
        rows: toRows(u.level),
        key: u.key,
        solution: u.solution,
        counts: { ...u.analysis.counts },
        features: { ...u.analysis.features },
      });
    }
  }
  const duplicates = unique.duplicates;
  const message = levels.length < count ? `found ${levels.length} of ${count} levels in ${index - start} iterations` : null;
  return ok({ levels, iterations: index - start, duplicates, nextIndex: index, message });
}
