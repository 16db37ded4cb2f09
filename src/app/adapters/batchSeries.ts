/**
 * Evaluation reports -> d3-ready series for the Batch view (histogram,
 * spans, per-temperature charts, samples), the exported report file, and
 * the generate-at-difficulty helpers the dock needs: a band as a target
 * window, curve targets, and a level's provenance for the pack.
 */
import { sweepValueLabel, type SweepValue } from '../../core/range/sweep';
import { BANDS, bandOf, type BandName } from '../../core/difficulty/predict';
import { DIFFICULTY_SPANS, HISTOGRAM_BIN, spanText, type EvaluationReport } from '../../core/generators/evaluate';
import type { Tolerance } from '../../core/generators/atDifficulty';
import type { EvaluationRun, SpanSample } from '../../workers/batch.api';
import type { BatchRun } from '../store/batchSlice';
import { BAND_COLOURS } from './chartSeries';
import { roundForMessage } from '../../core/difficulty/scale';

/** Where the expert band's window ends (it is open above; this is far past any level up to 16x16 we have seen). */
export const EXPERT_CEILING = 1000;

export interface TargetWindow {
  readonly target: number;
  readonly tolerance: Tolerance;
  readonly from: number;
  readonly to: number;
  readonly label: string;
}

/** A band as a request: its middle, with an absolute tolerance covering the band (ends kept inside by 0.01). */
export function bandWindow(band: BandName): TargetWindow {
  const b = BANDS.find((x) => x.name === band)!;
  const to = Number.isFinite(b.to) ? b.to - 0.01 : EXPERT_CEILING;
  // Just above the lower edge, so rounding in target - half never lets in a level of the band below.
  const lo = b.from === 0 ? 0 : b.from + 1e-6;
  const half = (to - lo) / 2;
  return { target: lo + half, tolerance: { relative: 0, absolute: half }, from: b.from, to, label: bandLabel(band) };
}

/** "the easy band (20–40)", "the expert band (80 and up)". */
export function bandLabel(band: BandName): string {
  const b = BANDS.find((x) => x.name === band)!;
  return `the ${band} band (${Number.isFinite(b.to) ? `${b.from}–${b.to}` : `${b.from} and up`})`;
}

/** The sentence for an out-of-reach request, band-aware. */
export function outOfReachMessage(label: string, width: number, height: number, reachable: { min: number; max: number }): string {
  return `${label[0]!.toUpperCase()}${label.slice(1)} is out of reach for ${width}x${height} levels: the reachable range is about ${roundForMessage(reachable.min)} to ${roundForMessage(reachable.max)}.`;
}


export interface HistogramBin {
  readonly x0: number;
  readonly x1: number;
  readonly count: number;
  readonly band: BandName;
  readonly colour: string;
}

/** The report's histogram as bins of {@link HISTOGRAM_BIN}, trailing empty bins dropped (at least up to 100). */
export function histogramBins(report: EvaluationReport, minTop = 100): HistogramBin[] {
  let last = report.histogram.length - 1;
  while (last >= 0 && report.histogram[last] === 0) last--;
  const bins = Math.max(last + 1, Math.ceil(minTop / HISTOGRAM_BIN));
  return Array.from({ length: bins }, (_, i) => {
    const band = bandOf(i * HISTOGRAM_BIN);
    return { x0: i * HISTOGRAM_BIN, x1: (i + 1) * HISTOGRAM_BIN, count: report.histogram[i] ?? 0, band, colour: BAND_COLOURS[band] };
  });
}

export interface SpanBar {
  readonly index: number;
  readonly label: string;
  readonly from: number;
  readonly to: number | null;
  readonly count: number;
  /** Share of unique levels, 0..1. */
  readonly share: number;
  readonly colour: string;
}

/** "0–20" … "80–200", "200+". */
export function spanLabel(i: number): string {
  return spanText(i, '–');
}

export function spanBars(report: EvaluationReport): SpanBar[] {
  return report.spans.map((s, i) => ({
    index: i,
    label: spanLabel(i),
    from: s.from,
    to: s.to,
    count: s.count,
    share: report.unique === 0 ? 0 : s.count / report.unique,
    colour: BAND_COLOURS[bandOf(s.from)],
  }));
}

export interface TemperaturePoint {
  readonly temperature: number;
  readonly generated: number;
  readonly duplicates: number;
  readonly duplicatesPercent: number;
  readonly unique: number;
  readonly nonTrivialPercent: number;
  readonly spans: readonly number[];
  readonly histogram: readonly number[];
}

/** Per-temperature values of an SD-PCGRL evaluation (runs without a temperature are skipped). */
export function temperatureSeries(runs: readonly EvaluationRun[]): TemperaturePoint[] {
  return runs
    .filter((r): r is EvaluationRun & { temperature: number } => r.temperature !== null)
    .map((r) => ({
      temperature: r.temperature,
      generated: r.report.generated,
      duplicates: r.report.duplicates,
      duplicatesPercent: r.report.duplicatesPercent,
      unique: r.report.unique,
      nonTrivialPercent: r.report.nonTrivialPercent,
      spans: r.report.spans.map((s) => s.count),
      histogram: r.report.histogram,
    }));
}

/** For each span, the temperature with the most levels in it (ties: the lower temperature), or null without runs. */
export function bestTemperaturePerSpan(points: readonly TemperaturePoint[]): (number | null)[] {
  return DIFFICULTY_SPANS.map((_, i) => {
    let best: TemperaturePoint | null = null;
    for (const p of points) if (best === null || p.spans[i]! > best.spans[i]!) best = p;
    return best === null || best.spans[i] === 0 ? null : best.temperature;
  });
}

/** Samples grouped by span, in span order (empty spans included). */
export function samplesBySpan(samples: readonly SpanSample[]): { index: number; label: string; colour: string; samples: SpanSample[] }[] {
  return DIFFICULTY_SPANS.map(([from], i) => ({
    index: i,
    label: spanLabel(i),
    colour: BAND_COLOURS[bandOf(from)],
    samples: samples.filter((s) => s.span === i),
  }));
}

/** `0:1:0.1` (from:to:step) or `0.2, 0.5` into temperatures, or a sentence saying what is wrong. */
export function parseTemperatureList(text: string): { ok: true; value: number[] } | { ok: false; error: string } {
  const t = text.trim();
  const range = /^([\d.]+)\s*:\s*([\d.]+)\s*:\s*([\d.]+)$/.exec(t);
  let list: number[];
  if (range) {
    const [a, b, s] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (!(s > 0)) return { ok: false, error: 'the step must be above 0' };
    list = [];
    for (let k = 0; a + k * s <= b + 1e-9 && k <= 21; k++) list.push(Math.round((a + k * s) * 1e6) / 1e6);
  } else list = t === '' ? [] : t.split(',').map((x) => (x.trim() === '' ? NaN : Number(x.trim())));
  if (list.length === 0 || list.some((x) => !(x >= 0 && x <= 1))) return { ok: false, error: 'temperatures are numbers from 0 to 1: a list (0.2, 0.5) or from:to:step (0:1:0.1)' };
  if (list.length > 21) return { ok: false, error: 'at most 21 temperatures' };
  return { ok: true, value: list };
}

export const REPORT_FORMAT = 'longcat-evaluation-report';

/**
 * The exported report: the settings, the difficulty model, and per run the
 * SPEC §8 numbers under their names (solvablePercent, duplicatesPercent,
 * unique, histogram, spans, nonTrivialPercent, maxDifficulty, diversity…).
 */
export function reportFile(run: BatchRun): object {
  const s = run.settings;
  const one = (r: EvaluationRun) => ({
    temperature: r.temperature,
    ...(r.sweep !== undefined ? { sweep: r.sweep } : {}),
    ...r.report,
    histogramBin: HISTOGRAM_BIN,
    seconds: round(r.seconds, 3),
    levelsPerSecond: Math.round(r.levelsPerSecond),
    samples: r.samples,
  });
  return {
    format: REPORT_FORMAT,
    version: 1,
    createdAt: run.finishedAt,
    status: run.status,
    generator: s?.generator ?? null,
    rules: run.rules,
    width: s?.width ?? null,
    height: s?.height ?? null,
    count: s?.count ?? null,
    seed: s?.seed ?? null,
    temperatures: s?.generator === 'sd-pcgrl' ? run.runs.map((r) => r.temperature) : null,
    difficultyModel: run.modelName,
    policy: run.policy,
    seconds: run.seconds,
    ...(run.runs.length === 1 ? { report: one(run.runs[0]!) } : {}),
    runs: run.runs.map(one),
  };
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** What a run is within its evaluation: its temperature, or its value in a size or pins sweep; null for a lone run. */
export function runSweepValue(run: Pick<EvaluationRun, 'temperature' | 'sweep'>): SweepValue | null {
  if (run.temperature !== null) return { parameter: 'temperature', value: run.temperature };
  return run.sweep ?? null;
}

/** A run's tab and file-name label: "0.5" for a temperature, "7x7", "4 pins"; null for a lone run. */
export function runTabLabel(run: Pick<EvaluationRun, 'temperature' | 'sweep'>): string | null {
  const v = runSweepValue(run);
  return v === null ? null : v.parameter === 'temperature' ? String(v.value) : sweepValueLabel(v);
}
