/**
 * Small statistics the player-data modules share: ranks with ties, Spearman's
 * rank correlation, the median.
 */

/** 1-based ranks, ties given their mean rank. O(n log n). */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]![1]] = rank;
    i = j + 1;
  }
  return out;
}

/** Spearman's rho: the Pearson correlation of the ranks. NaN with fewer than 2 values or no spread. */
export function spearman(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError('spearman needs two lists of one length');
  const n = a.length;
  if (n < 2) return NaN;
  const ra = ranks(a), rb = ranks(b);
  const mean = (n + 1) / 2;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = ra[i]! - mean, db = rb[i]! - mean;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? NaN : sab / Math.sqrt(saa * sbb);
}

/** The median (mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
