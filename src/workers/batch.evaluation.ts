/**
 * The batch evaluation behind `runEvaluation` (SPEC §8): runs the core
 * evaluation job (`core/jobs/evaluate.ts`) into a {@link RunAccumulator}, keeps a few sample levels per
 * difficulty span, and reports progress with a partial report. SD-PCGRL
 * loads its policy lazily (`batch.policy.ts` pulls in tfjs), so an RSD or
 * RPU evaluation never loads TensorFlow.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { DIFFICULTY_SPANS, predictorMeasure, spanIndexOf, TimedEvaluation, type TimedReport } from '../core/generators/evaluate';
import type { GeneratedItem } from '../core/generators/registry';
import { runEvaluateJob } from '../core/jobs/evaluate';
import { longcat, rulesetByName } from '../core/rules/registry';
import type { Ruleset } from '../core/rules/ruleset';
import { Analyzer } from '../core/graph/analyze';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import type { LevelFeatures } from '../core/graph/features';
import { toRows } from '../core/level/level';
import { SAMPLES_PER_SPAN, type EvaluationJob } from './batch.protocol';
import { levelMeasures } from '../core/range/measures';
import { MeasureTableBuilder, type MeasureTable } from '../core/range/table';
import { failed, ok, type Outcome } from './outcome';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import type { SweepValue } from '../core/range/sweep';
import type { CellPins } from '../core/generators/pins';
import { pinSweepSets } from '../core/generators/pinSweep';
import { parseRows } from '../core/level/format';

/** Progress reports at most this often. */
const PROGRESS_MS = 250;

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

/** One run's report (see {@link TimedReport}) with its span samples. */
export interface EvaluationRun extends TimedReport {
  readonly samples: SpanSample[];
  /** The run's size or number of pinned cells in a size or pins sweep (SD-PCGRL's sweep is its `temperature`); absent otherwise. */
  readonly sweep?: SweepValue;
  /**
   * Every unique level's measures, for the expressive-range map: only on a
   * finished run's answer (never in progress reports, nor in the saved report).
   */
  readonly measures?: MeasureTable;
}

/** A run without its measures (progress reports and saved reports carry none). */
export function withoutMeasures(run: EvaluationRun): EvaluationRun {
  if (run.measures === undefined) return run;
  const { measures: _m, ...rest } = run;
  return rest;
}

export interface EvaluationProgress {
  /** Iterations done over all runs. */
  readonly done: number;
  readonly total: number;
  /** 0-based run (temperature) in progress and how many there are. */
  readonly run: number;
  readonly runs: number;
  readonly temperature: number | null;
  /** The run's value in a size or pins sweep, else null. */
  readonly sweep: SweepValue | null;
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
  readonly runs: EvaluationRun[];
  readonly seconds: number;
  readonly policy: PolicyInfo | null;
}

/** One run's bookkeeping: the timed core evaluation plus the span samples. */
export class RunAccumulator extends TimedEvaluation {
  readonly samples: SpanSample[] = [];
  private readonly perSpan = new Array<number>(DIFFICULTY_SPANS.length).fill(0);
  private readonly analyzer = new Analyzer();

  private readonly measures = new MeasureTableBuilder();

  constructor(model: DifficultyModel, temperature: number | null, private readonly rules: Ruleset = longcat, readonly sweep: SweepValue | null = null, private readonly maxStates: number = DEFAULT_STATE_CAP) {
    super(predictorMeasure(model), temperature, rules, maxStates);
    this.evaluation.onLevel = (level, analysis, difficulty) => this.measures.add(level, levelMeasures({ level, counts: analysis.counts, features: analysis.features, difficulty }));
  }

  /**
   * Adds one iteration. Samples come from iterations whose levels were all
   * new (`add` returns the difficulties of new levels only, so only then do
   * they line up with `item.levels`; solution-down iterations have one level).
   */
  override add(item: GeneratedItem): number[] {
    const fresh = super.add(item);
    if (fresh.length === 0 || fresh.length !== item.levels.length) return fresh;
    fresh.forEach((d, k) => {
      const span = spanOf(d);
      if (this.perSpan[span]! >= SAMPLES_PER_SPAN) return;
      const level = item.levels[k]!;
      const a = this.analyzer.analyze(level, { rules: this.rules, maxStates: this.maxStates });
      if (!a.ok) return;
      this.perSpan[span]!++;
      this.samples.push({ span, index: item.index, rows: toRows(level), difficulty: d, features: { ...a.value.features } });
    });
    return fresh;
  }

  /** The report so far, without the measures (what progress carries). */
  run(): EvaluationRun {
    return { ...this.result(), samples: [...this.samples], ...(this.sweep !== null ? { sweep: this.sweep } : {}) };
  }

  /** The finished run, with every unique level's measures. */
  finalRun(): EvaluationRun {
    return { ...this.run(), measures: this.measures.table() };
  }
}

/** The span a difficulty falls in (the last one is open above, as in the report). */
export function spanOf(d: number): number {
  return spanIndexOf(d);
}

/** One run of an RSD or RPU evaluation: its size, its pins, and its value in a sweep. */
interface PlannedRun {
  readonly width: number;
  readonly height: number;
  readonly pins: CellPins | undefined;
  readonly sweep: SweepValue | null;
}

/**
 * The runs of an RSD or RPU job: one, or one per value of its sweep (each
 * square size; each number of cells pinned on the sweep's level, drawn with
 * the job's seed by `pinSweepSets`). The job was parsed, so its sweep fits.
 */
export function sweepPlan(job: EvaluationJob): PlannedRun[] {
  const sweep = job.sweep;
  if (sweep === undefined) return [{ width: job.width, height: job.height, pins: undefined, sweep: null }];
  if (sweep.kind === 'size') return sweep.sides.map((side) => ({ width: side, height: side, pins: undefined, sweep: { parameter: 'size', value: side } }));
  const level = parseRows(sweep.level);
  if (!level.ok) throw new Error('the pins\' level does not parse (the job was not checked)');
  const sets = pinSweepSets(level.value, sweep.counts, job.seed);
  return sweep.counts.map((k, i) => ({ width: job.width, height: job.height, pins: k === 0 ? undefined : sets[i], sweep: { parameter: 'pins', value: k } }));
}

/** Runs the job (already parsed). */
export async function evaluateGenerator(job: EvaluationJob, onProgress?: (p: EvaluationProgress) => void): Promise<Outcome<EvaluationResult>> {
  const started = performance.now();
  const finished: EvaluationRun[] = [];
  let lastReport = performance.now();
  let policy: PolicyInfo | null = null;
  const temperatures: (number | null)[] = job.generator === 'sd-pcgrl' ? [...job.temperatures!] : [null];
  let total = job.count * temperatures.length;
  let runs = temperatures.length;
  const progress = (acc: RunAccumulator, run: number, force: boolean): void => {
    if (onProgress === undefined) return;
    const now = performance.now();
    if (!force && now - lastReport < PROGRESS_MS) return;
    lastReport = now;
    onProgress({ done: run * job.count + acc.done, total, run, runs, temperature: acc.temperature, sweep: acc.sweep, partial: acc.run(), finished: finished.map(withoutMeasures), policy });
  };

  if (job.generator !== 'sd-pcgrl') {
    const rules = job.rules ?? DEFAULT_RULESET_NAME;
    const plan = sweepPlan(job);
    total = job.count * plan.length;
    runs = plan.length;
    for (const [r, p] of plan.entries()) {
      const acc = new RunAccumulator(job.model, null, rulesetByName(rules), p.sweep, job.maxStates);
      progress(acc, r, true);
      runEvaluateJob({ generator: job.generator, width: p.width, height: p.height, seed: job.seed, rules, pins: p.pins, from: 0, to: job.count }, acc, {
        onProgress: (q) => {
          if ((q.done & 63) === 0) progress(acc, r, false);
        },
      });
      finished.push(acc.finalRun());
    }
    return ok({ runs: finished, seconds: (performance.now() - started) / 1000, policy: null });
  }

  // SD-PCGRL: tfjs only now.
  const { loadSdPolicy } = await import('./batch.policy');
  const loaded = await loadSdPolicy(job.policy!, job.width, job.height);
  if (!loaded.ok) return failed(loaded.error);
  policy = loaded.value.info;
  const { evaluatePerTemperature } = loaded.value;
  // Each run is finished when the next one starts (and the last after the loop): `finished` feeds the progress.
  let current: RunAccumulator | null = null;
  try {
    await evaluatePerTemperature(
      loaded.value.policy,
      { temperatures: job.temperatures!, seed: job.seed, from: 0, to: job.count },
      (t, r) => {
        if (current !== null) finished.push(current.finalRun());
        current = new RunAccumulator(job.model, t, rulesetByName(job.rules ?? DEFAULT_RULESET_NAME), null, job.maxStates);
        progress(current, r, true);
        return current;
      },
      (acc, r) => progress(acc, r, false),
    );
    if (current !== null) finished.push((current as RunAccumulator).finalRun());
  } finally {
    loaded.value.policy.dispose();
  }
  return ok({ runs: finished, seconds: (performance.now() - started) / 1000, policy });
}
