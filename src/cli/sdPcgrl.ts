/** `generate` / `evaluate` with `--generator sd-pcgrl`: load the trained model, run the policy per temperature. */
import { writeFileSync } from 'node:fs';
import type { Level } from '../core/level/level';
import { UniqueLevels } from '../core/generators/unique';
import { Evaluation, predictorMeasure, type EvaluationReport } from '../core/generators/evaluate';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { createPack, exportPack, packLevelFromLevel } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { chooseBackend } from '../ml/backend';
import { modelFromFiles, type ModelMeta } from '../ml/modelFiles';
import { generateWithPolicy } from '../ml/policy';
import { QModel } from '../ml/qModel';
import { CliError } from './args';
import { Progress } from './progress';
import { readModelFiles } from './train';
import { evaluateTurtle, type TurtleEvaluation } from '../ml/turtleEval';

export const DEFAULT_RL_MODEL = 'models/sd-pcgrl-8x8';

export async function loadPolicy(dir: string, width: number, height: number): Promise<{ q: QModel; meta: ModelMeta }> {
  await chooseBackend('wasm');
  const r = await modelFromFiles(readModelFiles(dir), { env: 'sd-pcgrl', width, height });
  if (!r.ok) throw new CliError(`${dir}: ${r.error}`);
  return { q: new QModel(r.value.model, r.value.meta.observation), meta: r.value.meta };
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

async function levels(o: SdRunOptions, meta: ModelMeta, q: QModel, label: string): Promise<{ index: number; level: Level; solution: string }[]> {
  const progress = new Progress(label, o.to - o.from, !o.quiet && o.to - o.from >= 2000);
  let done = 0;
  return generateWithPolicy(q, {
    width: o.width,
    height: o.height,
    encoding: meta.encoding,
    temperature: o.temperature,
    seed: o.seed,
    from: o.from,
    to: o.to,
    ...(o.startCell !== undefined ? { startCell: o.startCell } : {}),
    onLevel: () => progress.tick(++done),
  });
}

export async function evaluateSdPcgrl(o: SdRunOptions, temperatures: number[]): Promise<(EvaluationReport & { temperature: number; seconds: number; levelsPerSecond: number })[]> {
  const { q, meta } = await loadPolicy(o.rlModel, o.width, o.height);
  const reports = [];
  for (const t of temperatures) {
    const started = performance.now();
    const evaluation = new Evaluation(predictorMeasure(o.model));
    for (const l of await levels({ ...o, temperature: t }, meta, q, `evaluate sd-pcgrl t=${t}`)) evaluation.add({ index: l.index, levels: [l.level], solution: l.solution });
    const seconds = (performance.now() - started) / 1000;
    reports.push({ temperature: t, ...evaluation.report(), seconds, levelsPerSecond: (o.to - o.from) / seconds });
  }
  return reports;
}

export async function generateSdPcgrl(o: SdRunOptions & { out: string }): Promise<{ written: number; duplicates: number }> {
  const { q, meta } = await loadPolicy(o.rlModel, o.width, o.height);
  const unique = new UniqueLevels();
  const out: PackLevel[] = [];
  for (const l of await levels(o, meta, q, 'generate sd-pcgrl')) {
    const [u] = unique.take({ index: l.index, levels: [l.level], solution: l.solution });
    if (u === undefined) continue;
    const id = `sd-pcgrl-${o.width}x${o.height}-s${o.seed}-t${o.temperature}-${l.index}`;
    out.push(
      packLevelFromLevel({ ...l.level, name: id }, {
        id,
        difficulty: predictDifficulty(o.model, u.analysis.features),
        features: { ...u.analysis.features },
        source: { generator: 'sd-pcgrl', seed: o.seed, temperature: o.temperature, model: `${o.rlModel} (${meta.recipe}, seed ${meta.seed}, ${meta.episodes} episodes)` },
      }),
    );
  }
  if (out.length > MAX_PACK_LEVELS) throw new CliError(`the run gives ${out.length} unique levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. Split it with --shard`);
  writeFileSync(o.out, exportPack(createPack(`sd-pcgrl ${o.width}x${o.height} t=${o.temperature} seed ${o.seed}`, out)));
  return { written: out.length, duplicates: unique.duplicates };
}

/** Evaluates a trained Turtle model: greedy episodes (temperature t), solvable share and the report over solvable levels. */
export async function evaluateTurtleModel(
  dir: string,
  o: { width: number; height: number; episodes: number; seed: number; temperature: number; model: DifficultyModel },
): Promise<TurtleEvaluation> {
  await chooseBackend('wasm');
  const r = await modelFromFiles(readModelFiles(dir), { env: 'turtle', width: o.width, height: o.height });
  if (!r.ok) throw new CliError(`${dir}: ${r.error}`);
  return evaluateTurtle(new QModel(r.value.model, r.value.meta.observation), o);
}
