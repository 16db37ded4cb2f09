/**
 * The generate-at-difficulty job (SPEC §7) behind the CLI's
 * `generate --target` and the batch worker's `generateAt` and `fillCurve`:
 * the search of `generators/atDifficulty.ts` priced by a difficulty model,
 * with the levels in the form both callers store.
 *
 * Budgets are evaluations (levels evaluated per level found, and a fixed
 * estimate of the reachable range), so the same seed gives the same levels
 * on any machine; "out of reach" comes only from that estimate. Wall time is
 * only an outer cancel (`timeLimitMs`), and the time a search took is
 * reported beside the levels, never in them (a level's provenance names its
 * evaluations, not its milliseconds).
 */
import type { DifficultyModel } from '../difficulty/model';
import { solvableDifficulty } from '../difficulty/predict';
import { DEFAULT_TOLERANCE, generateAtDifficulty, ReachableRanges, toleranceWidth, type AtDifficultyLevel, type ReachableEstimate, type Tolerance } from '../generators/atDifficulty';
import type { LevelFeatures } from '../graph/features';
import type { CellPins } from '../generators/pins';
import type { SecondTarget } from '../range/secondTarget';
import { openCellCount, toRows } from '../level/level';
import { rulesetByName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

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
  /** Wall time the search for this level took (for display; never written into a level). */
  readonly milliseconds: number;
  /** The target it was searched for. */
  readonly target: number;
  /** With a second target: this level's value of its measure. */
  readonly second?: number;
}

export interface AtDifficultyResult {
  readonly levels: FoundLevel[];
  /** Why fewer levels than asked came back (out of reach, budget, time). */
  readonly message: string | null;
  /** True when the window lies above the reachable range for the size (from the evaluation-budgeted estimate). */
  readonly outOfReach: boolean;
  /** True when `timeLimitMs` cancelled the search (the levels are a prefix of what an unlimited run finds). */
  readonly cancelled: boolean;
  /** The one range estimate for the size and pins; null when the request needed none (a low window found by search first). */
  readonly reachable: { readonly min: number; readonly max: number } | null;
  /** The accepted difficulty window. */
  readonly window: { readonly from: number; readonly to: number };
  readonly evaluations: number;
  readonly milliseconds: number;
}

export interface AtDifficultyJobSettings {
  /** The ruleset the levels are made and priced under (default Longcat). */
  readonly rules?: RulesetName | undefined;
  readonly width: number;
  readonly height: number;
  readonly target: number;
  readonly tolerance?: Tolerance | undefined;
  readonly count: number;
  readonly seed: number;
  readonly exclude?: readonly string[] | undefined;
  readonly uniqueSolution?: boolean | undefined;
  readonly openCells?: { readonly min?: number | undefined; readonly max?: number | undefined } | undefined;
  readonly model: DifficultyModel;
  /** Evaluations per level (default 20,000, the search's own default). */
  readonly evaluations?: number | undefined;
  /** Wall-clock cancel in ms for the whole request (Infinity: none). */
  readonly timeLimitMs: number;
  /** Cells every level keeps (`generators/pins.ts`), the request's size. */
  readonly pins?: CellPins | undefined;
  /** A second measure held within its own window (`range/secondTarget.ts`). */
  readonly also?: SecondTarget | undefined;
}

/** The content key of a difficulty model: two requests with equal models share range estimates. */
export function modelId(model: DifficultyModel): string {
  return `${model.name}@${model.provenance.createdAt}:${model.features.join(',')}:${model.means.join(',')}:${model.scales.join(',')}:${model.coefficients.join(',')}:${model.intercept}:${model.label.transform}:${model.label.scale}:${model.label.offset}:${model.label.power ?? ''}`;
}

/**
 * Reachable-range estimates per difficulty model, owned by the caller (one
 * per worker, one per CLI run). Models arrive as fresh copies, so they are
 * told apart by content; the few most recent are kept. `onComputed` hears of
 * each estimate computed, with its model's {@link modelId} (the studio
 * keeps them in IndexedDB, `workers/rangeEstimateStore.ts`).
 */
export class RangeCache {
  private readonly byModel = new Map<string, ReachableRanges>();

  constructor(
    private readonly kept = 4,
    private readonly onComputed?: (model: string, key: string, estimate: ReachableEstimate) => void,
  ) {}

  for(model: DifficultyModel): ReachableRanges {
    const id = modelId(model);
    let ranges = this.byModel.get(id);
    if (ranges === undefined) {
      const hear = this.onComputed;
      ranges = new ReachableRanges((f: LevelFeatures) => solvableDifficulty(model, f), hear === undefined ? undefined : (key, estimate) => hear(id, key, estimate));
      if (this.byModel.size >= this.kept) this.byModel.delete(this.byModel.keys().next().value!);
    } else this.byModel.delete(id);
    this.byModel.set(id, ranges);
    return ranges;
  }
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
    ...(Number.isFinite(l.second) ? { second: l.second } : {}),
  };
}

/** Runs the job; `now` is the cancel's clock (milliseconds). */
export function runAtDifficultyJob(job: AtDifficultyJobSettings, cache: RangeCache, now: () => number = () => performance.now()): AtDifficultyResult {
  const started = now();
  const tolerance = job.tolerance ?? DEFAULT_TOLERANCE;
  const half = toleranceWidth(job.target, tolerance);
  const ranges = cache.for(job.model);
  const r = generateAtDifficulty(
    {
      rules: rulesetByName(job.rules ?? DEFAULT_RULESET_NAME),
      width: job.width,
      height: job.height,
      target: job.target,
      tolerance,
      count: job.count,
      seed: job.seed,
      exclude: new Set(job.exclude ?? []),
      uniqueSolution: job.uniqueSolution === true,
      ...(job.openCells !== undefined ? { openCells: job.openCells } : {}),
      difficulty: ranges.difficulty,
      ...(job.evaluations !== undefined ? { budget: job.evaluations } : {}),
      timeLimitMs: job.timeLimitMs,
      now,
      ...(job.pins !== undefined ? { pins: job.pins } : {}),
      ...(job.also !== undefined ? { also: job.also } : {}),
    },
    ranges,
  );
  return {
    levels: r.levels.map((l) => found(l, job.target)),
    message: r.shortfall,
    outOfReach: r.levels.length === 0 && !r.cancelled && r.pinsNeverKept !== true && r.reachableUnknown !== true && job.target - half > r.reachable.max,
    cancelled: r.cancelled,
    reachable: r.reachableUnknown === true ? null : r.reachable,
    window: { from: job.target - half, to: job.target + half },
    evaluations: r.evaluations,
    milliseconds: now() - started,
  };
}
