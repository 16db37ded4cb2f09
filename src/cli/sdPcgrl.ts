/** `generate` / `evaluate` with `--generator sd-pcgrl`: load the trained model, run the policy per temperature. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { machineLoad, perSecond, startClock } from './cpuClock';
import { predictorMeasure, TimedEvaluation, type EvaluationReport } from '../core/generators/evaluate';
import { sdPcgrlSource } from '../core/generators/provenance';
import type { DifficultyModel } from '../core/difficulty/model';
import { packLevelFromLevel } from '../core/pack/pack';
import type { PackLevel } from '../core/pack/schema';
import { chooseBackend } from '../ml/backend';
import { loadPolicy, type LoadedPolicy } from '../ml/policyService';
import { evaluatePerTemperature, generateSdLevels } from '../ml/sdPcgrlService';
import { evaluateTurtle, type TurtleEvaluation } from '../ml/turtleEval';
import { CliError, parseNumber } from './args';
import { readModelDir } from './modelDir';
import { shippedPath } from './shipped';
import { Progress } from './progress';
import { writeLevels } from './writePack';
import { annotationsOf } from '../core/pack/annotations';
import { rulesetByName } from '../core/rules/registry';
import type { CellPins } from '../core/generators/pins';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** The shipped SD-PCGRL model of a ruleset (`Ruleset.assets.rlModelFolder`), relative to the package (not the working folder); also its name in a level's provenance. */
export const defaultRlModelFor = (rules: RulesetName): string => `models/${rulesetByName(rules).assets.rlModelFolder}`;

/** The shipped Turtle model for a size, relative to the package. */
export const turtleModelFor = (width: number, height: number): string => `models/turtle-${width}x${height}`;

/** The policy in `dir` on the WASM backend; a CliError says why it cannot be used. */
async function loadPolicyDir(dir: string, env: 'sd-pcgrl' | 'turtle', width: number, height: number): Promise<LoadedPolicy> {
  await chooseBackend('wasm');
  const r = await loadPolicy(readModelDir(dir), { env, width, height });
  if (!r.ok) throw new CliError(`${dir}: ${r.error}`);
  return r.value;
}

/** Most temperatures one run evaluates (0 to 1 in steps of 0.01). */
export const MAX_TEMPERATURES = 101;

/** `--temperatures 0:1:0.1` or `0.2,0.5` into a list of at most {@link MAX_TEMPERATURES}, counted before any is made. */
export function parseTemperatures(text: string): number[] {
  const what = `numbers from 0 to 1, as a list (0.2,0.5) or from:to:step (0:1:0.1), at most ${MAX_TEMPERATURES} of them`;
  const bad = (why = ''): CliError => new CliError(`--temperatures must be ${what}${why}, got "${text}"`);
  const num = (part: string): number => {
    try {
      return parseNumber(part, '--temperatures', 0, 1);
    } catch {
      throw bad();
    }
  };
  const parts = text.split(':');
  if (parts.length === 3) {
    const [a, b, s] = parts.map(num);
    if (!(s! > 0)) throw bad('; the step must be above 0');
    if (a! > b!) throw bad('; from must not be above to');
    const count = Math.floor((b! - a!) / s! + 1e-9) + 1;
    if (count > MAX_TEMPERATURES) throw bad(`; this range has ${count}`);
    return Array.from({ length: count }, (_, k) => Math.round((a! + k * s!) * 1e6) / 1e6);
  }
  if (parts.length !== 1) throw bad();
  const items = text.split(',');
  if (items.length > MAX_TEMPERATURES) throw bad(`; this list has ${items.length}`);
  return items.map(num);
}

export interface SdRunOptions {
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  readonly temperature: number;
  readonly startCell?: number | undefined;
  /** A model folder the user named (relative to the working folder); undefined for the ruleset's shipped {@link defaultRlModelFor}. */
  readonly rlModel?: string | undefined;
  readonly model: DifficultyModel;
  readonly quiet: boolean;
  /** The ruleset the levels are for (default Longcat): the policy must have been trained for it. */
  readonly rules?: RulesetName | undefined;
}

/** The policy for a run: the named folder or the ruleset's shipped one, refused when it was trained for another ruleset. */
async function loadSdPolicy(o: SdRunOptions): Promise<LoadedPolicy> {
  const rules = o.rules ?? DEFAULT_RULESET_NAME;
  const dir = o.rlModel ?? shippedPath(defaultRlModelFor(rules));
  // Not every ruleset ships a model (ice does not): say how to get one rather than which file is missing.
  if (o.rlModel === undefined && !existsSync(join(dir, 'model.json'))) {
    const title = rulesetByName(rules).title;
    throw new CliError(
      `no SD-PCGRL model ships for ${title} levels (${defaultRlModelFor(rules)} is not there): train one (npm run cli -- train --env sd-pcgrl --rules ${rules} --env-steps N --out DIR) and pass --rl-model DIR`,
    );
  }
  const policy = await loadPolicyDir(dir, 'sd-pcgrl', o.width, o.height);
  const trained = policy.meta.rules ?? DEFAULT_RULESET_NAME;
  if (trained !== rules) {
    policy.dispose();
    throw new CliError(`${o.rlModel ?? defaultRlModelFor(rules)} was trained for ${trained}, not ${rules}: pass --rules ${trained} or a ${rules} model`);
  }
  return policy;
}

/**
 * The evaluation report per temperature. The temperatures run interleaved in
 * one process, so `cpuSeconds` and `levelsPerCpuSecond` are the whole run's
 * (every temperature's levels over the CPU time of all of them).
 */
export async function evaluateSdPcgrl(o: SdRunOptions, temperatures: number[]): Promise<(EvaluationReport & { temperature: number; seconds: number; levelsPerSecond: number; cpuSeconds: number; levelsPerCpuSecond: number; loadAverage1m: number; cores: number })[]> {
  const policy = await loadSdPolicy(o);
  const clock = startClock();
  try {
    const total = o.to - o.from;
    const progress = new Map<number, Progress>();
    const runs = await evaluatePerTemperature(
      policy,
      { temperatures, seed: o.seed, from: o.from, to: o.to },
      (t, r) => {
        progress.set(r, new Progress(`evaluate sd-pcgrl t=${t}`, total, !o.quiet && total >= 2000));
        return new TimedEvaluation(predictorMeasure(o.model), t, rulesetByName(o.rules ?? DEFAULT_RULESET_NAME));
      },
      (run, r) => progress.get(r)!.tick(run.done),
    );
    const cpuSeconds = clock.cpuSeconds();
    const load = machineLoad();
    return runs.map((run, r) => {
      const { report, seconds, levelsPerSecond } = run.result();
      return { temperature: temperatures[r]!, ...report, seconds, levelsPerSecond, cpuSeconds, levelsPerCpuSecond: perSecond(total * temperatures.length, cpuSeconds), ...load };
    });
  } finally {
    policy.dispose();
  }
}

/**
 * `generate --generator sd-pcgrl`: one episode per index of the range, the
 * unique levels written as a pack or (`stream`) a level stream, whose levels
 * carry the annotations `merge` writes; a shard's stream starts with its
 * `header`, which a shard's pack records as its `shard`.
 */
export async function generateSdPcgrl(o: SdRunOptions & { out: string; pins?: CellPins | undefined; stream?: boolean | undefined; header?: string | undefined }): Promise<{ written: number; duplicates: number; pinsMissed: number; stateCapped: number }> {
  const policy = await loadSdPolicy(o);
  const progress = new Progress('generate sd-pcgrl', o.to - o.from, !o.quiet && o.to - o.from >= 2000);
  let done = 0, stateCapped = 0;
  const generated = await generateSdLevels(policy, {
    temperature: o.temperature, seed: o.seed, from: o.from, to: o.to,
    ...(o.startCell !== undefined ? { startCell: o.startCell } : {}),
    ...(o.pins !== undefined ? { pins: o.pins } : {}),
    onLevel: () => progress.tick(++done),
    onCapped: () => stateCapped++,
  }).finally(() => policy.dispose());
  const source = sdPcgrlSource(o.seed, o.temperature, `${o.rlModel ?? defaultRlModelFor(o.rules ?? DEFAULT_RULESET_NAME)} (${policy.description})`);
  const out: PackLevel[] = generated
    .filter((l) => !l.duplicate)
    .map((l) =>
      packLevelFromLevel({ ...l.level, name: l.id }, {
        id: l.id,
        ...annotationsOf(l.analysis.features, o.model),
        source,
      }),
    );
  const rules = o.rules ?? DEFAULT_RULESET_NAME;
  writeLevels(o.out, { stream: o.stream === true, name: `sd-pcgrl ${o.width}x${o.height} t=${o.temperature} seed ${o.seed}`, rules, header: o.header, tooMany: 'Write a level stream instead (--out levels.ndjson), or split it with --shard' }, out);
  return { written: out.length, duplicates: generated.length - out.length, pinsMissed: o.to - o.from - generated.length - stateCapped, stateCapped };
}

/** Evaluates a trained Turtle model (`dir`, or the shipped one for the size when undefined): greedy episodes (temperature t), solvable share and the report over solvable levels. */
export async function evaluateTurtleModel(
  dir: string | undefined,
  o: { width: number; height: number; episodes: number; seed: number; temperature: number; model: DifficultyModel },
): Promise<TurtleEvaluation> {
  const policy = await loadPolicyDir(dir ?? shippedPath(turtleModelFor(o.width, o.height)), 'turtle', o.width, o.height);
  try {
    return await evaluateTurtle(policy.q, o);
  } finally {
    policy.dispose();
  }
}
