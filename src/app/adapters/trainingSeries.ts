/**
 * Training progress -> d3-ready series for the training charts: one line per
 * metric against training time (minutes, across resumes), with a y-domain
 * that starts at zero where the metric cannot be negative. Rates are
 * computed between consecutive reports, so a chart shows the current speed
 * rather than the run's average.
 */
import type { TrainingProgress } from '../../workers/training.api';

export interface SeriesPoint {
  /** Minutes of training. */
  readonly x: number;
  readonly y: number;
}

export type MetricKey = 'testDifficulty' | 'meanReturn' | 'meanLoss' | 'epsilon' | 'episodesPerSecond';

export interface MetricSeries {
  readonly key: MetricKey;
  readonly label: string;
  /** How to read the number, for the chart's caption. */
  readonly note: string;
  readonly colour: string;
  readonly points: readonly SeriesPoint[];
  readonly xDomain: readonly [number, number];
  readonly yDomain: readonly [number, number];
  /** The newest value, or null when there is none yet. */
  readonly last: number | null;
  /** Digits to show the value with. */
  readonly digits: number;
}

interface MetricDef {
  readonly key: MetricKey;
  readonly label: string;
  readonly note: string;
  readonly colour: string;
  readonly digits: number;
  /** The domain's lower end is 0 unless values go below it. */
  readonly nonNegative: boolean;
  /** A fixed top (epsilon: 1). */
  readonly top?: number;
  readonly value: (p: TrainingProgress, prev: TrainingProgress | null) => number | null;
}

const METRICS: readonly MetricDef[] = [
  {
    key: 'testDifficulty',
    label: 'Greedy test difficulty',
    note: 'mean over one greedy level per start cell',
    colour: '#f59e0b',
    digits: 1,
    nonNegative: true,
    value: (p) => p.testDifficulty,
  },
  { key: 'meanReturn', label: 'Reward', note: 'mean episode return, last 200 episodes', colour: '#22c55e', digits: 2, nonNegative: false, value: (p) => (p.episodes > 0 ? p.meanReturn : null) },
  { key: 'meanLoss', label: 'Loss', note: 'mean TD loss, last 200 updates', colour: '#f472b6', digits: 4, nonNegative: true, value: (p) => (p.updates > 0 ? p.meanLoss : null) },
  { key: 'epsilon', label: 'Epsilon', note: 'share of random actions', colour: '#38bdf8', digits: 2, nonNegative: true, top: 1, value: (p) => p.epsilon },
  {
    key: 'episodesPerSecond',
    label: 'Episodes / s',
    note: 'between reports',
    colour: '#a78bfa',
    digits: 1,
    nonNegative: true,
    value: (p, prev) => {
      if (prev === null) return p.episodesPerSecond;
      const dt = p.elapsed - prev.elapsed;
      return dt > 0.05 ? Math.max(0, (p.episodes - prev.episodes) / dt) : null;
    },
  },
];

/** A "nice" domain around [lo, hi] (never empty). */
function padDomain(lo: number, hi: number, nonNegative: boolean, top?: number): [number, number] {
  if (top !== undefined) return [0, top];
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (nonNegative && lo >= 0) lo = 0;
  if (hi - lo < 1e-9) hi = lo + (Math.abs(lo) > 1e-9 ? Math.abs(lo) * 0.5 : 1);
  const pad = (hi - lo) * 0.08;
  return [nonNegative && lo >= 0 ? 0 : lo - pad, hi + pad];
}

/** Every chart's series from the progress history (oldest first). */
export function trainingSeries(history: readonly TrainingProgress[]): MetricSeries[] {
  const xMax = Math.max(0.5, ...history.map((p) => p.elapsed / 60));
  const xMin = history.length > 0 ? Math.min(...history.map((p) => p.elapsed / 60)) : 0;
  return METRICS.map((m) => {
    const points: SeriesPoint[] = [];
    history.forEach((p, i) => {
      const v = m.value(p, i > 0 ? history[i - 1]! : null);
      if (v === null || !Number.isFinite(v)) return;
      // Every report repeats the latest greedy test: keep only the reports where a new result came in.
      if (m.key === 'testDifficulty' && points.length > 0 && points[points.length - 1]!.y === v) return;
      points.push({ x: p.elapsed / 60, y: v });
    });
    const ys = points.map((p) => p.y);
    return {
      key: m.key,
      label: m.label,
      note: m.note,
      colour: m.colour,
      points,
      xDomain: [Math.min(xMin, xMax - 0.5), xMax],
      yDomain: padDomain(Math.min(...ys), Math.max(...ys), m.nonNegative, m.top),
      last: points.length > 0 ? points[points.length - 1]!.y : null,
      digits: m.digits,
    };
  });
}

/** "1:05" style minutes:seconds (or h:mm:ss) for the elapsed counter. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

/** Whole counts with thousands separators. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
