/**
 * Naive linear algebra for difficulty-model tests, written from the textbook
 * and independent of ml-matrix and of src/core/difficulty/fit.ts: Gauss-Jordan
 * elimination with partial pivoting, OLS with an intercept column through the
 * normal equations, and Gaussian noise by Box-Muller.
 */
import type { Rng } from '../../src/core/util/rng';

/** Solves A x = b (A square, non-singular) by Gauss-Jordan with partial pivoting. */
export function gaussJordanSolve(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = a.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-300) throw new Error('gaussJordanSolve: singular matrix');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    for (let c = col; c <= n; c++) m[col]![c]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row) => row[n]!);
}

/** XᵀX and Xᵀy of a design matrix. */
export function normalEquations(x: readonly (readonly number[])[], y: readonly number[]): { xtx: number[][]; xty: number[] } {
  const k = x[0]!.length;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (let i = 0; i < x.length; i++) {
    const row = x[i]!;
    for (let a = 0; a < k; a++) {
      xty[a]! += row[a]! * y[i]!;
      for (let b = 0; b < k; b++) xtx[a]![b]! += row[a]! * row[b]!;
    }
  }
  return { xtx, xty };
}

/** OLS on raw features with an intercept: returns { intercept, coef } in raw units. */
export function naiveOls(x: readonly (readonly number[])[], y: readonly number[]): { intercept: number; coef: number[] } {
  const design = x.map((row) => [1, ...row]);
  const { xtx, xty } = normalEquations(design, y);
  const beta = gaussJordanSolve(xtx, xty);
  return { intercept: beta[0]!, coef: beta.slice(1) };
}

/** Prediction of a raw-unit linear model. */
export function naivePredict(model: { intercept: number; coef: readonly number[] }, row: readonly number[]): number {
  return row.reduce((s, v, j) => s + model.coef[j]! * v, model.intercept);
}

/** Column means and population standard deviations, computed the plain way. */
export function naiveStandardisation(x: readonly (readonly number[])[]): { means: number[]; sds: number[] } {
  const n = x.length, k = x[0]!.length;
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / n);
  const sds = Array.from({ length: k }, (_, j) => Math.sqrt(x.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / n));
  return { means, sds };
}

/** A standard normal draw (Box-Muller). */
export function gaussian(rng: Rng): number {
  let u = rng.next();
  while (u === 0) u = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** n rows of k independent standard normal features. */
export function gaussianRows(rng: Rng, n: number, k: number): number[][] {
  return Array.from({ length: n }, () => Array.from({ length: k }, () => gaussian(rng)));
}

/** Raw-unit coefficients and intercept of a fit made on standardised features. */
export function unstandardise(fit: { means: readonly number[]; scales: readonly number[]; coefficients: readonly number[]; intercept: number }): {
  intercept: number;
  coef: number[];
} {
  const coef = fit.coefficients.map((c, j) => c / fit.scales[j]!);
  const intercept = fit.intercept - coef.reduce((s, c, j) => s + c * fit.means[j]!, 0);
  return { intercept, coef };
}
