/** `generate` / `evaluate` with `--generator sd-pcgrl`: load the trained model, run the policy per temperature. */
import { writeFileSync } from 'node:fs';
import { predictorMeasure, TimedEvaluation, type EvaluationReport } from '../core/generators/evaluate';
import { sdPcgrlSource } from '../core/generators/provenance';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { createPack, exportPack, packLevelFromLevel } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { chooseBackend } from '../ml/backend';
import { loadPolicy, type LoadedPolicy } from '../ml/policyService';
import { evaluatePerTemperature, generateSdLevels } from '../ml/sdPcgrlService';
import { evaluateTurtle, type TurtleEvaluation } from '../ml/turtleEval';
import { CliError } from './args';
import { readModelDir } from './modelDir';
import { Progress } from './progress';

export const DEFAULT_RL_MODEL = 'models/sd-pcgrl-8x8';

/** The policy in `dir` on the WASM backend; a CliError says why it cannot be used. */
async function loadPolicyDir(dir: string, env: 'sd-pcgrl' | 'turtle', width: number, height: number): Promise<LoadedPolicy> {
  await chooseBackend('wasm');
  const r = await loadPolicy(readModelDir(dir), { env, width, height });
  if (!r.ok) throw new CliError(`${dir}: ${r.error}`);
  return r.value;
}

/** `--temperatures 0:1:0.1` or `0.2,0.5` into a list. */
export function parseTemperatures(text: string): number[] {
  const range = /^([\d.]+):([\d.]+):([\d.]+)$/.exec(text.trim());
  let list: number[];
  if (range) {
    const [a, b, s] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (!(s > 0)) throw new CliError(`--temperatures: the step must be above 0, got "${text}"`);
    list = [];
    for (let k = 0; a + k * s <= b + 1e-9; k++) list.push(Math.round((a + k * s) * 1e6) / 1e6);
  } else list = text.split(',').map((t) => Number(t.trim()));
  if (list.length === 0 || list.some((t) => !(t >= 0 && t <= 1))) throw new CliError(`--temperatures must be numbers between 0 and 1 (a list or from:to:step), got "${text}"`);
  return list;
}

export interface SdRunOptions {
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  readonly temperature: number;
  readonly startCell?: number | undefined;
  readonly rlModel: string;
  readonly model: DifficultyModel;
  readonly quiet: boolean;
}

export async function evaluateSdPcgrl(o: SdRunOptions, temperatures: number[]): Promise<(EvaluationReport & { temperature: number; seconds: number; levelsPerSecond: number })[]> {
  const policy = await loadPolicyDir(o.rlModel, 'sd-pcgrl', o.width, o.height);
  try {
    const total = o.to - o.from;
    const progress = new Map<number, Progress>();
    const runs = await evaluatePerTemperature(
      policy,
      { temperatures, seed: o.seed, from: o.from, to: o.to },
      (t, r) => {
        progress.set(r, new Progress(`evaluate sd-pcgrl t=${t}`, total, !o.quiet && total >= 2000));
        return new TimedEvaluation(predictorMeasure(o.model), t);
      },
      (run, r) => progress.get(r)!.tick(run.done),
    );
    return runs.map((run, r) => {
      const { report, seconds, levelsPerSecond } = run.result();
      return { temperature: temperatures[r]!, ...report, seconds, levelsPerSecond };
    });
  } finally {
    policy.dispose();
  }
}

export async function generateSdPcgrl(o: SdRunOptions & { out: string }): Promise<{ written: number; duplicates: number }> {
  const policy = await loadPolicyDir(o.rlModel, 'sd-pcgrl', o.width, o.height);
  const progress = new Progress('generate sd-pcgrl', o.to - o.from, !o.quiet && o.to - o.from >= 2000);
  let done = 0;
  const generated = await generateSdLevels(policy, {
    temperature: o.temperature, seed: o.seed, from: o.from, to: o.to,
    ...(o.startCell !== undefined ? { startCell: o.startCell } : {}),
    onLevel: () => progress.tick(++done),
  }).finally(() => policy.dispose());
  const source = sdPcgrlSource(o.seed, o.temperature, `${o.rlModel} (${policy.description})`);
  const out: PackLevel[] = generated
    .filter((l) => !l.duplicate)
    .map((l) =>
      packLevelFromLevel({ ...l.level, name: l.id }, {
        id: l.id,
        difficulty: predictDifficulty(o.model, l.analysis.features),
        features: { ...l.analysis.features },
        source,
      }),
    );
  if (out.length > MAX_PACK_LEVELS) throw new CliError(`the run gives ${out.length} unique levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. Split it with --shard`);
  writeFileSync(o.out, exportPack(createPack(`sd-pcgrl ${o.width}x${o.height} t=${o.temperature} seed ${o.seed}`, out)));
  return { written: out.length, duplicates: generated.length - out.length };
}

/** Evaluates a trained Turtle model: greedy episodes (temperature t), solvable share and the report over solvable levels. */
export async function evaluateTurtleModel(
  dir: string,
  o: { width: number; height: number; episodes: number; seed: number; temperature: number; model: DifficultyModel },
): Promise<TurtleEvaluation> {
  const policy = await loadPolicyDir(dir, 'turtle', o.width, o.height);
  try {
    return await evaluateTurtle(policy.q, o);
  } finally {
    policy.dispose();
  }
}
