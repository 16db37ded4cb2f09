/**
 * Predictor lab data -> what its tables and d3 plots draw: the design matrix
 * of a feature subset, Pearson's r, per-feature scatter series (thesis Figs.
 * 3.6-3.7), predicted against actual, and the playtest log averaged per
 * level. Pure functions of plain data, no React or d3.
 */
import type { DifficultyModel } from '../../core/difficulty/model';
import { solvableDifficulty } from '../../core/difficulty/predict';
import { featureNumber, type FeatureName } from '../../core/graph/features';
import type { LabSample } from '../../workers/lab.api';
import type { PlaytestRecord } from '../store/playtestSlice';

/** The thesis's iteration-7 features (the shipped default model's subset): the lab's starting choice. */
export const ITERATION_7_FEATURES: readonly FeatureName[] = ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches'];

/** Features of the random-player model: infinite on unsolvable levels (those are skipped before fitting). */
export const PLAYER_MODEL_FEATURES: readonly FeatureName[] = ['expectedDecisions', 'expectedMoves'];

export interface DesignMatrix {
  /** Row i: the chosen features of sample `used[i]`, in the order given. */
  readonly x: number[][];
  /** Seconds of sample `used[i]`. */
  readonly y: number[];
  /** Indices into the samples of the rows kept. */
  readonly used: number[];
  /** Samples left out because a chosen feature or the label is not finite. */
  readonly dropped: number;
}

/** The rows a fit sees: each sample's chosen features and its seconds, non-finite rows left out. O(n k). */
export function designMatrix(samples: readonly LabSample[], features: readonly FeatureName[]): DesignMatrix {
  const x: number[][] = [], y: number[] = [], used: number[] = [];
  samples.forEach((s, i) => {
    const row = features.map((f) => featureNumber(s.features, f));
    if (!Number.isFinite(s.seconds) || !row.every(Number.isFinite)) return;
    x.push(row);
    y.push(s.seconds);
    used.push(i);
  });
  return { x, y, used, dropped: samples.length - used.length };
}

/**
 * Pearson's correlation coefficient of paired values; null when there are
 * fewer than two pairs or either side is constant (r is undefined). O(n).
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0, my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx, dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx <= 0 || syy <= 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

export interface ScatterPoint {
  readonly x: number;
  readonly y: number;
  /** Index into the lab's samples. */
  readonly index: number;
  readonly label: string;
}

/** Most points a scatter draws (SVG stays responsive); r and the domains use every point. */
export const MAX_SCATTER_POINTS = 2_000;

/** At most `max` of the points, evenly spread over the list (every k-th), first and order kept. */
export function thin<T>(points: readonly T[], max: number = MAX_SCATTER_POINTS): T[] {
  if (points.length <= max) return [...points];
  const step = points.length / max;
  return Array.from({ length: max }, (_, i) => points[Math.floor(i * step)]!);
}

export interface ScatterSeries {
  /** The points to draw (thinned to {@link MAX_SCATTER_POINTS}). */
  readonly points: ScatterPoint[];
  /** Points before thinning. */
  readonly total: number;
  /** Pearson's r of the points (null when undefined). */
  readonly r: number | null;
  readonly xDomain: [number, number];
  readonly yDomain: [number, number];
}

/** [min, max] of finite values, widened to a non-empty span (d3 scales need one). */
export function extent(values: readonly number[]): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return [0, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  return [lo, hi];
}

const sampleLabel = (s: LabSample): string => s.name;

/** One feature against the label (seconds), every sample with a finite value. */
export function featureScatter(samples: readonly LabSample[], feature: FeatureName): ScatterSeries {
  const points: ScatterPoint[] = [];
  samples.forEach((s, index) => {
    const x = featureNumber(s.features, feature);
    if (Number.isFinite(x) && Number.isFinite(s.seconds)) points.push({ x, y: s.seconds, index, label: sampleLabel(s) });
  });
  return {
    points: thin(points),
    total: points.length,
    r: pearson(points.map((p) => p.x), points.map((p) => p.y)),
    xDomain: extent(points.map((p) => p.x)),
    yDomain: extent([0, ...points.map((p) => p.y)]),
  };
}

/**
 * Predicted (x) against actual seconds (y) for a model, on one shared
 * domain from 0 so the y = x line is the diagonal. `predictions[i]` belongs
 * to `samples[used[i]]`.
 */
export function predictedVsActual(samples: readonly LabSample[], used: readonly number[], predictions: readonly number[]): ScatterSeries {
  const points: ScatterPoint[] = [];
  used.forEach((index, i) => {
    const s = samples[index], p = predictions[i];
    if (s !== undefined && p !== undefined && Number.isFinite(p) && Number.isFinite(s.seconds)) points.push({ x: p, y: s.seconds, index, label: sampleLabel(s) });
  });
  const [, hi] = extent([0, ...points.map((p) => p.x), ...points.map((p) => p.y)]);
  return { points: thin(points), total: points.length, r: pearson(points.map((p) => p.x), points.map((p) => p.y)), xDomain: [0, hi], yDomain: [0, hi] };
}

/** A model's difficulty for each used sample (the numbers the gauge would show). */
export function modelPredictions(model: DifficultyModel, samples: readonly LabSample[], used: readonly number[]): number[] {
  return used.map((i) => solvableDifficulty(model, samples[i]!.features));
}

export interface PlaytestLevel {
  readonly name: string;
  readonly rows: readonly string[];
  /** Mean seconds over the level's plays (the CSV's avgCompletionSeconds). */
  readonly seconds: number;
  readonly plays: number;
}

/** The playtest log as one row per level (by content key): mean seconds of its plays, the latest name. O(n). */
export function playtestAverages(records: readonly PlaytestRecord[]): PlaytestLevel[] {
  const byKey = new Map<string, { name: string; rows: readonly string[]; total: number; plays: number }>();
  for (const r of records) {
    const e = byKey.get(r.levelKey);
    if (e === undefined) byKey.set(r.levelKey, { name: r.levelName, rows: r.rows, total: r.seconds, plays: 1 });
    else {
      e.total += r.seconds;
      e.plays += 1;
      if (r.levelName !== '') e.name = r.levelName;
    }
  }
  return [...byKey.values()].map((e) => ({ name: e.name, rows: e.rows, seconds: e.total / e.plays, plays: e.plays }));
}

/** Distinct levels in the playtest log. */
export function playtestLevelCount(records: readonly PlaytestRecord[]): number {
  return new Set(records.map((r) => r.levelKey)).size;
}

/** Ablation usage counts as rows, most used first (ties by feature order). */
export function usageRows(usage: Readonly<Record<string, number>>, order: readonly string[]): { feature: string; count: number }[] {
  return order.filter((f) => f in usage).map((f) => ({ feature: f, count: usage[f]! })).sort((a, b) => b.count - a.count);
}

/** A number for the lab's tables: 3 significant digits, thousands grouped, no exponent below 1e9. */
export function formatStat(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a >= 1e9) return v.toExponential(2);
  if (a >= 100) return Math.round(v).toLocaleString('en-US');
  if (a >= 10) return v.toFixed(1);
  if (a >= 1 || a === 0) return v.toFixed(2);
  return v.toPrecision(2);
}

/** A file name for a downloaded model: the name with unsafe characters replaced. */
export function modelFileName(model: DifficultyModel): string {
  const base = model.name.trim().replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';
  return `${base}.json`;
}
