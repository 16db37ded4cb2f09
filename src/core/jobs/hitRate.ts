/**
 * The hit-rate map of generate at difficulty, behind the CLI's
 * `evaluate --targets` and the Batch view's map (the batch worker): for a
 * grid of targets (difficulties, times the values of an optional second
 * measure), `requests` one-level requests per cell, each with its own seed
 * (`streamSeed(seed, i)`): the share that returned a level within tolerance,
 * levels per second of the caller's clock (CPU time in the CLI, the
 * worker's own time in the studio) and the share of distinct levels among
 * those found.
 *
 * The search is budgeted in evaluations and the grid shares one fresh
 * reachable-range cache, so hits, evaluations and unique shares are the
 * same for the same settings wherever they run; only the rates move with
 * the machine.
 */
import type { DifficultyModel } from '../difficulty/model';
import { defaultSecondTolerance, secondTargetProblem } from '../range/secondTarget';
import type { MeasureName } from '../range/measures';
import type { RulesetName } from '../rules/ruleset';
import { err, ok, type Result } from '../util/result';
import { streamSeed } from '../util/rng';
import { RangeCache, runAtDifficultyJob } from './atDifficulty';

export interface HitRateCell {
  readonly target: number;
  /** The second measure's value asked for, or null. */
  readonly second: number | null;
  readonly requests: number;
  /** Requests that returned a level within tolerance (both windows with a second target). */
  readonly hits: number;
  readonly hitRate: number;
  /** Distinct levels over levels found (0 when none was found). */
  readonly uniqueShare: number;
  readonly evaluations: number;
  /** Seconds of the caller's clock the cell took. */
  readonly cpuSeconds: number;
  readonly levelsPerCpuSecond: number;
}

export interface HitRateGrid {
  readonly rules: RulesetName;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly model: DifficultyModel;
  readonly targets: readonly number[];
  /** The second measure and its values (a row of cells per value). */
  readonly also?: { readonly measure: MeasureName; readonly values: readonly number[] } | undefined;
  readonly requests: number;
  readonly evaluations: number;
}

/** Most values on one axis of the grid. */
export const MAX_GRID_VALUES = 200;

/**
 * `10:80:10` (from:to:step, inclusive) or `10,40,80` into values from 0 to
 * `max`, or what is wrong as the end of a sentence ("must be ...").
 */
export function parseValueList(text: string, max: number): Result<number[], string> {
  const t = text.trim();
  const num = (v: string): number => (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v) ? Number(v) : NaN);
  const bad = (v: string): string | null => {
    const n = num(v);
    return Number.isFinite(n) && n >= 0 && n <= max ? null : `must be a number from 0 to ${max}, got "${v.trim()}"`;
  };
  const range = /^([^:]+):([^:]+):([^:]+)$/.exec(t);
  let values: number[];
  if (range !== null) {
    const problem = bad(range[1]!) ?? bad(range[2]!) ?? bad(range[3]!);
    if (problem !== null) return err(problem);
    const from = num(range[1]!), to = num(range[2]!), step = num(range[3]!);
    if (step <= 0 || to < from) return err(`must be from:to:step with from <= to and a step above 0, got "${text}"`);
    values = [];
    for (let k = 0; from + k * step <= to + 1e-9 && values.length <= MAX_GRID_VALUES; k++) values.push(Math.round((from + k * step) * 1e6) / 1e6);
  } else {
    const parts = t.split(',');
    const problem = parts.map(bad).find((p) => p !== null);
    if (problem !== undefined && problem !== null) return err(problem);
    values = parts.map(num);
  }
  if (values.length === 0 || values.length > MAX_GRID_VALUES) return err(`must list 1 to ${MAX_GRID_VALUES} values, got "${text}"`);
  return ok(values);
}

/** Why the grid cannot be run, as a sentence, or null (a second value outside its measure's range). */
export function hitRateGridProblem(g: HitRateGrid): string | null {
  if (g.also === undefined) return null;
  for (const v of g.also.values) {
    const problem = secondTargetProblem({ measure: g.also.measure, target: v, tolerance: defaultSecondTolerance(g.also.measure, v) });
    if (problem !== null) return problem;
  }
  return null;
}

/** The cells in order (second-measure values outside, difficulty targets inside). */
export function hitRateCellOrder(g: Pick<HitRateGrid, 'targets' | 'also'>): { target: number; second: number | null }[] {
  const seconds: (number | null)[] = g.also === undefined ? [null] : [...g.also.values];
  return seconds.flatMap((second) => g.targets.map((target) => ({ target, second })));
}

/**
 * Runs the grid (check {@link hitRateGridProblem} first); `onCell` sees
 * each cell as it is done. `seconds` is the clock the rates are read from.
 */
export function runHitRateGrid(g: HitRateGrid, seconds: () => number, onCell?: (cell: HitRateCell) => void): HitRateCell[] {
  const cache = new RangeCache();
  const cells: HitRateCell[] = [];
  for (const { target, second } of hitRateCellOrder(g)) {
    const also = second === null || g.also === undefined ? undefined : { measure: g.also.measure, target: second, tolerance: defaultSecondTolerance(g.also.measure, second) };
    const started = seconds();
    const keys = new Set<string>();
    let hits = 0, evaluations = 0;
    for (let i = 0; i < g.requests; i++) {
      const r = runAtDifficultyJob(
        { rules: g.rules, width: g.width, height: g.height, target, count: 1, seed: streamSeed(g.seed, i), model: g.model, evaluations: g.evaluations, timeLimitMs: Infinity, ...(also !== undefined ? { also } : {}) },
        cache,
      );
      evaluations += r.evaluations;
      for (const l of r.levels) {
        hits++;
        keys.add(l.key);
      }
    }
    const took = seconds() - started;
    const cell = { target, second, requests: g.requests, hits, hitRate: hits / g.requests, uniqueShare: hits === 0 ? 0 : keys.size / hits, evaluations, cpuSeconds: took, levelsPerCpuSecond: took > 0 ? hits / took : 0 };
    cells.push(cell);
    onCell?.(cell);
  }
  return cells;
}
