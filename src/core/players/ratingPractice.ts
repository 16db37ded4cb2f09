/**
 * The rating model's practice block (rating.ts): which bin of "levels met
 * before" a time falls in, whether the order is known and varied, the
 * joint solve of intensities and practice (a Schur complement on the small
 * practice block), and the variance practice's uncertainty adds to each
 * level's rating.
 */
import type { PracticeFit, TimeColumns } from './rating';
import { solveLinear } from './ratingLinear';

/** Prior spread of each practice bin's effect (tau): up to about a third faster or slower is plausible without data. */
export const PRACTICE_PRIOR_SPREAD = 0.3;

/** Practice bin of a position: 0 for the first level met, then 1, 2, 3, 4-7, 8-15, ... levels before; -1 unknown. */
export function practiceBin(position: number): number {
  if (!Number.isFinite(position)) return -1;
  return position < 4 ? Math.max(0, Math.floor(position)) : 2 + Math.floor(Math.log2(position));
}

/** Whether the order is known and, if so, whether players met the levels in differing orders (some level seen at several practice bins). */
export function practiceOrder(t: TimeColumns, bin: Int8Array, levelCount: number): PracticeFit['order'] {
  let known = 0;
  for (let k = 0; k < t.n; k++) if (bin[k]! >= 0) known++;
  if (known === 0 || known < t.n / 2) return 'unknown';
  // Share of times whose level's most common bin is not theirs: 0 when everyone played in one order.
  const counts = new Map<number, number>();
  for (let k = 0; k < t.n; k++) if (bin[k]! >= 0) counts.set(t.level[k]! * 64 + bin[k]!, (counts.get(t.level[k]! * 64 + bin[k]!) ?? 0) + 1);
  const top = new Float64Array(levelCount);
  for (const [key, c] of counts) top[Math.floor(key / 64)] = Math.max(top[Math.floor(key / 64)]!, c);
  let agree = 0;
  for (let i = 0; i < levelCount; i++) agree += top[i]!;
  return 1 - agree / known > 0.2 ? 'varied' : 'fixed';
}

/** Solves the joint (b, theta) normal equations by eliminating b: (D - B' A^-1 B) theta = r_theta - B' A^-1 r_b. */
export function solvePractice(levelCount: number, K: number, A: Float64Array, rb: Float64Array, cross: Float64Array, D: Float64Array, rt: Float64Array): { theta: Float64Array } {
  const S = new Float64Array(K * K), rhs = new Float64Array(K);
  for (let c = 1; c <= K; c++) {
    S[(c - 1) * K + (c - 1)] = D[c]! + 1 / PRACTICE_PRIOR_SPREAD ** 2;
    rhs[c - 1] = rt[c]!;
  }
  for (let i = 0; i < levelCount; i++) {
    const a = A[i]!;
    if (a <= 0) continue;
    for (let c = 1; c <= K; c++) {
      const bc = cross[i * (K + 1) + c]!;
      if (bc === 0) continue;
      rhs[c - 1]! -= (bc * rb[i]!) / a;
      for (let d = 1; d <= K; d++) S[(c - 1) * K + (d - 1)]! -= (bc * cross[i * (K + 1) + d]!) / a;
    }
  }
  const x = solveLinear(S, rhs, K);
  const theta = new Float64Array(K + 1);
  for (let c = 1; c <= K; c++) theta[c] = x[c - 1]!;
  return { theta };
}

/** Per level, the variance practice's uncertainty adds to b_i: (A^-1 B S^-1 B' A^-1)_ii. */
export function practiceVariance(levelCount: number, K: number, A: Float64Array, cross: Float64Array, D: Float64Array): Float64Array {
  const S = new Float64Array(K * K);
  for (let c = 1; c <= K; c++) S[(c - 1) * K + (c - 1)] = D[c]! + 1 / PRACTICE_PRIOR_SPREAD ** 2;
  for (let i = 0; i < levelCount; i++) {
    for (let c = 1; c <= K; c++) {
      const bc = cross[i * (K + 1) + c]!;
      if (bc === 0) continue;
      for (let d = 1; d <= K; d++) S[(c - 1) * K + (d - 1)]! -= (bc * cross[i * (K + 1) + d]!) / A[i]!;
    }
  }
  const out = new Float64Array(levelCount);
  const row = new Float64Array(K);
  for (let i = 0; i < levelCount; i++) {
    let any = false;
    for (let c = 1; c <= K; c++) {
      row[c - 1] = cross[i * (K + 1) + c]! / A[i]!;
      if (row[c - 1] !== 0) any = true;
    }
    if (!any) continue;
    const x = solveLinear(S, row, K);
    let q = 0;
    for (let c = 0; c < K; c++) q += row[c]! * x[c]!;
    out[i] = Math.max(0, q);
  }
  return out;
}
