/**
 * Evaluation as the thesis and seed 002 did it (SPEC §5): mean test MSE over
 * random 80/20 splits beside the predict-the-mean baseline, and exhaustive
 * ablation over feature subsets. Ground truth: synthetic data with a known
 * signal (or none), and a naive Gauss-Jordan OLS re-scoring the same splits
 * and folds.
 */
import { describe, expect, it } from 'vitest';
import { gaussian, gaussianRows, naiveOls, naivePredict } from '../../../test/support/naiveLinear';
import { createRng } from '../util/rng';
import { ablation, evaluateSplits, MAX_ABLATION_FEATURES } from './evaluation';
import { kFolds, permutation, type Dataset } from './fit';

function linearData(seed: number, n: number, noise: number): Dataset {
  const rng = createRng(seed);
  const x = gaussianRows(rng, n, 3);
  return { x, y: x.map((r) => 1 + 2 * r[0]! - r[1]! + noise * gaussian(rng)) };
}

function pureNoise(seed: number, n: number): Dataset {
  const rng = createRng(seed);
  const x = gaussianRows(rng, n, 3);
  return { x, y: x.map(() => 5 + 2 * gaussian(rng)) };
}

const mean = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0) / v.length;

describe('evaluateSplits', () => {
  it('beats the predict-the-mean baseline on data with a real linear signal', () => {
    const data = linearData(1, 100, 0.5);
    const r = evaluateSplits(data, 'ols', createRng(2));
    expect(r.method).toBe('ols');
    expect(r.splits).toBe(50);
    expect(r.meanTestMse).toBeLessThan(r.baselineMse);
    // The noise variance is 0.25 and var(y) = 4 + 1 + 0.25: both numbers land near their population values.
    expect(r.meanTestMse).toBeGreaterThan(0.15);
    expect(r.meanTestMse).toBeLessThan(0.4);
    expect(r.baselineMse).toBeGreaterThan(3.5);
    expect(r.meanTrainMse).toBeLessThan(r.meanTestMse);
    expect(r.sdTestMse).toBeGreaterThan(0);
  });

  it('ridge and lasso (alpha re-chosen by CV on each training part) also beat the baseline', () => {
    const data = linearData(3, 80, 0.5);
    for (const method of ['ridge', 'lasso'] as const) {
      const r = evaluateSplits(data, method, createRng(4), 8);
      expect(r.method).toBe(method);
      expect(r.splits).toBe(8);
      expect(r.meanTestMse).toBeLessThan(r.baselineMse / 4);
    }
  });

  it('does not beat the baseline by much on pure-noise labels', () => {
    for (const seed of [5, 6, 7]) {
      const r = evaluateSplits(pureNoise(seed, 100), 'ols', createRng(seed));
      expect(r.meanTestMse).toBeGreaterThan(0.9 * r.baselineMse);
    }
  });

  it('matches a naive OLS re-scoring of the same 80/20 splits (test MSE, train MSE, baseline)', () => {
    const data = linearData(8, 37, 1);
    const splits = 12;
    const r = evaluateSplits(data, 'ols', createRng(9), splits);
    // For OLS no randomness is drawn besides the split permutations, so the same stream gives the same splits.
    const rng = createRng(9);
    const nTest = Math.round(37 * 0.2);
    const test: number[] = [], train: number[] = [], base: number[] = [];
    for (let s = 0; s < splits; s++) {
      const p = permutation(37, rng);
      const te = p.slice(0, nTest), tr = p.slice(nTest);
      const m = naiveOls(tr.map((i) => data.x[i]!), tr.map((i) => data.y[i]!));
      test.push(mean(te.map((i) => (naivePredict(m, data.x[i]!) - data.y[i]!) ** 2)));
      train.push(mean(tr.map((i) => (naivePredict(m, data.x[i]!) - data.y[i]!) ** 2)));
      const trainMean = mean(tr.map((i) => data.y[i]!));
      base.push(mean(te.map((i) => (data.y[i]! - trainMean) ** 2)));
    }
    expect(r.meanTestMse).toBeCloseTo(mean(test), 8);
    expect(r.meanTrainMse).toBeCloseTo(mean(train), 8);
    expect(r.baselineMse).toBeCloseTo(mean(base), 8);
    const m = mean(test);
    expect(r.sdTestMse).toBeCloseTo(Math.sqrt(mean(test.map((v) => (v - m) ** 2))), 8);
  });

  it('is deterministic for a seed; another seed gives other splits', () => {
    const data = linearData(10, 60, 1);
    expect(evaluateSplits(data, 'ridge', createRng(11), 5)).toEqual(evaluateSplits(data, 'ridge', createRng(11), 5));
    expect(evaluateSplits(data, 'ols', createRng(11)).meanTestMse).not.toBe(evaluateSplits(data, 'ols', createRng(12)).meanTestMse);
  });

  it('reports progress once per split and refuses fewer than 5 samples', () => {
    const seen: number[] = [];
    evaluateSplits(linearData(13, 20, 1), 'ols', createRng(1), 7, (d) => seen.push(d));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const tiny = linearData(14, 4, 1);
    expect(() => evaluateSplits(tiny, 'ols', createRng(1))).toThrow(/at least 5 samples/);
  });
});

describe('permutation', () => {
  it('is a permutation of 0..n-1', () => {
    for (const n of [1, 2, 10, 101]) expect(permutation(n, createRng(n)).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
  });
});

describe('ablation', () => {
  const NAMES = ['a', 'b', 'c', 'd'];
  /** y depends on features a and c only. */
  function acData(seed: number, n: number): Dataset {
    const rng = createRng(seed);
    const x = gaussianRows(rng, n, 4);
    return { x, y: x.map((r) => 2 * r[0]! - 3 * r[2]! + 0.3 * gaussian(rng)) };
  }
  const key = (f: readonly string[]): string => [...f].sort().join(',');

  it('finds {a, c} (or a superset within noise) when y depends on a and c only; usage and counts are consistent', () => {
    const data = acData(1, 200);
    const r = ablation(data, NAMES, createRng(2));
    expect(r.k).toBe(5);
    expect(r.subsetsTried).toBe(2 ** 4 - 1);
    expect(r.top).toHaveLength(10);
    const ac = r.top.find((s) => key(s.features) === 'a,c');
    expect(ac).toBeDefined();
    const best = r.top[0]!;
    expect(best.features).toEqual(expect.arrayContaining(['a', 'c']));
    expect(best.mse).toBeLessThanOrEqual(ac!.mse);
    expect(ac!.mse).toBeLessThan(best.mse * 1.05);
    // The four supersets of {a, c} come first; every subset lacking a or c is far worse.
    expect(new Set(r.top.slice(0, 4).map((s) => key(s.features)))).toEqual(new Set(['a,c', 'a,b,c', 'a,c,d', 'a,b,c,d']));
    for (const s of r.top.slice(4)) expect(s.mse).toBeGreaterThan(10 * best.mse);
    // Sorted by MSE, each subset once.
    for (let i = 1; i < r.top.length; i++) expect(r.top[i]!.mse).toBeGreaterThanOrEqual(r.top[i - 1]!.mse);
    expect(new Set(r.top.map((s) => key(s.features))).size).toBe(r.top.length);
    // Usage: per feature, the number of top subsets containing it.
    const sizes = r.top.reduce((s, t) => s + t.features.length, 0);
    expect(Object.values(r.usage).reduce((a, b) => a + b, 0)).toBe(sizes);
    for (const n of NAMES) expect(r.usage[n]).toBe(r.top.filter((t) => t.features.includes(n)).length);
    expect(r.usage.a).toBeGreaterThanOrEqual(4);
    expect(r.usage.c).toBeGreaterThanOrEqual(4);
    expect(r.baselineMse).toBeGreaterThan(50 * best.mse);
  });

  it('scores subsets and the baseline by k-fold MSE on the same folds (checked with a naive OLS)', () => {
    const data = acData(3, 60);
    const r = ablation(data, NAMES, createRng(4), { top: 15 });
    expect(r.top).toHaveLength(15);
    const folds = kFolds(60, 5, createRng(4)); // ablation draws its folds first from the stream it is given
    const cv = (cols: number[]): number => {
      let total = 0;
      for (const test of folds) {
        const train = data.x.map((_, i) => i).filter((i) => !test.includes(i));
        const m = naiveOls(train.map((i) => cols.map((c) => data.x[i]![c]!)), train.map((i) => data.y[i]!));
        total += mean(test.map((i) => (naivePredict(m, cols.map((c) => data.x[i]![c]!)) - data.y[i]!) ** 2));
      }
      return total / folds.length;
    };
    for (const s of r.top) expect(s.mse).toBeCloseTo(cv(s.features.map((f) => NAMES.indexOf(f))), 8);
    let base = 0;
    for (const test of folds) {
      const trainMean = mean(data.y.filter((_, i) => !test.includes(i)));
      base += mean(test.map((i) => (data.y[i]! - trainMean) ** 2));
    }
    expect(r.baselineMse).toBeCloseTo(base / folds.length, 8);
  });

  it('tries all 2^k - 1 subsets and reports progress', () => {
    const rng = createRng(5);
    const x = gaussianRows(rng, 30, 6);
    const data: Dataset = { x, y: x.map((r) => r[0]! + gaussian(rng)) };
    const names = ['p', 'q', 'r', 's', 't', 'u'];
    let last = [0, 0];
    const r = ablation(data, names, createRng(6), { k: 3, top: 100, onProgress: (d, t) => (last = [d, t]) });
    expect(r.subsetsTried).toBe(63);
    expect(r.top).toHaveLength(63);
    expect(r.k).toBe(3);
    expect(last).toEqual([63, 63]);
    expect(new Set(r.top.map((s) => key(s.features))).size).toBe(63);
  });

  it('throws for 0 or more than 16 features', () => {
    expect(MAX_ABLATION_FEATURES).toBe(16);
    const data = acData(7, 20);
    expect(() => ablation(data, [], createRng(1))).toThrow(/1 to 16 features, got 0/);
    const wide: Dataset = { x: data.x.map((r) => Array.from({ length: 17 }, (_, j) => r[j % 4]!)), y: data.y };
    expect(() => ablation(wide, Array.from({ length: 17 }, (_, j) => `f${j}`), createRng(1))).toThrow(/1 to 16 features, got 17/);
  });
});
