/**
 * Fitting linear difficulty models (thesis ch. 4, seed 002 §3.4): ordinary
 * least squares, ridge and lasso on standardised features, the
 * regularisation strength chosen by k-fold cross-validation.
 *
 * Linear algebra goes through ml-matrix (Cholesky for the normal equations,
 * with an SVD-based pseudo-inverse when the system is singular); lasso uses
 * cyclic coordinate descent on the standardised design, the usual solver for
 * that problem. Objectives (n rows, standardised Z, centred y):
 * - ols:   min ||y - Z b||^2
 * - ridge: min ||y - Z b||^2 + alpha * n * ||b||^2
 * - lasso: min (1 / 2n) ||y - Z b||^2 + alpha * ||b||_1
 * Ridge's alpha is scaled by n so one alpha grid suits both penalties and any
 * dataset size.
 */
import { CholeskyDecomposition, Matrix, pseudoInverse } from 'ml-matrix';
import type { FitMethod } from './model';
import type { Rng } from '../util/rng';

/** Samples for fitting: `x[i]` holds the features of sample i (all rows the same length), `y[i]` its label. */
export interface Dataset {
  /** Row-major feature matrix: rows[i][j] is feature j of sample i. */
  readonly x: readonly (readonly number[])[];
  readonly y: readonly number[];
}

/**
 * A fitted linear model on standardised features: predict
 * `intercept + sum coefficients[j] * (x[j] - means[j]) / scales[j]`
 * (scales are positive; a constant feature gets scale 1).
 */
export interface LinearFit {
  readonly means: number[];
  readonly scales: number[];
  /** Coefficients on standardised features. */
  readonly coefficients: number[];
  readonly intercept: number;
  readonly method: FitMethod;
  readonly alpha: number;
}

/** Column means and standard deviations (population); a constant column gets scale 1. */
export function standardisation(x: readonly (readonly number[])[]): { means: number[]; scales: number[] } {
  const k = x[0]?.length ?? 0;
  const means = new Array<number>(k).fill(0);
  const scales = new Array<number>(k).fill(0);
  for (const row of x) for (let j = 0; j < k; j++) means[j]! += row[j]!;
  for (let j = 0; j < k; j++) means[j]! /= Math.max(1, x.length);
  for (const row of x) for (let j = 0; j < k; j++) scales[j]! += (row[j]! - means[j]!) ** 2;
  for (let j = 0; j < k; j++) {
    const sd = Math.sqrt(scales[j]! / Math.max(1, x.length));
    scales[j] = sd > 1e-12 ? sd : 1;
  }
  return { means, scales };
}

function standardise(x: readonly (readonly number[])[], means: number[], scales: number[]): number[][] {
  return x.map((row) => row.map((v, j) => (v - means[j]!) / scales[j]!));
}

/** Fits `method` with penalty `alpha` (ignored for ols). Needs at least 2 rows. */
export function fitLinear(data: Dataset, method: FitMethod, alpha = 0): LinearFit {
  if (data.x.length < 2) throw new Error('fitLinear needs at least two samples');
  if (data.x.length !== data.y.length) throw new Error('fitLinear: x and y differ in length');
  const { means, scales } = standardisation(data.x);
  const z = standardise(data.x, means, scales);
  const n = z.length;
  const yMean = data.y.reduce((a, b) => a + b, 0) / n;
  const yc = data.y.map((v) => v - yMean);
  const coefficients = method === 'lasso' ? lassoCoordinateDescent(z, yc, alpha) : ridgeSolve(z, yc, method === 'ols' ? 0 : alpha * n);
  return { means, scales, coefficients, intercept: yMean, method, alpha: method === 'ols' ? 0 : alpha };
}

/** The normal equations Z'Z b = Z'y of a standardised design, before any penalty: they do not depend on alpha. */
interface NormalEquations {
  readonly zz: Matrix;
  readonly zy: Matrix;
}

function normalEquations(z: number[][], y: number[]): NormalEquations {
  const Z = new Matrix(z);
  const Zt = Z.transpose();
  return { zz: Zt.mmul(Z), zy: Zt.mmul(Matrix.columnVector(y)) };
}

/** (Z'Z + penalty I) b = Z'y. */
function solveRidge({ zz, zy }: NormalEquations, penalty: number): number[] {
  const A = zz.clone();
  for (let j = 0; j < A.rows; j++) A.set(j, j, A.get(j, j) + penalty);
  const chol = new CholeskyDecomposition(A);
  const sol = chol.isPositiveDefinite() ? chol.solve(zy) : pseudoInverse(A).mmul(zy);
  return sol.to1DArray();
}

function ridgeSolve(z: number[][], y: number[], penalty: number): number[] {
  return solveRidge(normalEquations(z, y), penalty);
}

/**
 * Ridge on one training set for many alphas: the standardisation and the
 * normal equations are built once, each alpha only adds its penalty, so
 * `fitFor(alpha)` equals `fitLinear(data, 'ridge', alpha)` number for number
 * (the same operations in the same order) at a fraction of the cost.
 */
function ridgePath(data: Dataset): (alpha: number) => LinearFit {
  if (data.x.length < 2) throw new Error('fitLinear needs at least two samples');
  const { means, scales } = standardisation(data.x);
  const z = standardise(data.x, means, scales);
  const n = z.length;
  const yMean = data.y.reduce((a, b) => a + b, 0) / n;
  const system = normalEquations(z, data.y.map((v) => v - yMean));
  return (alpha) => ({ means, scales, coefficients: solveRidge(system, alpha * n), intercept: yMean, method: 'ridge', alpha });
}

function lassoCoordinateDescent(z: number[][], y: number[], alpha: number, maxSweeps = 2000, tol = 1e-10): number[] {
  const n = z.length, k = z[0]!.length;
  const beta = new Array<number>(k).fill(0);
  const residual = y.slice();
  const colSq = new Array<number>(k).fill(0);
  for (const row of z) for (let j = 0; j < k; j++) colSq[j]! += row[j]! ** 2;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let maxChange = 0;
    for (let j = 0; j < k; j++) {
      if (colSq[j]! === 0) continue;
      let rho = 0;
      for (let i = 0; i < n; i++) rho += z[i]![j]! * (residual[i]! + z[i]![j]! * beta[j]!);
      rho /= n;
      const next = Math.sign(rho) * Math.max(0, Math.abs(rho) - alpha) / (colSq[j]! / n);
      const delta = next - beta[j]!;
      if (delta !== 0) {
        for (let i = 0; i < n; i++) residual[i]! -= z[i]![j]! * delta;
        beta[j] = next;
        maxChange = Math.max(maxChange, Math.abs(delta));
      }
    }
    if (maxChange < tol) break;
  }
  return beta;
}

/** Prediction of a fit for one raw feature row. */
export function predictRow(fit: LinearFit, row: readonly number[]): number {
  let y = fit.intercept;
  for (let j = 0; j < row.length; j++) y += (fit.coefficients[j]! * (row[j]! - fit.means[j]!)) / fit.scales[j]!;
  return y;
}

/** Mean squared error of `fit` on `data` (0 for no rows). O(rows x features). */
export function meanSquaredError(fit: LinearFit, data: Dataset): number {
  let s = 0;
  for (let i = 0; i < data.x.length; i++) s += (predictRow(fit, data.x[i]!) - data.y[i]!) ** 2;
  return s / Math.max(1, data.x.length);
}

/** Rows at `idx`. */
export function subset(data: Dataset, idx: readonly number[]): Dataset {
  return { x: idx.map((i) => data.x[i]!), y: idx.map((i) => data.y[i]!) };
}

/** Only the columns `cols` of the features. */
export function selectColumns(data: Dataset, cols: readonly number[]): Dataset {
  return { x: data.x.map((row) => cols.map((c) => row[c]!)), y: data.y };
}

/** A seeded permutation of 0..n-1 (Fisher-Yates). */
export function permutation(n: number, rng: Rng): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

/** k folds of a seeded permutation: each fold's test indices. */
export function kFolds(n: number, k: number, rng: Rng): number[][] {
  const p = permutation(n, rng);
  return Array.from({ length: k }, (_, f) => p.filter((_, i) => i % k === f));
}

/** Mean test MSE over k folds. */
export function crossValidatedMse(data: Dataset, method: FitMethod, alpha: number, folds: readonly number[][]): number {
  let total = 0;
  for (const test of folds) {
    const inTest = new Set(test);
    const train = data.x.map((_, i) => i).filter((i) => !inTest.has(i));
    total += meanSquaredError(fitLinear(subset(data, train), method, alpha), subset(data, test));
  }
  return total / folds.length;
}

/** {@link crossValidatedMse} of ridge for every alpha of `grid`, each fold's system built once ({@link ridgePath}). */
function ridgeCurve(data: Dataset, grid: readonly number[], folds: readonly number[][]): { alpha: number; mse: number }[] {
  const totals = new Array<number>(grid.length).fill(0);
  for (const test of folds) {
    const inTest = new Set(test);
    const train = data.x.map((_, i) => i).filter((i) => !inTest.has(i));
    const fitFor = ridgePath(subset(data, train));
    const held = subset(data, test);
    grid.forEach((alpha, a) => {
      totals[a]! += meanSquaredError(fitFor(alpha), held);
    });
  }
  return grid.map((alpha, a) => ({ alpha, mse: totals[a]! / folds.length }));
}

/** The default alpha grid: 25 values from 1e-4 to 1e2, log-spaced. */
export const ALPHA_GRID: readonly number[] = Array.from({ length: 25 }, (_, i) => 10 ** (-4 + (6 * i) / 24));

/** Chooses alpha by k-fold CV (lowest mean MSE; ties go to the larger alpha). */
export function chooseAlpha(data: Dataset, method: 'ridge' | 'lasso', rng: Rng, k = 5, grid: readonly number[] = ALPHA_GRID): { alpha: number; cvMse: number; curve: { alpha: number; mse: number }[] } {
  const folds = kFolds(data.x.length, Math.min(k, data.x.length), rng);
  const curve = method === 'ridge' ? ridgeCurve(data, grid, folds) : grid.map((alpha) => ({ alpha, mse: crossValidatedMse(data, method, alpha, folds) }));
  let best = curve[0]!;
  for (const c of curve) if (c.mse <= best.mse * (1 + 1e-9)) best = c;
  return { alpha: best.alpha, cvMse: best.mse, curve };
}

/** Fits with alpha by 5-fold CV for ridge and lasso, plain for ols. */
export function fitWithCv(data: Dataset, method: FitMethod, rng: Rng): LinearFit {
  if (method === 'ols') return fitLinear(data, 'ols');
  return fitLinear(data, method, chooseAlpha(data, method, rng).alpha);
}
