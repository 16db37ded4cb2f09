/**
 * The predictor lab's work as plain async functions (STYLE §7): the lab
 * worker exposes them, the client falls back to calling them in the page,
 * and Node can call them directly. Parsing player data, analysing every
 * level, fitting, the 50-split evaluation and the ablation all run here,
 * never on the page's main thread.
 *
 * Every request crossed a worker boundary, so each is validated; a bad one
 * rejects with a sentence. Progress callbacks (Comlink proxies) are called
 * at most every {@link PROGRESS_INTERVAL_MS} and once at the end.
 */
import { fitModel } from '../core/difficulty/calibrate';
import { parseCompletionCsv, type CsvProblem } from '../core/difficulty/csv';
import { ablation, evaluateSplits, type Ablation, type SplitEvaluation } from '../core/difficulty/evaluation';
import { chooseAlpha } from '../core/difficulty/fit';
import { cvAgainstMean, fitSizeProblem } from '../core/difficulty/fitGuard';
import type { DifficultyModel, FitMethod } from '../core/difficulty/model';
import { solvableDifficulty } from '../core/difficulty/predict';
import { Analyzer } from '../core/graph/analyze';
import { rulesetByName } from '../core/rules/registry';
import type { Ruleset, RulesetName } from '../core/rules/ruleset';
import type { FeatureName, LevelFeatures } from '../core/graph/features';
import { describeParseError, parseRows } from '../core/level/format';
import { levelKey, toRows, type Level } from '../core/level/level';
import { createRng } from '../core/util/rng';
import { describeIssues } from '../core/util/schemas';
import { CsvRequestSchema, describePlaytestEntry, EvaluateRequestSchema, FitRequestSchema, matrix, parseAblateRequest, PlaytestEntrySchema, PlaytestLevelRequestSchema, type CsvRequest, type EvaluateRequest, type PlaytestLevelRequest } from './lab.protocol';
import { invalid, ok, parseRequest, type Outcome } from './outcome';

export type { CsvRequest, EvaluateRequest, PlaytestLevelRequest } from './lab.protocol';
export { MAX_CSV_TEXT } from './lab.protocol';

/** One labelled level the lab can fit on. */
export interface LabSample {
  /** CSV line, or null for a level from the playtest log. */
  readonly line: number | null;
  /** The level's name, or `line N` for a CSV row. */
  readonly name: string;
  readonly rows: readonly string[];
  readonly key: string;
  readonly features: LevelFeatures;
  /** The label: average completion seconds. */
  readonly seconds: number;
  /** Plays behind the average (1 for a CSV row, which is already an average). */
  readonly plays: number;
}

/** A well-formed row that cannot be used: no solution, or too many states to analyse. */
export interface LabSkip {
  readonly line: number | null;
  readonly name: string;
  readonly reason: 'unsolvable' | 'state-cap';
  readonly message: string;
}

export interface LabData {
  /** Where the data came from, for the provenance ("analytics.csv", "studio playtest log"). */
  readonly source: string;
  readonly kind: 'csv' | 'playtests';
  readonly samples: LabSample[];
  /** Invalid rows, each with its line (never dropped silently). */
  readonly problems: CsvProblem[];
  readonly skipped: LabSkip[];
  /** Rows read (valid, invalid and skipped). */
  readonly rowsRead: number;
  /** State cap the levels were analysed under. */
  readonly stateCap: number;
  /** The ruleset the levels were analysed under (SPEC §12). */
  readonly rules: RulesetName;
}

/** The seed of the cross-validation stream that goes with a split seed. */
const cvSeed = (seed: number): number => (seed ^ 0x9e3779b9) >>> 0;

export type ProgressCallback = (done: number, total: number) => unknown;

/** Fewest ms between two progress calls. */
export const PROGRESS_INTERVAL_MS = 80;
function throttled(onProgress: ProgressCallback | undefined): (done: number, total: number) => void {
  if (onProgress === undefined) return () => {};
  let last = -Infinity;
  return (done, total) => {
    const now = Date.now();
    if (done < total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    // A proxied callback returns a promise; the page may be gone (cancel), so nothing waits on it.
    void Promise.resolve(onProgress(done, total)).catch(() => {});
  };
}


interface PendingLevel {
  readonly line: number | null;
  readonly name: string;
  readonly level: Level;
  readonly seconds: number;
  readonly plays: number;
}

/** Analyses each level once (duplicates share the result) and sorts rows into samples and skips. */
function analyseAll(pending: readonly PendingLevel[], stateCap: number, rules: Ruleset, progress: (done: number, total: number) => void): { samples: LabSample[]; skipped: LabSkip[] } {
  const analyzer = new Analyzer();
  const cache = new Map<string, { features: LevelFeatures } | { capMessage: string }>();
  const samples: LabSample[] = [], skipped: LabSkip[] = [];
  pending.forEach((p, i) => {
    const key = levelKey(p.level);
    let result = cache.get(key);
    if (result === undefined) {
      const r = analyzer.analyze(p.level, { maxStates: stateCap, rules });
      result = r.ok ? { features: { ...r.value.features } } : { capMessage: r.error.message };
      cache.set(key, result);
    }
    if ('capMessage' in result) skipped.push({ line: p.line, name: p.name, reason: 'state-cap', message: result.capMessage });
    else if (result.features.nSolutions === 0) skipped.push({ line: p.line, name: p.name, reason: 'unsolvable', message: 'the level has no solution' });
    else samples.push({ line: p.line, name: p.name, rows: toRows(p.level), key, features: result.features, seconds: p.seconds, plays: p.plays });
    progress(i + 1, pending.length);
  });
  return { samples, skipped };
}

/** Parses `level,avgCompletionSeconds` rows and analyses every level. */
export async function prepareCsv(request: CsvRequest, onProgress?: ProgressCallback): Promise<Outcome<LabData>> {
  const parsed = parseRequest(CsvRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { text, sourceName, maxStates: stateCap, rules } = parsed.value;
  const { rows, problems } = parseCompletionCsv(text);
  const pending = rows.map((r) => ({ line: r.line, name: `line ${r.line}`, level: r.level, seconds: r.seconds, plays: 1 }));
  const { samples, skipped } = analyseAll(pending, stateCap, rulesetByName(rules), throttled(onProgress));
  return ok({ source: sourceName, kind: 'csv', samples, problems, skipped, rowsRead: rows.length + problems.length, stateCap, rules });
}

/** The playtest log, already averaged per level: analyses every level. A malformed entry is a problem (line = its position). */
export async function preparePlaytests(request: PlaytestLevelRequest, onProgress?: ProgressCallback): Promise<Outcome<LabData>> {
  const parsed = parseRequest(PlaytestLevelRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { levels, maxStates: stateCap, rules } = parsed.value;
  const problems: CsvProblem[] = [];
  const pending: PendingLevel[] = [];
  // Entries are checked one by one: a bad one is a problem of the data, listed with its position.
  levels.forEach((raw, i) => {
    const entry = PlaytestEntrySchema.safeParse(raw);
    if (!entry.success) {
      problems.push({ line: i + 1, message: describePlaytestEntry(entry.error) });
      return;
    }
    const l = entry.data;
    const parsed = parseRows(l.rows);
    if (!parsed.ok) {
      problems.push({ line: i + 1, message: `level: ${describeParseError(parsed.error)}` });
      return;
    }
    pending.push({ line: null, name: l.name !== '' ? l.name : `level ${i + 1}`, level: parsed.value, seconds: l.seconds, plays: l.plays });
  });
  const { samples, skipped } = analyseAll(pending, stateCap, rulesetByName(rules), throttled(onProgress));
  return ok({ source: 'studio playtest log', kind: 'playtests', samples, problems, skipped, rowsRead: levels.length, stateCap, rules });
}

/** Rows of feature values and their labels, as {@link designMatrix} builds them on the page. */
export interface MatrixRequest {
  readonly x: readonly (readonly number[])[];
  readonly y: readonly number[];
  readonly method: FitMethod;
  readonly seed: number;
}

/** The thesis's evaluation: mean test MSE over `splits` random 80/20 splits beside the predict-the-mean baseline. */
export async function evaluateLab(request: EvaluateRequest, onProgress?: ProgressCallback): Promise<Outcome<SplitEvaluation>> {
  const parsed = parseRequest(EvaluateRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { x, y, method, seed, splits } = parsed.value;
  const progress = throttled(onProgress);
  // Splits and CV folds from separate streams: every method sees the same splits for a seed.
  return ok(evaluateSplits({ x, y }, method, createRng(seed), splits, (done) => progress(done, splits), createRng(cvSeed(seed))));
}

export interface LabAblation extends Ablation {
  readonly method: FitMethod;
  /** The fixed alpha every subset used (ridge and lasso: chosen by 5-fold CV on all the features). */
  readonly alpha: number;
  readonly features: readonly string[];
}

/** Exhaustive ablation over every non-empty subset of `names` (the columns of `x`), k-fold MSE. */
export async function ablateLab(request: MatrixRequest & { readonly names: readonly string[] }, onProgress?: ProgressCallback): Promise<Outcome<LabAblation>> {
  const parsed = parseAblateRequest(request);
  if (!parsed.success) return invalid(describeIssues(parsed.error));
  const { x, y, method, seed, names } = parsed.data;
  const data = { x, y };
  // The folds come from the seed alone (the same for every method); alpha's CV has its own stream.
  const alpha = method === 'ols' ? 0 : chooseAlpha(data, method, createRng(cvSeed(seed))).alpha;
  const progress = throttled(onProgress);
  const result = ablation(data, names, createRng(seed), { method, alpha, k: 5, top: 10, onProgress: progress });
  return ok({ ...result, method, alpha, features: names });
}

export interface FitRequestMessage {
  readonly name: string;
  readonly features: readonly FeatureName[];
  readonly method: FitMethod;
  readonly seed: number;
  readonly samples: readonly LevelFeatures[];
  readonly labels: readonly number[];
  /** Where the labels came from ("analytics.csv (140 of 153 rows)"). */
  readonly data: string;
  readonly labelDescription: string;
  /** Extra metrics to record (e.g. the latest 50-split evaluation of this method and subset). */
  readonly metrics?: Readonly<Record<string, number>>;
  readonly createdAt: string;
}

export interface FitResult {
  readonly model: DifficultyModel;
  /** The model's difficulty for each sample, in order. */
  readonly predictions: number[];
}

/**
 * Fits a model on every sample (alpha by 5-fold CV for ridge and lasso).
 * The label is seconds as given: scale 1, offset 0, so the model's
 * difficulty is its predicted seconds, clamped at 0.
 */
export async function fitLab(message: FitRequestMessage): Promise<Outcome<FitResult>> {
  const parsed = parseRequest(FitRequestSchema, message);
  if (parsed.kind !== 'ok') return parsed;
  const request = parsed.value;
  const { features, name } = request;
  // The samples' chosen features as a matrix, checked like any other (finite values, a label per row).
  const samples = request.samples as unknown as LevelFeatures[];
  const checked = parseRequest(matrix(features.length, 2), { x: samples.map((s) => features.map((f) => s[f])), y: request.labels, method: request.method, seed: request.seed });
  if (checked.kind !== 'ok') return checked;
  const labels = checked.value.y;
  const tooFew = fitSizeProblem(labels.length, features.length);
  if (tooFew !== null) return invalid(tooFew);
  const { model: fitted } = fitModel(
    {
      name,
      features,
      method: request.method,
      samples,
      labels,
      labelDescription: request.labelDescription,
      provenance: { summary: '', data: request.data, createdAt: request.createdAt, seed: request.seed },
    },
    createRng(request.seed),
  );
  // The model's cross-validated error beside the mean's, on the same folds (its own stream), before anyone activates it.
  const cv = cvAgainstMean({ x: checked.value.x, y: labels }, fitted.method, fitted.alpha, createRng(cvSeed(request.seed) ^ 0x5bd1e995));
  const model: DifficultyModel = {
    ...fitted,
    metrics: { ...fitted.metrics, ...request.metrics, cvFolds: cv.folds, cvModelMse: cv.modelMse, cvBaselineMse: cv.baselineMse },
    provenance: { ...fitted.provenance, summary: provenanceSummary(fitted, request.data) },
  };
  return ok({ model, predictions: samples.map((s) => solvableDifficulty(model, s)) });
}

/** One sentence on how a lab model was made (shown in the gauge panel and the lab). */
export function provenanceSummary(model: DifficultyModel, data: string): string {
  const how = model.method === 'ols' ? 'OLS' : `${model.method} (alpha ${model.alpha.toPrecision(3)} by 5-fold CV)`;
  const r2 = model.metrics['r2'];
  return `${how} on ${model.features.join(', ')}; fitted in the predictor lab to ${data}${r2 !== undefined ? `; train R² ${r2.toFixed(3)}` : ''}`;
}
