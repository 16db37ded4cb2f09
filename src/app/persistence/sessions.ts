/**
 * Saving and restoring the two long pieces of work a reload used to lose:
 * the Batch view's last report (record `batchReport`) and the predictor
 * lab's session (record `labSession`: the data rows, the Table 4.1 runs, the
 * ablation, the latest fit behind the scatters, and the method, features
 * and seed chosen). Both are checked with
 * zod schemas on load (grids through `parseRows`, keys recomputed, a fitted
 * model through `validateDifficultyModel`); a bad record is refused whole
 * with a sentence and the studio goes on without it.
 *
 * Sizes stay bounded: a batch report is already small (per run a histogram,
 * six spans and at most {@link SAMPLES_PER_SPAN} samples per span); lab
 * data over {@link MAX_SAVED_LAB_SAMPLES} rows is not kept (the runs and the
 * ablation are, as they name their data), and neither is a fit of it.
 */
import { migrateRecord, recordHistory } from './migrations';
import { RULESET_NAMES } from '../../core/rules/ruleset';
import { z } from 'zod';
import { describeParseError, parseRows } from '../../core/level/format';
import { levelKey } from '../../core/level/level';
import { DIFFICULTY_SPANS, HISTOGRAM_BIN, spanIndexOf } from '../../core/generators/evaluate';
import { FIT_METHODS, validateDifficultyModel } from '../../core/difficulty/model';
import { FEATURE_NAMES, type FeatureName } from '../../core/graph/features';
import { MAX_ABLATION_FEATURES } from '../../core/difficulty/limits';
import { MAX_TEMPERATURES, SAMPLES_PER_SPAN } from '../../workers/batch.protocol';
import type { LabData, LabSample } from '../../workers/lab.api';
import { err, ok, type Result } from '../../core/util/result';
import type { BatchRun } from '../store/batchSlice';
import type { LabFitted, LabSlice } from '../store/labSlice';
import { BatchSettingsSchema, GeneratedLevelSchema, WORKSPACE_VERSION, firstIssue, rows, seed } from './workspace';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';
import { SWEEP_PARAMETERS } from '../../core/range/sweep';
import { DEFAULT_STATE_CAP } from '../../core/graph/solver';

/** Most lab data rows kept across a reload (each is a grid and its features, about 0.5 kB). */
export const MAX_SAVED_LAB_SAMPLES = 20_000;
/** Most CSV problems and skipped rows kept with saved lab data. */
export const MAX_SAVED_LAB_NOTES = 5_000;
/** Most Table 4.1 runs kept. */
export const MAX_SAVED_LAB_RUNS = 500;

const features = GeneratedLevelSchema.shape.features;
const finite = z.number().finite();
const count = z.number().int().min(0);
const short = z.string().max(400);

// ---------------------------------------------------------------- batch report

const MAX_BINS = Math.floor(200 / HISTOGRAM_BIN) + 1;

const ReportSchema = z.object({
  generated: count,
  solvableIterations: count,
  solvablePercent: finite,
  solvable: count,
  duplicates: count,
  duplicatesPercent: finite,
  unique: count,
  nonTrivial: count,
  nonTrivialPercent: finite,
  spans: z.array(z.object({ from: finite, to: finite.nullable(), count })).length(DIFFICULTY_SPANS.length),
  histogram: z.array(count).max(MAX_BINS),
  maxDifficulty: finite,
  meanDifficulty: finite,
  diversity: finite,
  stateCapped: count,
  // Added with the capped count: a report saved before it has them absent, and its cap was the default.
  // Its capped iterations were not counted apart, so they read as 0 (it counted them as unsolvable).
  cappedIterations: count.default(0),
  stateCap: count.min(1).default(DEFAULT_STATE_CAP),
  difficultyMeasure: z.object({ name: short, note: z.string().max(2000) }),
});

const SpanSampleSchema = z.object({
  span: z.number().int().min(0).max(DIFFICULTY_SPANS.length - 1),
  index: count,
  rows,
  difficulty: finite,
  features,
});

const EvaluationRunSchema = z.object({
  temperature: z.number().min(0).max(1).nullable(),
  report: ReportSchema,
  seconds: finite.min(0),
  levelsPerSecond: finite.min(0),
  samples: z.array(SpanSampleSchema).max(SAMPLES_PER_SPAN * DIFFICULTY_SPANS.length),
  // A run of a size or pins sweep (absent otherwise, and in reports saved before sweeps).
  sweep: z.object({ parameter: z.enum(SWEEP_PARAMETERS), value: count }).exactOptional(),
});

export const BATCH_REPORT_RECORD = recordHistory('the saved batch report', WORKSPACE_VERSION);

export const BatchReportSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  status: z.enum(['done', 'cancelled']),
  settings: BatchSettingsSchema,
  // Absent in reports saved before rulesets (they were Longcat's).
  rules: z.enum(RULESET_NAMES).default(DEFAULT_RULESET_NAME),
  modelName: short.nullable(),
  // sweep: absent in reports saved before sweeps.
  progress: z.object({ done: count, total: count, run: count, runs: count, temperature: z.number().min(0).max(1).nullable(), sweep: z.object({ parameter: z.enum(SWEEP_PARAMETERS), value: count }).nullable().optional() }).nullable(),
  runs: z.array(EvaluationRunSchema).min(1).max(MAX_TEMPERATURES),
  policy: z.object({ backend: short, reason: z.string().max(2000), description: z.string().max(2000) }).nullable(),
  message: z.string().max(2000).nullable(),
  seconds: finite.min(0).nullable(),
  startedAt: finite.nullable(),
  finishedAt: short.nullable(),
});

/** The Batch view's last report when it has one to show (done, or cancelled with what was done), else null. */
export function saveBatchReport(run: BatchRun): unknown {
  if ((run.status !== 'done' && run.status !== 'cancelled') || run.settings === null || run.runs.length === 0) return null;
  const { status, settings, rules, modelName, progress, runs, policy, message, seconds, startedAt, finishedAt } = run;
  // The levels' measures (the expressive-range map's data, megabytes for a big run) are not saved: the map asks for the run again.
  return { version: WORKSPACE_VERSION, status, settings, rules, modelName, progress, runs: runs.map(({ measures: _measures, ...run }) => run), policy, message, seconds, startedAt, finishedAt };
}

/**
 * A report saved before the top span was split (five spans, the last "80-200"
 * also holding everything above): the histogram's last bin is exactly the
 * levels at 200 and up, so the split is recovered, not guessed; samples move
 * by their own difficulty. Anything else is returned as it is.
 */
export function splitTopSpan(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { runs?: unknown }).runs)) return json;
  const runs = (json as { runs: unknown[] }).runs.map((run) => {
    const r = run as { report?: { spans?: unknown; histogram?: unknown }; samples?: unknown };
    const spans = r.report?.spans, histogram = r.report?.histogram;
    if (!Array.isArray(spans) || spans.length !== DIFFICULTY_SPANS.length - 1 || !Array.isArray(histogram)) return run;
    const last = spans[spans.length - 1] as { count?: unknown };
    const above = typeof histogram[MAX_BINS - 1] === 'number' ? (histogram[MAX_BINS - 1] as number) : 0;
    if (typeof last.count !== 'number') return run;
    const split = [...spans.slice(0, -1), { from: 80, to: 200, count: last.count - above }, { from: 200, to: null, count: above }];
    const samples = Array.isArray(r.samples) ? r.samples.map((x) => { const sm = x as { span?: unknown; difficulty?: unknown }; return typeof sm.difficulty === 'number' ? { ...sm, span: spanIndexOf(sm.difficulty) } : x; }) : r.samples;
    return { ...r, report: { ...r.report, spans: split }, samples };
  });
  return { ...json, runs };
}

/** The saved report, checked: the schema and every sample grid through `parseRows`. */
export function restoreBatchReport(json: unknown): Result<BatchRun | null, string> {
  if (json === null) return ok(null);
  const migrated = migrateRecord(BATCH_REPORT_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = BatchReportSchema.safeParse(splitTopSpan(migrated.value));
  if (!r.success) return err(`the saved batch report is invalid (${firstIssue(r.error)})`);
  for (const [i, run] of r.data.runs.entries()) {
    for (const [j, s] of run.samples.entries()) {
      const grid = parseRows(s.rows);
      if (!grid.ok) return err(`the saved batch report has a bad sample (runs.${i}.samples.${j}: ${describeParseError(grid.error)})`);
    }
  }
  const { version: _version, ...run } = r.data;
  return ok({ ...run, runs: run.runs });
}

// ---------------------------------------------------------------- lab session

const featureName = z.enum(FEATURE_NAMES as unknown as [FeatureName, ...FeatureName[]]);
const note = z.object({ line: z.number().int().min(0).nullable(), message: z.string().max(1000) });

const LabSampleSchema = z.object({
  line: z.number().int().min(0).nullable(),
  name: z.string().max(400),
  rows,
  key: z.string().max(400),
  features,
  seconds: finite.min(0),
  plays: z.number().int().min(1),
});

const LabDataSchema = z.object({
  source: short,
  kind: z.enum(['csv', 'playtests']),
  samples: z.array(LabSampleSchema).max(MAX_SAVED_LAB_SAMPLES),
  problems: z.array(z.object({ line: z.number().int().min(0), message: z.string().max(1000) })).max(MAX_SAVED_LAB_NOTES),
  skipped: z.array(note.extend({ name: z.string().max(400), reason: z.enum(['unsolvable', 'state-cap']) })).max(MAX_SAVED_LAB_NOTES),
  rowsRead: count,
  stateCap: z.number().int().min(1),
  // Absent in lab data saved before rulesets (it was analysed under Longcat).
  rules: z.enum(RULESET_NAMES).default(DEFAULT_RULESET_NAME),
});

const LabRunSchema = z.object({
  id: z.string().min(1).max(100),
  index: z.number().int().min(1),
  method: z.enum(FIT_METHODS),
  features: z.array(featureName).min(1).max(FEATURE_NAMES.length),
  source: short,
  samples: count,
  splits: count,
  seed,
  testMse: finite,
  sdTestMse: finite,
  baselineMse: finite,
  trainMse: finite,
});

const LabAblationSchema = z.object({
  k: z.number().int().min(2),
  subsetsTried: count,
  top: z.array(z.object({ features: z.array(z.string().max(100)).max(MAX_ABLATION_FEATURES), mse: finite })).max(1000),
  usage: z.record(z.string().max(100), count),
  baselineMse: finite,
  method: z.enum(FIT_METHODS),
  alpha: finite.min(0),
  features: z.array(z.string().max(100)).max(MAX_ABLATION_FEATURES),
  source: short,
  samples: count,
});

export const LAB_SESSION_RECORD = recordHistory('the saved lab session', WORKSPACE_VERSION);

export const LabSessionSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  data: LabDataSchema.nullable(),
  runs: z.array(LabRunSchema).max(MAX_SAVED_LAB_RUNS),
  ablation: LabAblationSchema.nullable(),
  fitted: z.object({ model: z.unknown(), used: z.array(count), predictions: z.array(finite) }).nullable(),
  /** The form's choices (so the method shown matches the runs and fit beside it). */
  method: z.enum(FIT_METHODS),
  features: z.array(featureName).max(FEATURE_NAMES.length),
  seed,
});

/** What of the lab is kept. */
export type LabSession = Pick<LabSlice, 'labData' | 'labRuns' | 'labAblation' | 'labFitted' | 'labMethod' | 'labFeatures' | 'labSeed'>;

/** True when the lab data is small enough to keep (see {@link MAX_SAVED_LAB_SAMPLES}). */
export function labDataKept(data: LabData | null): boolean {
  return data !== null && data.samples.length <= MAX_SAVED_LAB_SAMPLES && data.problems.length <= MAX_SAVED_LAB_NOTES && data.skipped.length <= MAX_SAVED_LAB_NOTES;
}

/** The lab session to save; data too large to keep is left out, and with it the fit (it points into the data). */
export function saveLabSession(s: LabSession): unknown {
  const kept = labDataKept(s.labData);
  return {
    version: WORKSPACE_VERSION,
    data: kept ? s.labData : null,
    runs: s.labRuns.slice(-MAX_SAVED_LAB_RUNS),
    ablation: s.labAblation,
    fitted: kept ? s.labFitted : null,
    method: s.labMethod,
    features: s.labFeatures,
    seed: s.labSeed,
  };
}

/**
 * The saved session, checked: the schema, every grid through `parseRows`
 * with its key recomputed, the fitted model through `validateDifficultyModel`
 * and its sample indices within the data.
 */
export function restoreLabSession(json: unknown): Result<LabSession, string> {
  const migrated = migrateRecord(LAB_SESSION_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = LabSessionSchema.safeParse(migrated.value);
  if (!r.success) return err(`the saved lab session is invalid (${firstIssue(r.error)})`);
  const { data, runs, ablation, fitted, method, features: chosen, seed: labSeed } = r.data;
  let labData: LabData | null = null;
  if (data !== null) {
    const samples: LabSample[] = [];
    for (const [i, s] of data.samples.entries()) {
      const grid = parseRows(s.rows);
      if (!grid.ok) return err(`the saved lab session has a bad level (data.samples.${i}: ${describeParseError(grid.error)})`);
      samples.push({ ...s, key: levelKey(grid.value) });
    }
    labData = { ...data, samples };
  }
  let labFitted: LabFitted | null = null;
  if (fitted !== null) {
    if (labData === null) return err('the saved lab session has a fit without its data');
    const model = validateDifficultyModel(fitted.model);
    if (!model.ok) return err(`the saved lab session has an invalid fitted model (fitted.model.${model.error[0]!.path}: ${model.error[0]!.message})`);
    if (fitted.used.length !== fitted.predictions.length) return err('the saved lab session has a fit whose predictions and rows used differ in number (fitted.predictions)');
    if (fitted.used.some((i) => i >= labData!.samples.length)) return err('the saved lab session has a fit that refers to a missing data row (fitted.used)');
    labFitted = { model: model.value, used: fitted.used, predictions: fitted.predictions };
  }
  if (new Set(runs.map((x) => x.id)).size !== runs.length) return err('the saved lab session has repeated run ids (runs)');
  return ok({ labData, labRuns: runs, labAblation: ablation, labFitted, labMethod: method, labFeatures: [...new Set(chosen)], labSeed });
}
