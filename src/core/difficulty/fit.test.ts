/**
 * Fitting (SPEC §5, thesis ch. 4): OLS, ridge and lasso on standardised
 * features, alpha by k-fold CV. Ground truth is independent of fit.ts:
 * synthetic data with known coefficients, closed forms derived by hand
 * (one standardised feature: ridge = OLS / (1 + alpha), lasso = soft
 * threshold of OLS at alpha), a naive Gauss-Jordan OLS, and the lasso's
 * KKT optimality conditions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gaussJordanSolve,
  gaussian,
  gaussianRows,
  naiveOls,
  naivePredict,
  naiveStandardisation,
  normalEquations,
  unstandardise,
} from '../../../test/support/naiveLinear';
import { createRng } from '../util/rng';
import { ALPHA_GRID, chooseAlpha, crossValidatedMse, fitLinear, kFolds, predictRow, standardisation, type Dataset } from './fit';

const norm = (v: readonly number[]): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** y = 3 + 2 x1 - 5 x2 (+ noise of standard deviation `noise`), x uniform on [-10, 10] x [0, 4]. */
function plane(seed: number, n: number, noise: number): Dataset {
  const rng = createRng(seed);
  const x = Array.from({ length: n }, () => [-10 + 20 * rng.next(), 4 * rng.next()]);
  const y = x.map(([a, b]) => 3 + 2 * a! - 5 * b! + noise * gaussian(rng));
  return { x, y };
}

/** The standardised design the way SPEC §5 defines it (population sd), computed here. */
function standardisedByHand(x: readonly (readonly number[])[]): number[][] {
  const { means, sds } = naiveStandardisation(x);
  return x.map((r) => r.map((v, j) => (v - means[j]!) / sds[j]!));
}

describe('standardisation', () => {
  it('stores column means and population standard deviations; a constant column gets scale 1', () => {
    const x = [
      [1, 7, 2],
      [3, 7, 2],
      [8, 7, 5],
    ];
    const s = standardisation(x);
    expect(s.means[0]).toBeCloseTo(4, 12);
    expect(s.scales[0]).toBeCloseTo(Math.sqrt((9 + 1 + 16) / 3), 12);
    expect(s.means[1]).toBe(7);
    expect(s.scales[1]).toBe(1);
    expect(s.means[2]).toBeCloseTo(3, 12);
    expect(s.scales[2]).toBeCloseTo(Math.sqrt(2), 12);
  });
});

describe('fitLinear: ols', () => {
  it('recovers y = 3 + 2 x1 - 5 x2 exactly from noiseless data (un-standardised coefficients and intercept)', () => {
    const data = plane(1, 40, 0);
    const fit = fitLinear(data, 'ols');
    expect(fit.method).toBe('ols');
    expect(fit.alpha).toBe(0);
    const { means, sds } = naiveStandardisation(data.x);
    fit.means.forEach((m, j) => expect(m).toBeCloseTo(means[j]!, 10));
    fit.scales.forEach((s, j) => expect(s).toBeCloseTo(sds[j]!, 10));
    const raw = unstandardise(fit);
    expect(raw.coef[0]).toBeCloseTo(2, 9);
    expect(raw.coef[1]).toBeCloseTo(-5, 9);
    expect(raw.intercept).toBeCloseTo(3, 9);
    // On standardised features the coefficient is the raw slope times the column's sd.
    expect(fit.coefficients[0]).toBeCloseTo(2 * sds[0]!, 9);
    expect(fit.coefficients[1]).toBeCloseTo(-5 * sds[1]!, 9);
    // The intercept on standardised features is the mean label.
    expect(fit.intercept).toBeCloseTo(data.y.reduce((a, b) => a + b, 0) / data.y.length, 10);
    // Predictions at new points are exact.
    for (const row of [[0, 0], [4, 1], [-7.5, 3.25]]) expect(predictRow(fit, row)).toBeCloseTo(3 + 2 * row[0]! - 5 * row[1]!, 8);
  });

  it('approximately recovers the coefficients from noisy data and equals a naive Gauss-Jordan OLS', () => {
    const data = plane(2, 600, 1);
    const fit = fitLinear(data, 'ols');
    const raw = unstandardise(fit);
    expect(raw.coef[0]).toBeCloseTo(2, 1);
    expect(raw.coef[1]).toBeCloseTo(-5, 0);
    expect(Math.abs(raw.intercept - 3)).toBeLessThan(0.4);
    const ref = naiveOls(data.x, data.y);
    expect(raw.intercept).toBeCloseTo(ref.intercept, 8);
    raw.coef.forEach((c, j) => expect(c).toBeCloseTo(ref.coef[j]!, 8));
  });

  it('equals a naive Gauss-Jordan OLS on random 3-feature data (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 8, max: 60 }), (seed, n) => {
        const rng = createRng(seed);
        const x = gaussianRows(rng, n, 3).map((r) => [r[0]! * 10 + 5, r[1]! * 0.1, r[2]! + r[0]! * 0.5]);
        const y = x.map(() => gaussian(rng) * 3);
        const ref = naiveOls(x, y);
        const fit = fitLinear({ x, y }, 'ols');
        for (const row of x.slice(0, 5)) expect(predictRow(fit, row)).toBeCloseTo(naivePredict(ref, row), 6);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses fewer than two samples and mismatched lengths', () => {
    expect(() => fitLinear({ x: [[1]], y: [1] }, 'ols')).toThrow(/two samples/);
    expect(() => fitLinear({ x: [[1], [2], [3]], y: [1, 2] }, 'ols')).toThrow(/differ in length/);
  });

  it('a singular design (duplicate column, constant column) does not throw and predicts well', () => {
    const base = plane(3, 80, 0);
    const x = base.x.map(([a, b]) => [a!, b!, a!, 42]);
    const fit = fitLinear({ x, y: base.y }, 'ols');
    fit.coefficients.forEach((c) => expect(Number.isFinite(c)).toBe(true));
    for (const [a, b] of [[1, 1], [-9, 3.5], [6, 0.2]] as const) expect(predictRow(fit, [a, b, a, 42])).toBeCloseTo(3 + 2 * a - 5 * b, 6);
    // The constant column has scale 1 and contributes nothing.
    expect(fit.scales[3]).toBe(1);
    expect(fit.coefficients[3]).toBeCloseTo(0, 9);
    // Only the sum of the duplicated columns' coefficients is identified: it is the true slope.
    expect(fit.coefficients[0]! / fit.scales[0]! + fit.coefficients[2]! / fit.scales[2]!).toBeCloseTo(2, 6);
    // Ridge and lasso on the same design do not throw either, and still fit.
    for (const method of ['ridge', 'lasso'] as const) {
      const f = fitLinear({ x, y: base.y }, method, 1e-6);
      expect(predictRow(f, [2, 2, 2, 42])).toBeCloseTo(3 + 4 - 10, 2);
    }
  });
});

describe('fitLinear: ridge', () => {
  it('one standardised feature: the ridge slope is the OLS slope / (1 + alpha) (penalty alpha * n)', () => {
    // Derivation: sum z^2 = n for a standardised column, so b = sum(z y) / (n + alpha n) = b_ols / (1 + alpha).
    const data: Dataset = { x: [[1], [2], [4], [7], [11]], y: [2, 1, 5, 4, 9] };
    const ols = fitLinear(data, 'ols').coefficients[0]!;
    for (const alpha of [0.1, 1, 3, 50]) {
      const ridge = fitLinear(data, 'ridge', alpha);
      expect(ridge.alpha).toBe(alpha);
      expect(ridge.coefficients[0]).toBeCloseTo(ols / (1 + alpha), 10);
      expect(ridge.intercept).toBeCloseTo(21 / 5, 12);
    }
  });

  it('equals the closed form (ZᵀZ + alpha n I)^-1 Zᵀ y solved by Gauss-Jordan', () => {
    const data = plane(4, 50, 2);
    const z = standardisedByHand(data.x);
    const yMean = data.y.reduce((a, b) => a + b, 0) / data.y.length;
    const { xtx, xty } = normalEquations(z, data.y.map((v) => v - yMean));
    for (const alpha of [0.01, 0.5, 4]) {
      const a = xtx.map((row, i) => row.map((v, j) => v + (i === j ? alpha * data.x.length : 0)));
      const expected = gaussJordanSolve(a, xty);
      const fit = fitLinear(data, 'ridge', alpha);
      fit.coefficients.forEach((c, j) => expect(c).toBeCloseTo(expected[j]!, 9));
    }
  });

  it('alpha 0 equals OLS', () => {
    const data = plane(5, 70, 1.5);
    const ols = fitLinear(data, 'ols');
    const ridge = fitLinear(data, 'ridge', 0);
    ridge.coefficients.forEach((c, j) => expect(c).toBeCloseTo(ols.coefficients[j]!, 10));
    expect(ridge.intercept).toBeCloseTo(ols.intercept, 12);
  });

  it('shrinks the coefficient norm monotonically in alpha, towards 0 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 10, max: 60 }), (seed, n) => {
        const rng = createRng(seed);
        const x = gaussianRows(rng, n, 3);
        const y = x.map((r) => 4 * r[0]! - 2 * r[1]! + r[2]! + gaussian(rng));
        const alphas = [0, 0.01, 0.1, 1, 10, 100, 1e4];
        const norms = alphas.map((a) => norm(fitLinear({ x, y }, 'ridge', a).coefficients));
        for (let i = 1; i < norms.length; i++) expect(norms[i]!).toBeLessThan(norms[i - 1]!);
        expect(norms[norms.length - 1]!).toBeLessThan(norms[0]! * 1e-3);
      }),
      { numRuns: 25 },
    );
  });
});

describe('fitLinear: lasso', () => {
  it('one standardised feature: the slope is the OLS slope soft-thresholded at alpha', () => {
    // Derivation: (1/2n)||y - z b||^2 + alpha |b| with (1/n) sum z^2 = 1 is minimised by sign(r) max(0, |r| - alpha), r = (1/n) sum z y = b_ols.
    const data: Dataset = { x: [[1], [2], [4], [7], [11]], y: [2, 1, 5, 4, 9] };
    const ols = fitLinear(data, 'ols').coefficients[0]!;
    expect(ols).toBeGreaterThan(0);
    for (const alpha of [0, 0.3, 1, ols - 0.01, ols + 0.01, 10]) {
      const lasso = fitLinear(data, 'lasso', alpha);
      expect(lasso.coefficients[0]).toBeCloseTo(Math.max(0, ols - alpha), 10);
    }
  });

  it('sets pure-noise columns exactly to 0 at a moderate alpha and keeps the relevant ones (KKT conditions hold)', () => {
    const rng = createRng(6);
    const n = 400;
    const x = gaussianRows(rng, n, 5); // columns 0 and 1 matter; 2, 3, 4 are pure noise
    const y = x.map((r) => 1 + 3 * r[0]! - 2 * r[1]! + 0.3 * gaussian(rng));
    const alpha = 0.1;
    const fit = fitLinear({ x, y }, 'lasso', alpha);
    expect(fit.coefficients[2]).toBe(0);
    expect(fit.coefficients[3]).toBe(0);
    expect(fit.coefficients[4]).toBe(0);
    // Relevant columns survive, shrunk by about alpha.
    expect(fit.coefficients[0]! / fit.scales[0]!).toBeGreaterThan(2.5);
    expect(fit.coefficients[1]! / fit.scales[1]!).toBeLessThan(-1.5);
    // KKT: with residual r and standardised Z, (1/n) Z_jᵀ r = alpha sign(b_j) where b_j != 0, |.| <= alpha where b_j = 0.
    const z = standardisedByHand(x);
    const yMean = y.reduce((a, b) => a + b, 0) / n;
    const r = y.map((v, i) => v - yMean - z[i]!.reduce((s, zz, j) => s + zz * fit.coefficients[j]!, 0));
    for (let j = 0; j < 5; j++) {
      const g = z.reduce((s, row, i) => s + row[j]! * r[i]!, 0) / n;
      if (fit.coefficients[j] !== 0) expect(g).toBeCloseTo(alpha * Math.sign(fit.coefficients[j]!), 6);
      else expect(Math.abs(g)).toBeLessThanOrEqual(alpha + 1e-9);
    }
  });

  it('alpha 0 approximates OLS', () => {
    const rng = createRng(7);
    const x = gaussianRows(rng, 120, 3).map((r) => [r[0]!, r[1]! + 0.3 * r[0]!, 5 * r[2]! + 2]);
    const y = x.map((r) => 2 - r[0]! + 0.5 * r[1]! + 0.2 * r[2]! + 0.5 * gaussian(rng));
    const ols = fitLinear({ x, y }, 'ols');
    const lasso = fitLinear({ x, y }, 'lasso', 0);
    lasso.coefficients.forEach((c, j) => expect(c).toBeCloseTo(ols.coefficients[j]!, 6));
  });

  it('a very large alpha zeroes every coefficient (prediction = mean label)', () => {
    const data = plane(8, 30, 1);
    const fit = fitLinear(data, 'lasso', 1e6);
    fit.coefficients.forEach((c) => expect(c).toBe(0));
    expect(predictRow(fit, [100, -100])).toBeCloseTo(data.y.reduce((a, b) => a + b, 0) / 30, 10);
  });
});

describe('kFolds', () => {
  it('partitions 0..n-1: every index in exactly one fold, fold sizes differ by at most 1 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 10 }), fc.nat(), (n, kRaw, seed) => {
        const k = Math.min(kRaw, n);
        const folds = kFolds(n, k, createRng(seed));
        expect(folds).toHaveLength(k);
        const all = folds.flat().sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
        const sizes = folds.map((f) => f.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic by seed and shuffles', () => {
    expect(kFolds(50, 5, createRng(9))).toEqual(kFolds(50, 5, createRng(9)));
    expect(kFolds(50, 5, createRng(9))).not.toEqual(kFolds(50, 5, createRng(10)));
    const f = kFolds(50, 1, createRng(9));
    expect(f[0]).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('crossValidatedMse', () => {
  it('equals the mean over folds of a naive OLS fit on the rest, scored on the fold', () => {
    const data = plane(11, 47, 2);
    const folds = kFolds(47, 5, createRng(12));
    let expected = 0;
    for (const test of folds) {
      const train = data.x.map((_, i) => i).filter((i) => !test.includes(i));
      const m = naiveOls(train.map((i) => data.x[i]!), train.map((i) => data.y[i]!));
      expected += test.reduce((s, i) => s + (naivePredict(m, data.x[i]!) - data.y[i]!) ** 2, 0) / test.length;
    }
    expect(crossValidatedMse(data, 'ols', 0, folds)).toBeCloseTo(expected / folds.length, 8);
  });
});

describe('chooseAlpha', () => {
  it('the grid is 25 log-spaced values from 1e-4 to 1e2', () => {
    expect(ALPHA_GRID).toHaveLength(25);
    expect(ALPHA_GRID[0]).toBeCloseTo(1e-4, 12);
    expect(ALPHA_GRID[24]).toBeCloseTo(100, 8);
    for (let i = 1; i < 25; i++) expect(ALPHA_GRID[i]! / ALPHA_GRID[i - 1]!).toBeCloseTo(10 ** 0.25, 10);
  });

  it('picks a small alpha on clean low-noise data with many samples, a large one when y is independent of x', () => {
    // CV is itself noisy on 60 pure-noise rows, so the claim is made over 10 independent datasets.
    for (const method of ['ridge', 'lasso'] as const) {
      let largeOnNoise = 0;
      for (let seed = 0; seed < 10; seed++) {
        const rng = createRng(1000 + seed);
        const xClean = gaussianRows(rng, 300, 3);
        const clean: Dataset = { x: xClean, y: xClean.map((r) => 2 * r[0]! - r[1]! + 0.5 * r[2]! + 0.01 * gaussian(rng)) };
        const xNoise = gaussianRows(rng, 60, 5);
        const noise: Dataset = { x: xNoise, y: xNoise.map(() => gaussian(rng)) };
        const c = chooseAlpha(clean, method, createRng(seed));
        const p = chooseAlpha(noise, method, createRng(seed));
        expect(c.curve).toHaveLength(ALPHA_GRID.length);
        expect(c.alpha).toBeLessThanOrEqual(1e-2);
        expect(c.cvMse).toBeLessThan(1e-3);
        if (p.alpha >= 0.1) largeOnNoise++;
        // The chosen alpha is the curve's minimum.
        for (const r of [c, p]) expect(r.cvMse).toBeLessThanOrEqual(Math.min(...r.curve.map((q) => q.mse)) * (1 + 1e-9));
      }
      expect(largeOnNoise).toBeGreaterThanOrEqual(8);
    }
  });

  it("ridge's curve (each fold's normal equations built once) is crossValidatedMse at every alpha, number for number", () => {
    // The shortcut must change no bit: the shipped models are rebuilt byte for byte from their recipes.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 12, max: 80 }), fc.integer({ min: 1, max: 4 }), (seed, n, k) => {
        const rng = createRng(seed);
        const x = gaussianRows(rng, n, k);
        const data: Dataset = { x, y: x.map((r) => r.reduce((a, v, j) => a + (j + 1) * v, 0) + gaussian(rng)) };
        const r = chooseAlpha(data, 'ridge', createRng(seed + 1));
        const folds = kFolds(n, 5, createRng(seed + 1));
        expect(r.curve.map((c) => c.mse)).toEqual(ALPHA_GRID.map((alpha) => crossValidatedMse(data, 'ridge', alpha, folds)));
      }),
      { numRuns: 40 },
    );
  });

  it('ties go to the larger alpha (a lasso plateau where every coefficient is 0)', () => {
    const data = plane(15, 40, 1);
    const r = chooseAlpha(data, 'lasso', createRng(1), 5, [1e3, 1e4, 1e5]);
    expect(new Set(r.curve.map((c) => c.mse)).size).toBe(1);
    expect(r.alpha).toBe(1e5);
  });
});
