/**
 * A small dense linear solve for the rating model's practice block (a
 * dozen unknowns at most): Gaussian elimination with partial pivoting.
 */

/** Solves M x = r for a K x K matrix `m` (row-major, not changed). A singular pivot gives 0 for that unknown. O(K^3). */
export function solveLinear(m: Float64Array, r: Float64Array, K: number): Float64Array {
  const a = Float64Array.from(m), x = Float64Array.from(r);
  for (let c = 0; c < K; c++) {
    let p = c;
    for (let i = c + 1; i < K; i++) if (Math.abs(a[i * K + c]!) > Math.abs(a[p * K + c]!)) p = i;
    if (p !== c) {
      for (let j = 0; j < K; j++) [a[c * K + j], a[p * K + j]] = [a[p * K + j]!, a[c * K + j]!];
      [x[c], x[p]] = [x[p]!, x[c]!];
    }
    const piv = a[c * K + c]!;
    if (Math.abs(piv) < 1e-300) continue;
    for (let i = c + 1; i < K; i++) {
      const f = a[i * K + c]! / piv;
      if (f === 0) continue;
      for (let j = c; j < K; j++) a[i * K + j]! -= f * a[c * K + j]!;
      x[i]! -= f * x[c]!;
    }
  }
  for (let c = K - 1; c >= 0; c--) {
    const piv = a[c * K + c]!;
    if (Math.abs(piv) < 1e-300) {
      x[c] = 0;
      continue;
    }
    let v = x[c]!;
    for (let j = c + 1; j < K; j++) v -= a[c * K + j]! * x[j]!;
    x[c] = v / piv;
  }
  return x;
}
