import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL } from '../../core/difficulty/defaultModel';
import { predictDifficulty } from '../../core/difficulty/predict';
import type { LevelFeatures } from '../../core/graph/features';
import type { LabSample } from '../../workers/lab.api';
import type { PlaytestRecord } from '../store/playtestSlice';
import { designMatrix, extent, MAX_SCATTER_POINTS, thin, featureScatter, formatStat, modelFileName, modelPredictions, pearson, playtestAverages, playtestLevelCount, predictedVsActual, usageRows } from './labSeries';

const features = (over: Partial<LevelFeatures>): LevelFeatures => ({
  nStates: 10, size: 16, nBranches: 2, nSolutions: 1, nFails: 1, shortestSolutionLength: 3, nSolutionBranches: 1,
  nNonDead: 5, nIndeterminate: 2, nIndeterminateBranches: 1, solutionPaths: 1, expectedDecisions: 2, expectedMoves: 4, ...over,
});

const sample = (name: string, seconds: number, over: Partial<LevelFeatures> = {}): LabSample => ({
  line: null, name, rows: ['C..', '...', '...'], key: name, features: features(over), seconds, plays: 1,
});

describe('pearson', () => {
  it('matches a hand-computed example', () => {
    // x = 1..5, y = 2,4,5,4,5: dx = -2..2, dy = -2,0,1,0,1; sxy = 6, sxx = 10, syy = 6; r = 6 / sqrt(60).
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(6 / Math.sqrt(60)).toBeCloseTo(0.7745966692, 9);
  });

  it('is 1 and -1 on exact lines, and undefined (null) when a side is constant or there are fewer than 2 pairs', () => {
    expect(pearson([1, 2, 3], [10, 20, 30])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
    expect(pearson([], [])).toBeNull();
  });

  it('does not depend on the units (invariant to positive affine maps)', () => {
    const xs = [3, 1, 4, 1, 5, 9, 2, 6], ys = [2, 7, 1, 8, 2, 8, 1, 8];
    expect(pearson(xs.map((x) => 10 * x - 4), ys.map((y) => 0.5 * y + 3))).toBeCloseTo(pearson(xs, ys)!, 12);
  });
});

describe('design matrix', () => {
  it('takes the chosen columns in order and leaves out rows with an infinite value', () => {
    const samples = [sample('a', 5, { nSolutions: 2 }), sample('b', 7, { expectedMoves: Infinity }), sample('c', 9, { nSolutions: 4 })];
    const m = designMatrix(samples, ['nSolutions', 'expectedMoves']);
    expect(m.x).toEqual([[2, 4], [4, 4]]);
    expect(m.y).toEqual([5, 9]);
    expect(m.used).toEqual([0, 2]);
    expect(m.dropped).toBe(1);
    expect(designMatrix(samples, ['nSolutions']).dropped).toBe(0);
  });
});

describe('scatter series', () => {
  it('per feature: points, r and a non-empty domain', () => {
    const samples = [sample('a', 10, { nSolutions: 1 }), sample('b', 20, { nSolutions: 2 }), sample('c', 30, { nSolutions: 3 })];
    const s = featureScatter(samples, 'nSolutions');
    expect(s.points.map((p) => [p.x, p.y, p.index, p.label])).toEqual([[1, 10, 0, 'a'], [2, 20, 1, 'b'], [3, 30, 2, 'c']]);
    expect(s.r).toBeCloseTo(1, 12);
    expect(s.xDomain).toEqual([1, 3]);
    expect(s.yDomain).toEqual([0, 30]);
    const flat = featureScatter(samples, 'size');
    expect(flat.r).toBeNull();
    expect(flat.xDomain).toEqual([15, 17]);
  });

  it('predicted against actual shares one domain from 0 (so y = x is the diagonal)', () => {
    const samples = [sample('a', 10), sample('b', 40), sample('c', 25)];
    const s = predictedVsActual(samples, [0, 2], [12, 50]);
    expect(s.points.map((p) => [p.x, p.y, p.index])).toEqual([[12, 10, 0], [50, 25, 2]]);
    expect(s.xDomain).toEqual([0, 50]);
    expect(s.yDomain).toEqual([0, 50]);
  });

  it('thins large series evenly for drawing but keeps r and the total over every point', () => {
    expect(thin([1, 2, 3, 4, 5, 6], 3)).toEqual([1, 3, 5]);
    expect(thin([1, 2], 3)).toEqual([1, 2]);
    const many = Array.from({ length: 5_000 }, (_, i) => sample(`s${i}`, i, { nStates: 2 * i }));
    const s = featureScatter(many, 'nStates');
    expect(s.points).toHaveLength(MAX_SCATTER_POINTS);
    expect(s.total).toBe(5_000);
    expect(s.r).toBeCloseTo(1, 12);
    expect(s.xDomain).toEqual([0, 9_998]);
  });

  it('extent ignores non-finite values and widens a single value', () => {
    expect(extent([3, Infinity, 1, NaN])).toEqual([1, 3]);
    expect(extent([5])).toEqual([4, 6]);
    expect(extent([])).toEqual([0, 1]);
  });

  it('model predictions are the gauge numbers', () => {
    const samples = [sample('a', 1, { nSolutions: 3, nSolutionBranches: 4 }), sample('b', 2)];
    expect(modelPredictions(DEFAULT_DIFFICULTY_MODEL, samples, [1, 0])).toEqual([predictDifficulty(DEFAULT_DIFFICULTY_MODEL, samples[1]!.features), predictDifficulty(DEFAULT_DIFFICULTY_MODEL, samples[0]!.features)]);
  });
});

describe('playtest log', () => {
  const record = (levelKey: string, seconds: number, levelName = levelKey): PlaytestRecord => ({
    id: `${levelKey}${seconds}`, levelKey, levelName, rows: [levelKey], seconds, restarts: 0, moves: 3, solutionMoves: 3, finishedAt: '2025-01-01T00:00:00.000Z',
  });

  it('averages the seconds of each level over its plays', () => {
    const levels = playtestAverages([record('A', 10), record('B', 4), record('A', 20, 'renamed'), record('A', 30, '')]);
    expect(levels).toEqual([
      { name: 'renamed', rows: ['A'], seconds: 20, plays: 3 },
      { name: 'B', rows: ['B'], seconds: 4, plays: 1 },
    ]);
    expect(playtestLevelCount([record('A', 1), record('A', 2), record('C', 3)])).toBe(2);
    expect(playtestAverages([])).toEqual([]);
  });
});

describe('formatting', () => {
  it('usage rows: most used first, ties in feature order', () => {
    expect(usageRows({ a: 2, b: 5, c: 2 }, ['a', 'b', 'c'])).toEqual([{ feature: 'b', count: 5 }, { feature: 'a', count: 2 }, { feature: 'c', count: 2 }]);
  });

  it('numbers for tables', () => {
    expect(formatStat(1234.56)).toBe('1,235');
    expect(formatStat(56.123)).toBe('56.1');
    expect(formatStat(3.14159)).toBe('3.14');
    expect(formatStat(0)).toBe('0.00');
    expect(formatStat(0.000123)).toBe('0.00012');
    expect(formatStat(2e12)).toBe('2.00e+12');
    expect(formatStat(null)).toBe('–');
    expect(formatStat(Infinity)).toBe('–');
  });

  it('model file names are safe', () => {
    expect(modelFileName({ ...DEFAULT_DIFFICULTY_MODEL, name: 'my model / v2?' })).toBe('my-model-v2.json');
    expect(modelFileName({ ...DEFAULT_DIFFICULTY_MODEL, name: '???' })).toBe('model.json');
  });
});
