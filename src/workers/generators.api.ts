/**
 * Level generation for the studio's generators panel as plain async
 * functions (worker, fallback and Node). A run produces up to `count`
 * unique, solvable levels of one generator, with their features; the page
 * prices them with the active difficulty model.
 */
import type { ClassCounts } from '../core/graph/classes';
import type { LevelFeatures } from '../core/graph/features';
import { createLevelSource, isGeneratorName, type GeneratorName } from '../core/generators/registry';
import { generatedLevelId, UniqueLevels } from '../core/generators/unique';
import { isSideInRange, toRows } from '../core/level/level';
import { MAX_GENERATE_COUNT } from './generators.limits';

export interface GenerateRequest {
  readonly generator: GeneratorName;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  /** Levels wanted. */
  readonly count: number;
  /** First iteration index (to continue a run). */
  readonly startIndex?: number;
}

export interface GeneratedLevel {
  /** Iteration index within the run: with the settings, it reproduces the level. */
  readonly index: number;
  /** `<generator>-<w>x<h>-s<seed>-<index>` (plus `-<k>` for the k-th level of an iteration), the CLI's id for the same level. */
  readonly id: string;
  readonly rows: string[];
  readonly key: string;
  readonly solution: string | null;
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
}

export interface GenerateResponse {
  readonly ok: boolean;
  readonly levels: GeneratedLevel[];
  /** Iterations run, including unsolvable (puzzle-up) and duplicate ones. */
  readonly iterations: number;
  readonly duplicates: number;
  readonly nextIndex: number;
  /** Set when the request was invalid or the iteration budget ran out. */
  readonly message: string | null;
}

export { MAX_GENERATE_COUNT };
/** Iterations allowed per wanted level (RPU finds a solvable level in ~1 of 20 iterations on 8x8). */
const ITERATIONS_PER_LEVEL = 400;

/** Generates up to `count` unique solvable levels. Validates the request (it crossed a worker boundary). */
export async function generateLevels(request: GenerateRequest): Promise<GenerateResponse> {
  return generateLevelsSync(request);
}

export function generateLevelsSync(request: GenerateRequest): GenerateResponse {
  const invalid = validate(request);
  const start = request.startIndex ?? 0;
  if (invalid !== null) return { ok: false, levels: [], iterations: 0, duplicates: 0, nextIndex: start, message: invalid };
  const { generator, width, height, seed, count } = request;
  const source = createLevelSource({ generator, width, height, seed });
  const unique = new UniqueLevels();
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
  return { ok: true, levels, iterations: index - start, duplicates, nextIndex: index, message };
}

function validate(r: GenerateRequest): string | null {
  if (typeof r !== 'object' || r === null) return 'no settings';
  if (!isGeneratorName(String(r.generator))) return `unknown generator ${JSON.stringify(r.generator)}`;
  if (!isSideInRange(r.width) || !isSideInRange(r.height)) return 'width and height must each be between 3 and 16';
  if (!Number.isInteger(r.seed) || r.seed < 0 || r.seed > 0xffffffff) return 'the seed must be a whole number from 0 to 4294967295';
  if (!Number.isInteger(r.count) || r.count < 1 || r.count > MAX_GENERATE_COUNT) return `the count must be 1 to ${MAX_GENERATE_COUNT}`;
  if (r.startIndex !== undefined && (!Number.isInteger(r.startIndex) || r.startIndex < 0)) return 'the start index must be a whole number >= 0';
  return null;
}
