/**
 * The batch evaluation behind `runEvaluation` (SPEC §8): feeds a generator's
 * iterations to the core {@link Evaluation}, keeps a few sample levels per
 * difficulty span, and reports progress with a partial report. SD-PCGRL
 * loads its policy lazily (`batch.policy.ts` pulls in tfjs), so an RSD or
 * RPU evaluation never loads TensorFlow.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { DIFFICULTY_SPANS, Evaluation, predictorMeasure, type EvaluationReport } from '../core/generators/evaluate';
import { createLevelSource, isGeneratorName, type GeneratedItem, type GeneratorName } from '../core/generators/registry';
import { Analyzer } from '../core/graph/analyze';
import type { LevelFeatures } from '../core/graph/features';
import { toRows, type Level } from '../core/level/level';
import type { ModelFiles } from '../ml/modelFiles';
import { BATCH_GENERATORS, MAX_EVALUATION_COUNT, SAMPLES_PER_SPAN, type BatchGenerator } from './batch.limits';

/** Progress reports at most this often. */
const PROGRESS_MS = 250;

export interface EvaluationJob {
  readonly generator: BatchGenerator;
  readonly width: number;
  readonly height: number;
  /** Iterations per run. */
  readonly count: number;
  readonly seed: number;
  readonly model: DifficultyModel;
  /** SD-PCGRL: one run per temperature (0..1). */
  readonly temperatures?: readonly number[];
  /** SD-PCGRL: the policy's files (`model.json`, `weights.bin`, `meta.json`). */
  readonly policy?: ModelFiles;
}

export interface SpanSample {
  /** Index into {@link DIFFICULTY_SPANS}. */
  readonly span: number;
  /** Iteration index: with the settings, it reproduces the level. */
  readonly index: number;
  readonly rows: string[];
  readonly difficulty: number;
  /** Its features (so the pack can price it with any model). */
  readonly features: LevelFeatures;
}

export interface EvaluationRun {
  /** SD-PCGRL's temperature; null for RSD and RPU. */
  readonly temperature: number | null;
  readonly report: EvaluationReport;
  readonly samples: SpanSample[];
  readonly seconds: number;
  readonly levelsPerSecond: number;
}

export interface EvaluationProgress {
  /** Iterations done over all runs. */
  readonly done: number;
  readonly total: number;
  /** 0-based run (temperature) in progress and how many there are. */
  readonly run: number;
  readonly runs: number;
  readonly temperature: number | null;
  /** The run in progress so far; earlier runs are in `finished`. */
  readonly partial: EvaluationRun;
  readonly finished: readonly EvaluationRun[];
  /** Set once the SD-PCGRL policy is loaded: tfjs backend and why. */
  readonly policy: PolicyInfo | null;
}

export interface PolicyInfo {
  readonly backend: string;
  readonly reason: string;
  /** What the policy is: recipe, seed, episodes. */
  readonly description: string;
}

export interface EvaluationResult {
  readonly ok: boolean;
  readonly message: string | null;
  readonly runs: EvaluationRun[];
  readonly seconds: number;
  readonly policy: PolicyInfo | null;
}

const isWhole = (n: unknown, min: number, max: number): boolean => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Checks what `validateCommon` in batch.api.ts does not: generator, count, temperatures, policy files. */
export function validateEvaluationJob(job: EvaluationJob): string | null {
  if (typeof job !== 'object' || job === null) return 'no request';
  if (!(BATCH_GENERATORS as readonly string[]).includes(String(job.generator))) return `unknown generator ${JSON.stringify(job.generator)}`;
  if (!isWhole(job.count, 1, MAX_EVALUATION_COUNT)) return `the number of levels must be 1 to ${MAX_EVALUATION_COUNT.toLocaleString('en-US')}`;
  if (job.generator === 'sd-pcgrl') {
    const t = job.temperatures;
    if (!Array.isArray(t) || t.length === 0 || t.length > 21 || t.some((x) => !(typeof x === 'number' && x >= 0 && x <= 1))) return 'temperatures must be 1 to 21 numbers from 0 to 1';
    const p = job.policy;
    if (p === undefined || typeof p.modelJson !== 'string' || typeof p.meta !== 'string' || !(p.weights instanceof Uint8Array)) return 'SD-PCGRL needs its model files (model.json, weights.bin, meta.json)';
  }
  return null;
}

/** One run's bookkeeping: the core evaluation plus the span samples. */
class RunAccumulator {
  readonly evaluation: Evaluation;
  readonly samples: SpanSample[] = [];
  private readonly perSpan = new Array<number>(DIFFICULTY_SPANS.length).fill(0);
  private readonly analyzer = new Analyzer();
  readonly started = performance.now();
  done = 0;

  constructor(model: DifficultyModel, readonly temperature: number | null) {
    this.evaluation = new Evaluation(predictorMeasure(model));
  }

  /**
   * Adds one iteration. Samples come from iterations whose levels were all
   * new (`add` returns the difficulties of new levels only, so only then do
   * they line up with `item.levels`; solution-down iterations have one level).
   */
  add(item: GeneratedItem): void {
    this.done++;
    const fresh = this.evaluation.add(item);
    if (fresh.length === 0 || fresh.length !== item.levels.length) return;
    fresh.forEach((d, k) => {
      const span = spanOf(d);
      if (this.perSpan[span]! >= SAMPLES_PER_SPAN) return;
      const level = item.levels[k]!;
      const a = this.analyzer.analyze(level);
      if (!a.ok) return;
      this.perSpan[span]!++;
      this.samples.push({ span, index: item.index, rows: toRows(level), difficulty: d, features: { ...a.value.features } });
    });
  }

  run(): EvaluationRun {
    const seconds = (performance.now() - this.started) / 1000;
    return { temperature: this.temperature, report: this.evaluation.report(), samples: [...this.samples], seconds, levelsPerSecond: seconds > 0 ? this.done / seconds : 0 };
  }
}

/** The span a difficulty falls in (the last one is open above, as in the report). */
export function spanOf(d: number): number {
  for (let i = 0; i < DIFFICULTY_SPANS.length; i++) if (d < DIFFICULTY_SPANS[i]![1]) return i;
  return DIFFICULTY_SPANS.length - 1;
}

/** Runs the job (already validated). */
export async function evaluateGenerator(job: EvaluationJob, onProgress?: (p: EvaluationProgress) => void): Promise<EvaluationResult> {
  const started = performance.now();
  const finished: EvaluationRun[] = [];
  let lastReport = performance.now();
  let policy: PolicyInfo | null = null;
  const temperatures: (number | null)[] = job.generator === 'sd-pcgrl' ? [...job.temperatures!] : [null];
  const total = job.count * temperatures.length;
  const progress = (acc: RunAccumulator, run: number, force: boolean): void => {
    if (onProgress === undefined) return;
    const now = performance.now();
    if (!force && now - lastReport < PROGRESS_MS) return;
    lastReport = now;
    onProgress({ done: run * job.count + acc.done, total, run, runs: temperatures.length, temperature: acc.temperature, partial: acc.run(), finished: [...finished], policy });
  };

  if (job.generator !== 'sd-pcgrl') {
    const name: GeneratorName = isGeneratorName(job.generator) ? job.generator : 'rsd';
    const source = createLevelSource({ generator: name, width: job.width, height: job.height, seed: job.seed });
    const acc = new RunAccumulator(job.model, null);
    progress(acc, 0, true);
    for (let i = 0; i < job.count; i++) {
      acc.add(source.generate(i));
      if ((i & 63) === 63) progress(acc, 0, false);
    }
    finished.push(acc.run());
    return { ok: true, message: null, runs: finished, seconds: (performance.now() - started) / 1000, policy: null };
  }

  // SD-PCGRL: tfjs only now.
  const { loadPolicy } = await import('./batch.policy');
  const loaded = await loadPolicy(job.policy!, job.width, job.height);
  if (!loaded.ok) return { ok: false, message: loaded.error, runs: [], seconds: (performance.now() - started) / 1000, policy: null };
  policy = loaded.value.info;
  try {
    for (let r = 0; r < temperatures.length; r++) {
      const t = temperatures[r]!;
      const acc = new RunAccumulator(job.model, t);
      progress(acc, r, true);
      await loaded.value.generate({ temperature: t, seed: job.seed, count: job.count }, (index: number, level: Level, solution: string) => {
        acc.add({ index, levels: [level], solution });
        progress(acc, r, false);
      });
      finished.push(acc.run());
    }
  } finally {
    loaded.value.dispose();
  }
  return { ok: true, message: null, runs: finished, seconds: (performance.now() - started) / 1000, policy };
}
