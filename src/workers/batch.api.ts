/**
 * Generate-at-difficulty and batch evaluation as plain async functions
 * (STYLE habit 7): the batch worker only exposes them, the page's fallback
 * and Node tests call them directly. Every request crossed a worker boundary,
 * so each is validated first and answers with a sentence instead of throwing.
 *
 * - {@link generateAt}: SPEC §7, levels within a window around a target (a
 *   number, or a band's middle with a window covering the band).
 * - {@link fillCurve}: one level per target along a straight difficulty
 *   curve, each strictly harder than the previous one (see there).
 * - {@link runEvaluation}: SPEC §8 for RPU, RSD or SD-PCGRL (per
 *   temperature), with throttled progress that carries a partial report.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { validateDifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { DEFAULT_TOLERANCE, generateAtDifficulty, toleranceWidth, type AtDifficultyLevel, type Tolerance } from '../core/generators/atDifficulty';
import type { LevelFeatures } from '../core/graph/features';
import { isSideInRange, openCellCount, toRows } from '../core/level/level';
import { evaluateGenerator, validateEvaluationJob, type EvaluationJob, type EvaluationProgress, type EvaluationResult } from './batch.evaluation';

import { MAX_AT_DIFFICULTY_COUNT, MAX_CURVE_COUNT } from './batch.limits';

export type { EvaluationJob, EvaluationProgress, EvaluationResult, EvaluationRun, SpanSample, PolicyInfo } from './batch.evaluation';
export type { BatchGenerator } from './batch.limits';

/** What every at-difficulty search takes: size, how many, seed, constraints and the model. */
interface SearchJob {
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed: number;
  /** Level keys to avoid (`levelKey`, e.g. the pack's levels). */
  readonly exclude?: readonly string[];
  readonly uniqueSolution?: boolean;
  readonly openCells?: { readonly min?: number; readonly max?: number };
  /** The active difficulty model (validated here). */
  readonly model: DifficultyModel;
}

export interface AtDifficultyJob extends SearchJob {
  readonly target: number;
  /** Default: the larger of ±10% and ±3 ({@link DEFAULT_TOLERANCE}). */
  readonly tolerance?: Tolerance;
  /** Wall-clock limit for the whole request (default: 5 s, plus 1.5 s per level past the third). */
  readonly timeLimitMs?: number;
}

/** One level found, with what it took to find it (its provenance). */
export interface FoundLevel {
  readonly rows: string[];
  readonly key: string;
  readonly difficulty: number;
  readonly features: LevelFeatures;
  /** A solution (moves `UDLR`), the walk the level was grown from. */
  readonly solution: string;
  readonly openCells: number;
  /** Levels evaluated by the search for this one. */
  readonly attempts: number;
  readonly milliseconds: number;
  /** The target it was searched for. */
  readonly target: number;
}

export interface AtDifficultyAnswer {
  /** False when the request was invalid (`message` says why). */
  readonly ok: boolean;
  readonly levels: FoundLevel[];
  /** Why fewer levels than asked came back (out of reach, budget, time), or why the request was refused. */
  readonly message: string | null;
  /** True when the window lies above the reachable range for the size. */
  readonly outOfReach: boolean;
  readonly reachable: { readonly min: number; readonly max: number } | null;
  /** The accepted difficulty window. */
  readonly window: { readonly from: number; readonly to: number };
  readonly evaluations: number;
  readonly milliseconds: number;
}

/** The id the reachable-range cache keys a model by (same model, same range). */
export function modelId(model: DifficultyModel): string {
  return `${model.name}@${model.provenance.createdAt}:${model.coefficients.join(',')}:${model.intercept}:${model.label.scale}:${model.label.offset}`;
}

function found(l: AtDifficultyLevel, target: number): FoundLevel {
  return {
    rows: toRows(l.level),
    key: l.key,
    difficulty: l.difficulty,
    features: { ...l.features },
    solution: l.solution,
    openCells: openCellCount(l.level),
    attempts: l.attempts,
    milliseconds: l.milliseconds,
    target,
  };
}

function invalidAnswer(message: string): AtDifficultyAnswer {
  return { ok: false, levels: [], message, outOfReach: false, reachable: null, window: { from: 0, to: 0 }, evaluations: 0, milliseconds: 0 };
}

const isWhole = (n: unknown, min: number, max: number): boolean => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

function validateCommon(r: {
  width: unknown; height: unknown; seed: unknown; exclude?: unknown; openCells?: unknown; model: unknown; timeLimitMs?: unknown;
}): string | null {
  if (!isSideInRange(r.width as number) || !isSideInRange(r.height as number)) return 'width and height must each be between 3 and 16';
  if (!isWhole(r.seed, 0, 0xffffffff)) return 'the seed must be a whole number from 0 to 4294967295';
  if (r.exclude !== undefined && (!Array.isArray(r.exclude) || r.exclude.some((k) => typeof k !== 'string'))) return 'exclude must be a list of level keys';
  if (r.openCells !== undefined) {
    const o = r.openCells as { min?: unknown; max?: unknown };
    if (typeof o !== 'object' || o === null) return 'openCells must be { min, max }';
    if (o.min !== undefined && !isWhole(o.min, 1, 256)) return 'the least open cells must be a whole number from 1 to 256';
    if (o.max !== undefined && !isWhole(o.max, 1, 256)) return 'the most open cells must be a whole number from 1 to 256';
    if (o.min !== undefined && o.max !== undefined && (o.min as number) > (o.max as number)) return 'the least open cells is above the most';
  }
  if (r.timeLimitMs !== undefined && !(typeof r.timeLimitMs === 'number' && r.timeLimitMs > 0 && r.timeLimitMs <= 600_000)) return 'the time limit must be between 0 and 600,000 ms';
  const m = validateDifficultyModel(r.model);
  if (!m.ok) return `the difficulty model is not valid: ${m.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`;
  return null;
}

function validateAtDifficulty(r: AtDifficultyJob): string | null {
  if (typeof r !== 'object' || r === null) return 'no request';
  if (!(typeof r.target === 'number' && Number.isFinite(r.target) && r.target >= 0)) return 'the target difficulty must be a number >= 0';
  if (!isWhole(r.count, 1, MAX_AT_DIFFICULTY_COUNT)) return `the count must be 1 to ${MAX_AT_DIFFICULTY_COUNT}`;
  if (r.tolerance !== undefined) {
    const t = r.tolerance;
    if (typeof t !== 'object' || t === null || !(t.relative >= 0 && t.relative <= 10) || !(t.absolute >= 0 && Number.isFinite(t.absolute))) return 'the tolerance must have relative 0..10 and absolute >= 0';
    if (toleranceWidth(r.target, t) <= 0) return 'the tolerance is zero: no level can be exactly on a number';
  }
  return validateCommon(r);
}

/** Levels within tolerance of the target (SPEC §7). Never throws on a bad request. */
export async function generateAt(job: AtDifficultyJob): Promise<AtDifficultyAnswer> {
  return generateAtSync(job);
}

export function generateAtSync(job: AtDifficultyJob): AtDifficultyAnswer {
  const invalid = validateAtDifficulty(job);
  if (invalid !== null) return invalidAnswer(invalid);
  const started = performance.now();
  const tolerance = job.tolerance ?? DEFAULT_TOLERANCE;
  const half = toleranceWidth(job.target, tolerance);
  const model = job.model;
  const r = generateAtDifficulty(
    {
      width: job.width,
      height: job.height,
      target: job.target,
      tolerance,
      count: job.count,
      seed: job.seed,
      exclude: new Set(job.exclude ?? []),
      uniqueSolution: job.uniqueSolution === true,
      ...(job.openCells !== undefined ? { openCells: job.openCells } : {}),
      difficulty: (f) => predictDifficulty(model, f),
      timeLimitMs: job.timeLimitMs ?? 5000 + 1500 * Math.max(0, job.count - 3),
    },
    modelId(model),
  );
  return {
    ok: true,
    levels: r.levels.map((l) => found(l, job.target)),
    message: r.shortfall,
    outOfReach: r.levels.length === 0 && job.target - half > r.reachable.max,
    reachable: r.reachable,
    window: { from: Math.max(0, job.target - half), to: job.target + half },
    evaluations: r.evaluations,
    milliseconds: performance.now() - started,
  };
}

export interface CurveJob extends SearchJob {
  /** Difficulty of the first and the last level; targets are evenly spaced between. */
  readonly from: number;
  readonly to: number;
  /** Per level (default 4 s). */
  readonly timeLimitMs?: number;
}

export interface CurveStep {
  /** 0-based position on the curve. */
  readonly index: number;
  readonly count: number;
  readonly target: number;
  /** The default tolerance window around the target. */
  readonly window: { readonly from: number; readonly to: number };
  readonly level: FoundLevel | null;
  /** Why no level was found for this target. */
  readonly message: string | null;
}

export interface CurveAnswer {
  readonly ok: boolean;
  readonly steps: CurveStep[];
  readonly message: string | null;
  readonly reachable: { readonly min: number; readonly max: number } | null;
  readonly milliseconds: number;
}

/** The targets of a curve: `count` evenly spaced values from `from` to `to` (one value: `from`). */
export function curveTargets(from: number, to: number, count: number): number[] {
  if (count <= 1) return [from];
  return Array.from({ length: count }, (_, i) => Math.round((from + ((to - from) * i) / (count - 1)) * 100) / 100);
}

/** Gap kept between consecutive curve levels (pack difficulties are rounded to 0.01). */
const CURVE_STEP_MIN = 0.02;

/**
 * One level per target, in order, each within the default tolerance of its
 * target and (for a rising curve) strictly harder than the level before: the
 * search window of target i is its tolerance window cut below at the
 * previous level's difficulty. Windows rise with their targets, so that cut
 * never empties a window. `onStep` reports each target as it is done (the
 * page adds levels to the pack as they come).
 */
export async function fillCurve(job: CurveJob, onStep?: (step: CurveStep) => void): Promise<CurveAnswer> {
  const started = performance.now();
  const invalid = validateCurve(job);
  if (invalid !== null) return { ok: false, steps: [], message: invalid, reachable: null, milliseconds: 0 };
  const targets = curveTargets(job.from, job.to, job.count);
  const rising = job.to >= job.from;
  const exclude = [...(job.exclude ?? [])];
  const steps: CurveStep[] = [];
  let previous: number | null = null;
  let reachable: { min: number; max: number } | null = null;
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!;
    const half = toleranceWidth(target);
    let lo = Math.max(0, target - half), hi = target + half;
    if (previous !== null) {
      if (rising) lo = Math.max(lo, previous + CURVE_STEP_MIN);
      else hi = Math.min(hi, previous - CURVE_STEP_MIN);
    }
    const window = { from: Math.max(0, target - half), to: target + half };
    let step: CurveStep;
    if (lo > hi) {
      step = { index: i, count: targets.length, target, window, level: null, message: `no room left between the previous level (${previous!.toFixed(1)}) and the window of ${target}` };
    } else {
      const centre = (lo + hi) / 2;
      const answer = generateAtSync({
        width: job.width,
        height: job.height,
        target: centre,
        tolerance: { relative: 0, absolute: Math.max(1e-6, (hi - lo) / 2) },
        count: 1,
        seed: (job.seed + i * 0x9e3779b1) >>> 0,
        exclude,
        ...(job.uniqueSolution !== undefined ? { uniqueSolution: job.uniqueSolution } : {}),
        ...(job.openCells !== undefined ? { openCells: job.openCells } : {}),
        model: job.model,
        timeLimitMs: job.timeLimitMs ?? 4000,
      });
      reachable = answer.reachable ?? reachable;
      const level = answer.levels[0] ?? null;
      const message =
        level !== null
          ? null
          : answer.outOfReach && reachable !== null
            ? `a difficulty of ${target} is out of reach for ${job.width}x${job.height} levels: the reachable range is about ${reachable.min.toFixed(0)} to ${reachable.max.toFixed(0)}`
            : `no level found within ${lo.toFixed(1)}–${hi.toFixed(1)} in time`;
      step = { index: i, count: targets.length, target, window, level: level === null ? null : { ...level, target }, message };
      if (level !== null) {
        previous = level.difficulty;
        exclude.push(level.key);
      }
    }
    steps.push(step);
    onStep?.(step);
  }
  const missing = steps.filter((s) => s.level === null).length;
  return {
    ok: true,
    steps,
    message: missing === 0 ? null : `${missing} of ${steps.length} targets had no level`,
    reachable,
    milliseconds: performance.now() - started,
  };
}

function validateCurve(r: CurveJob): string | null {
  if (typeof r !== 'object' || r === null) return 'no request';
  for (const [name, v] of [['from', r.from], ['to', r.to]] as const) {
    if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 10_000)) return `the curve's ${name} must be a difficulty from 0 to 10,000`;
  }
  if (!isWhole(r.count, 1, MAX_CURVE_COUNT)) return `the number of levels on a curve must be 1 to ${MAX_CURVE_COUNT}`;
  return validateCommon(r);
}

/** SPEC §8 for one generator; SD-PCGRL once per temperature. Progress about 4 times a second. */
export async function runEvaluation(job: EvaluationJob, onProgress?: (p: EvaluationProgress) => void): Promise<EvaluationResult> {
  const invalid = validateEvaluationJob(job) ?? validateCommon({ ...job, exclude: undefined });
  if (invalid !== null) return { ok: false, message: invalid, runs: [], seconds: 0, policy: null };
  return evaluateGenerator(job, onProgress);
}
