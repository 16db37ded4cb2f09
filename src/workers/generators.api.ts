/**
 * Level generation for the studio's generators panel as plain async
 * functions (worker, fallback and Node). A run produces up to `count`
 * unique, solvable levels of one generator, with their features; the page
 * prices them with the active difficulty model.
 */
import { generatedLevelId } from '../core/generators/provenance';
import { ITERATIONS_PER_LEVEL, runGenerateJob } from '../core/jobs/generate';
import { toRows } from '../core/level/level';
import { GenerateRequestSchema, MaximizeRequestSchema, type GeneratedLevel, type GenerateRequest, type GenerateResult, type MaximizeRequest, type MaximizeResult } from './generators.protocol';
import { maximizedLevelId, maximizeFeature, maximizeProblem, type MaximizableFeature } from '../core/generators/maximize';
import { levelKey } from '../core/level/level';
import { rulesetByName } from '../core/rules/registry';
import { analyzeLevel } from '../core/graph/analyze';
import { invalid, ok, parseRequest, type Outcome } from './outcome';
import { requestPins } from '../core/generators/pins';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

export type { GenerateRequest, GeneratedLevel, GenerateResult, MaximizeRequest, MaximizeResult } from './generators.protocol';

/** Generates up to `count` unique solvable levels. Parses the request first (it crossed a worker boundary). */
export async function generateLevels(request: GenerateRequest): Promise<Outcome<GenerateResult>> {
  return generateLevelsSync(request);
}

/** The generation job ({@link runGenerateJob}) stopping at `count` levels, within {@link ITERATIONS_PER_LEVEL} iterations per level. */
export function generateLevelsSync(request: GenerateRequest): Outcome<GenerateResult> {
  const parsed = parseRequest(GenerateRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { generator, width, height, seed, count } = parsed.value;
  const rules = parsed.value.rules ?? DEFAULT_RULESET_NAME;
  const start = parsed.value.startIndex ?? 0;
  const pins = requestPins(parsed.value.pins, width, height);
  if (!pins.ok) return invalid(`the pins: ${pins.error}`);
  const levels: GeneratedLevel[] = [];
  const r = runGenerateJob(
    { generator, width, height, seed, rules, from: start, to: start + count * ITERATIONS_PER_LEVEL, levels: count, ...(pins.value !== undefined ? { pins: pins.value } : {}) },
    {
      onLevel: (u) =>
        levels.push({
          index: u.index,
          id: generatedLevelId(generator, width, height, seed, u),
          rows: toRows(u.level),
          key: u.key,
          solution: u.solution,
          counts: { ...u.analysis.counts },
          features: { ...u.analysis.features },
        }),
    },
  );
  const message = levels.length < count ? (r.shortfall ?? `found ${levels.length} of ${count} levels in ${r.iterations} iterations`) : null;
  return ok({ levels, iterations: r.iterations, duplicates: r.duplicates, nextIndex: r.nextIndex, message });
}

/**
 * The longest-puzzle search (`core/generators/maximize.ts`), as `generate
 * --maximize` runs it with the CLI's default restarts: the same request and
 * seed give the same level as the command line. Cancelled by ending the
 * worker (the client's cancel); `onProgress` hears (levels tried, best value
 * so far) every 4,096 levels.
 */
export async function maximizeLevel(request: MaximizeRequest, onProgress?: (done: number, best: number) => void): Promise<Outcome<MaximizeResult>> {
  const parsed = parseRequest(MaximizeRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { width, height, walls, seed, evaluations } = parsed.value;
  const feature = parsed.value.feature as MaximizableFeature;
  const rules = rulesetByName(parsed.value.rules);
  const problem = maximizeProblem({ rules, width, height, walls, feature });
  if (problem !== null) return invalid(problem.replace(/^--walls/, 'the walls'));
  // Progress now and then (every 4,096 levels); it never stops the search, so the level stays the CLI's.
  const r = maximizeFeature({ rules, width, height, walls, feature, seed, evaluations, ...(onProgress !== undefined ? { onProgress: (done: number, best: number) => void onProgress(done, best) } : {}) });
  if (r.level === null || r.features === null) return ok({ level: null, value: null, evaluations: r.evaluations, foundAt: 0 });
  const analysis = analyzeLevel(r.level, { rules });
  const level: GeneratedLevel = {
    index: 0,
    id: maximizedLevelId({ feature, width, height, walls, seed }),
    rows: toRows(r.level),
    key: levelKey(r.level),
    solution: null,
    counts: analysis.ok ? { ...analysis.value.counts } : { success: 0, fail: 0, solution: 0, dead: 0, indeterminate: 0 },
    features: { ...r.features },
  };
  return ok({ level, value: r.value, evaluations: r.evaluations, foundAt: r.foundAt });
}
