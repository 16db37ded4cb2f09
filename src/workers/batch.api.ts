/**
 * Generate-at-difficulty and batch evaluation as plain async functions
 * (STYLE habit 7): the batch worker only exposes them, the page's fallback
 * and Node tests call them directly. Every request crossed a worker boundary,
 * so each is parsed by its schema (batch.protocol.ts) first and answers with
 * an {@link Outcome} instead of throwing.
 *
 * - {@link generateAt}: SPEC §7, levels within a window around a target (a
 *   number, or a band's middle with a window covering the band).
 * - {@link fillCurve}: one level per target along a straight difficulty
 *   curve, each strictly harder than the previous one (see there).
 * - {@link runEvaluation}: SPEC §8 for RPU, RSD or SD-PCGRL (per
 *   temperature), with throttled progress that carries a partial report.
 */
import { estimateKey, toleranceWidth } from '../core/generators/atDifficulty';
import { modelId, RangeCache, runAtDifficultyJob, type AtDifficultyResult, type FoundLevel } from '../core/jobs/atDifficulty';
import { rulesetByName } from '../core/rules/registry';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { openRangeEstimateStore, rangeKeeper } from './rangeEstimateStore';
import { evaluateGenerator, type EvaluationProgress, type EvaluationResult } from './batch.evaluation';
import { AtDifficultyJobSchema, CurveJobSchema, EvaluationJobSchema, HitRateJobSchema, type AtDifficultyJob, type CurveJob, type EvaluationJob, type HitRateJob } from './batch.protocol';
import { runHitRateGrid, type HitRateCell } from '../core/jobs/hitRate';
import { invalid, ok, parseRequest, type Outcome } from './outcome';
import { requestPins, type CellPins } from '../core/generators/pins';
import { roundForMessage } from '../core/difficulty/scale';

export type { EvaluationProgress, EvaluationResult, EvaluationRun, SpanSample, PolicyInfo } from './batch.evaluation';
export type { AtDifficultyJob, BatchGenerator, CurveJob, EvaluationJob, HitRateJob } from './batch.protocol';
export type { HitRateCell } from '../core/jobs/hitRate';
export type { AtDifficultyResult, FoundLevel } from '../core/jobs/atDifficulty';
export { modelId } from '../core/jobs/atDifficulty';

/** Reachable-range estimates kept across reloads (IndexedDB; nothing in Node). */
const keeper = rangeKeeper(openRangeEstimateStore);
/** This worker's reachable-range estimates, per difficulty model; each one computed is stored by `keeper`. */
const ranges = new RangeCache(4, keeper.computed);

/** Puts the stored range estimate for a request's model, ruleset, size and pins (if any) into this worker's cache. */
async function prepareRanges(job: Pick<AtDifficultyJob, 'rules' | 'width' | 'height' | 'model'>, pins: CellPins | undefined): Promise<void> {
  const rules = rulesetByName(job.rules ?? DEFAULT_RULESET_NAME);
  await keeper.prepare(ranges.for(job.model), modelId(job.model), estimateKey(job.width, job.height, rules, pins), job.width * job.height);
}

/** Levels within tolerance of the target (SPEC §7), the range estimate read from storage first. Never throws on a bad request. */
export async function generateAt(request: AtDifficultyJob): Promise<Outcome<AtDifficultyResult>> {
  const parsed = parseRequest(AtDifficultyJobSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const pins = requestPins(parsed.value.pins, parsed.value.width, parsed.value.height);
  if (!pins.ok) return invalid(`the pins: ${pins.error}`);
  await prepareRanges(parsed.value, pins.value);
  return ok(search(parsed.value, pins.value));
}

export function generateAtSync(request: AtDifficultyJob): Outcome<AtDifficultyResult> {
  const parsed = parseRequest(AtDifficultyJobSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const pins = requestPins(parsed.value.pins, parsed.value.width, parsed.value.height);
  if (!pins.ok) return invalid(`the pins: ${pins.error}`);
  return ok(search(parsed.value, pins.value));
}

/** The job behind a parsed request; the studio's default time limit (an outer cancel) is 5 s plus 1.5 s per level past the third. */
function search(job: Omit<AtDifficultyJob, 'pins'>, pins?: CellPins): AtDifficultyResult {
  return runAtDifficultyJob({ ...job, timeLimitMs: job.timeLimitMs ?? 5000 + 1500 * Math.max(0, job.count - 3), pins }, ranges);
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
  /** True when the time limit stopped this target's search (the job's `cancelled`), not its evaluation budget or reach. */
  readonly cancelled: boolean;
}

export interface CurveResult {
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
export async function fillCurve(request: CurveJob, onStep?: (step: CurveStep) => void): Promise<Outcome<CurveResult>> {
  const started = performance.now();
  const parsed = parseRequest(CurveJobSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const job = parsed.value;
  const pins = requestPins(job.pins, job.width, job.height);
  if (!pins.ok) return invalid(`the pins: ${pins.error}`);
  await prepareRanges(job, pins.value);
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
      step = { index: i, count: targets.length, target, window, level: null, message: `no room left between the previous level (${roundForMessage(previous!)}) and the window of ${roundForMessage(target)}`, cancelled: false };
    } else {
      const centre = (lo + hi) / 2;
      const answer = search({
        ...(job.rules !== undefined ? { rules: job.rules } : {}),
        width: job.width,
        height: job.height,
        target: centre,
        tolerance: { relative: 0, absolute: Math.max(1e-6, (hi - lo) / 2) },
        count: 1,
        seed: (job.seed + i * 0x9e3779b1) >>> 0,
        exclude,
        ...(job.uniqueSolution !== undefined ? { uniqueSolution: job.uniqueSolution } : {}),
        ...(job.openCells !== undefined ? { openCells: job.openCells } : {}),
        ...(job.also !== undefined ? { also: job.also } : {}),
        model: job.model,
        timeLimitMs: job.timeLimitMs ?? 4000,
      }, pins.value);
      reachable = answer.reachable ?? reachable;
      const level = answer.levels[0] ?? null;
      const message =
        level !== null
          ? null
          : answer.outOfReach && reachable !== null
            ? `a difficulty of ${roundForMessage(target)} is out of reach for ${job.width}x${job.height} levels: the reachable range is about ${roundForMessage(reachable.min)} to ${roundForMessage(reachable.max)}`
            : `no level found within ${roundForMessage(lo)}–${roundForMessage(hi)} ${answer.cancelled ? 'before the time limit ran out' : 'within the search budget'}`;
      step = { index: i, count: targets.length, target, window, level: level === null ? null : { ...level, target }, message, cancelled: answer.cancelled };
      if (level !== null) {
        previous = level.difficulty;
        exclude.push(level.key);
      }
    }
    steps.push(step);
    onStep?.(step);
  }
  const missing = steps.filter((s) => s.level === null).length;
  return ok({
    steps,
    message: missing === 0 ? null : `${missing} of ${steps.length} targets had no level`,
    reachable,
    milliseconds: performance.now() - started,
  });
}

/** SPEC §8 for one generator; SD-PCGRL once per temperature. Progress about 4 times a second. */
export async function runEvaluation(request: EvaluationJob, onProgress?: (p: EvaluationProgress) => void): Promise<Outcome<EvaluationResult>> {
  const parsed = parseRequest(EvaluationJobSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  return evaluateGenerator(parsed.value, onProgress);
}

/**
 * The hit-rate map of generate at difficulty (`core/jobs/hitRate.ts`, as
 * `evaluate --targets` runs it): the same cells as the CLI for the same
 * settings, but for the rates, read here off this thread's clock (a worker
 * runs one request at a time, so its time is about the CPU time it used).
 * `onCell` sees each cell as it is done; Cancel terminates the worker.
 */
export async function runHitRateMap(request: HitRateJob, onCell?: (cell: HitRateCell) => void): Promise<Outcome<{ cells: HitRateCell[]; seconds: number }>> {
  const parsed = parseRequest(HitRateJobSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const j = parsed.value;
  const started = performance.now();
  const cells = runHitRateGrid({ ...j, rules: j.rules ?? DEFAULT_RULESET_NAME }, () => performance.now() / 1000, onCell);
  return ok({ cells, seconds: (performance.now() - started) / 1000 });
}
