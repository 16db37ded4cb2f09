import { describe, expect, it } from 'vitest';
import type { EvaluationReport } from '../../core/generators/evaluate';
import type { EvaluationRun } from '../../workers/batch.api';
import type { BatchRun } from '../store/batchSlice';
import { bandWindow, bestTemperaturePerSpan, histogramBins, outOfReachMessage, parseTemperatureList, reportFile, spanBars, temperatureSeries } from './batchSeries';

const report = (over: Partial<EvaluationReport> = {}): EvaluationReport => ({
  generated: 100, solvableIterations: 100, solvablePercent: 100, solvable: 100, duplicates: 10, duplicatesPercent: 10, unique: 90,
  nonTrivial: 20, nonTrivialPercent: 20, spans: [{ from: 0, to: 20, count: 70 }, { from: 20, to: 40, count: 10 }, { from: 40, to: 60, count: 5 }, { from: 60, to: 80, count: 3 }, { from: 80, to: 200, count: 2 }, { from: 200, to: null, count: 0 }],
  histogram: [30, 40, 0, 0, 10], maxDifficulty: 95, meanDifficulty: 12, diversity: 0.4, stateCapped: 0, cappedIterations: 0, stateCap: 200_000, difficultyMeasure: { name: 'm', note: '' }, ...over,
});
const run = (t: number | null, r: EvaluationReport = report()): EvaluationRun => ({ temperature: t, report: r, samples: [], seconds: 1, levelsPerSecond: 100 });

describe('batch series', () => {
  it('turns a band into its middle with a window covering the band', () => {
    const easy = bandWindow('easy');
    expect(easy).toMatchObject({ from: 20, to: 39.99, tolerance: { relative: 0 } });
    expect(easy.target).toBeCloseTo(29.995, 5);
    expect(easy.target - easy.tolerance.absolute).toBeGreaterThan(20);
    expect(easy.target - easy.tolerance.absolute).toBeCloseTo(20, 5);
    expect(easy.target + easy.tolerance.absolute).toBeCloseTo(39.99, 9);
    expect(bandWindow('trivial').from).toBe(0);
    const expert = bandWindow('expert');
    expect(expert.target - expert.tolerance.absolute).toBeGreaterThan(80);
    expect(expert.target - expert.tolerance.absolute).toBeCloseTo(80, 5);
    expect(expert.label).toBe('the expert band (80 and up)');
    expect(outOfReachMessage(bandWindow('hard').label, 4, 4, { min: 0, max: 31.6 })).toBe('The hard band (60–80) is out of reach for 4x4 levels: the reachable range is about 0 to 31.6.');
  });

  it('bins the histogram to at least 100 and keeps every count', () => {
    const bins = histogramBins(report());
    expect(bins).toHaveLength(20);
    expect(bins.reduce((a, b) => a + b.count, 0)).toBe(80);
    expect(bins[4]).toMatchObject({ x0: 20, x1: 25, count: 10, band: 'easy' });
    expect(histogramBins(report({ histogram: new Array(41).fill(1) }))).toHaveLength(41);
  });

  it('gives span shares of the unique levels', () => {
    const bars = spanBars(report());
    expect(bars.map((b) => b.count)).toEqual([70, 10, 5, 3, 2, 0]);
    expect(bars[0]!.share).toBeCloseTo(70 / 90);
    expect(bars.map((b) => b.label)).toEqual(['0–20', '20–40', '40–60', '60–80', '80–200', '200+']);
  });

  it('picks the best temperature per span', () => {
    const points = temperatureSeries([run(null), run(0.1, report({ spans: report().spans.map((s, i) => ({ ...s, count: i === 4 ? 9 : i === 5 ? 0 : 1 })) })), run(0.5)]);
    expect(points.map((p) => p.temperature)).toEqual([0.1, 0.5]);
    expect(bestTemperaturePerSpan(points)).toEqual([0.5, 0.5, 0.5, 0.5, 0.1, null]);
  });

  it('parses temperature lists and ranges', () => {
    expect(parseTemperatureList('0:1:0.1')).toEqual({ ok: true, value: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] });
    expect(parseTemperatureList('0.2, 0.5')).toEqual({ ok: true, value: [0.2, 0.5] });
    expect(parseTemperatureList('0.2,,')).toMatchObject({ ok: false });
    expect(parseTemperatureList('2')).toMatchObject({ ok: false });
    expect(parseTemperatureList('0:1:0')).toMatchObject({ ok: false });
  });

  it('writes the report file with the SPEC §8 keys', () => {
    const b: BatchRun = {
      status: 'done', settings: { generator: 'rsd', width: 8, height: 8, count: 100, seed: 1, temperatures: '' }, rules: 'paint', modelName: 'default', progress: null,
      runs: [run(null)], policy: null, message: null, seconds: 1, startedAt: 0, finishedAt: '2026-11-21T00:00:00.000Z',
    };
    const f = reportFile(b) as Record<string, unknown> & { report: Record<string, unknown> };
    expect(f).toMatchObject({ format: 'longcat-evaluation-report', version: 1, generator: 'rsd', rules: 'paint', count: 100, temperatures: null, difficultyModel: 'default' });
    for (const k of ['solvablePercent', 'duplicatesPercent', 'unique', 'histogram', 'spans', 'nonTrivialPercent', 'maxDifficulty', 'diversity']) expect(f.report).toHaveProperty(k);
    expect(JSON.parse(JSON.stringify(f))).toEqual(f);
  });
});
