/**
 * `evaluate --targets`: the hit-rate map of generate at difficulty. For a
 * grid of targets (difficulties, times the values of an optional second
 * measure), `requests` one-level requests per cell, each with its own seed:
 * the share that returned a level within tolerance, levels per CPU-second
 * and the share of distinct levels among those found. The search is
 * budgeted in evaluations, so the hits are the same on any machine; only the
 * rates move with it.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { RangeCache, runAtDifficultyJob } from '../core/jobs/atDifficulty';
import { defaultSecondTolerance, secondTargetProblem } from '../core/range/secondTarget';
import type { MeasureName } from '../core/range/measures';
import { streamSeed } from '../core/util/rng';
import type { RulesetName } from '../core/rules/ruleset';
import { CliError, parseNumber } from './args';
import { startClock } from './cpuClock';

/** `10:80:10` (from:to:step, inclusive) or `10,40,80`: at most 200 values. */
export function parseTargetList(text: string, flag: string, max = 1_000_000): number[] {
  const t = text.trim();
  const range = /^([^:]+):([^:]+):([^:]+)$/.exec(t);
  let values: number[];
  if (range !== null) {
    const from = parseNumber(range[1]!, flag, 0, max), to = parseNumber(range[2]!, flag, 0, max), step = parseNumber(range[3]!, flag, 0, max);
    if (step <= 0 || to < from) throw new CliError(`${flag} must be from:to:step with from <= to and a step above 0, got "${text}"`);
    values = [];
    for (let k = 0; from + k * step <= to + 1e-9 && values.length <= 200; k++) values.push(Math.round((from + k * step) * 1e6) / 1e6);
  } else values = t.split(',').map((v) => parseNumber(v, flag, 0, max));
  if (values.length === 0 || values.length > 200) throw new CliError(`${flag} must list 1 to 200 values, got "${text}"`);
  return values;
}

export interface HitRateCell {
  readonly target: number;
  /** The second measure's value asked for, or null. */
  readonly second: number | null;
  readonly requests: number;
  /** Requests that returned a level within tolerance (both windows with a second target). */
  readonly hits: number;
  readonly hitRate: number;
  /** Distinct levels over levels found (1 when every hit is a new level). */
  readonly uniqueShare: number;
  readonly evaluations: number;
  readonly cpuSeconds: number;
  readonly levelsPerCpuSecond: number;
}

export interface HitRateSettings {
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

/** Runs the grid; `onCell` sees each cell as it is done. */
export function runHitRate(s: HitRateSettings, onCell: (cell: HitRateCell) => void): HitRateCell[] {
  const cache = new RangeCache();
  const cells: HitRateCell[] = [];
  const seconds: (number | null)[] = s.also === undefined ? [null] : [...s.also.values];
  for (const second of seconds) {
    const also = second === null || s.also === undefined ? undefined : { measure: s.also.measure, target: second, tolerance: defaultSecondTolerance(s.also.measure, second) };
    if (also !== undefined) {
      const problem = secondTargetProblem(also);
      if (problem !== null) throw new CliError(`--also: ${problem}`);
    }
    for (const target of s.targets) {
      const clock = startClock();
      const keys = new Set<string>();
      let hits = 0, evaluations = 0;
      for (let i = 0; i < s.requests; i++) {
        const r = runAtDifficultyJob(
          { rules: s.rules, width: s.width, height: s.height, target, count: 1, seed: streamSeed(s.seed, i), model: s.model, evaluations: s.evaluations, timeLimitMs: Infinity, ...(also !== undefined ? { also } : {}) },
          cache,
        );
        evaluations += r.evaluations;
        for (const l of r.levels) {
          hits++;
          keys.add(l.key);
        }
      }
      const cpu = clock.cpuSeconds();
      const cell = { target, second, requests: s.requests, hits, hitRate: hits / s.requests, uniqueShare: hits === 0 ? 0 : keys.size / hits, evaluations, cpuSeconds: cpu, levelsPerCpuSecond: cpu > 0 ? hits / cpu : 0 };
      cells.push(cell);
      onCell(cell);
    }
  }
  return cells;
}

/** The map as text: hit rate per cell, second-measure values down, difficulty targets across. */
export function formatHitRate(s: HitRateSettings, cells: readonly HitRateCell[]): string {
  const head = `hit rate of generate at difficulty, ${s.width}x${s.height} ${s.rules}, ${s.requests} requests per cell, ${s.evaluations} evaluations each`;
  const cols = s.targets.map((t) => String(t).padStart(6)).join('');
  const rowName = (v: number | null): string => (v === null ? 'any' : `${s.also!.measure}=${v}`);
  const width = Math.max(...cells.map((c) => rowName(c.second).length), 10);
  const lines = [head, `${'target'.padEnd(width)}${cols}`];
  const seconds = s.also === undefined ? [null] : [...s.also.values];
  for (const v of seconds) {
    const row = cells.filter((c) => c.second === v);
    lines.push(`${rowName(v).padEnd(width)}${row.map((c) => `${Math.round(100 * c.hitRate)}%`.padStart(6)).join('')}`);
  }
  const hits = cells.reduce((a, c) => a + c.hits, 0), cpu = cells.reduce((a, c) => a + c.cpuSeconds, 0);
  lines.push(`${hits} levels in ${cpu.toFixed(2)} CPU-s (${cpu > 0 ? (hits / cpu).toFixed(1) : '0'} per CPU-second)`);
  return lines.join('\n') + '\n';
}
