/**
 * Each level's rating as a median (rating.ts): the rating is the median
 * seconds of an average-speed player meeting the level first, so once the
 * model has placed the players (speed, the level's weight on it) and
 * practice, the level's own median is read from its adjusted times without
 * assuming their shape: a Kaplan-Meier estimate (a give-up is a time known
 * only to be longer), with Greenwood's variance turned into the median's
 * through the density there. Two-mode ("insight") levels and skewed or
 * heavy-tailed times move a fitted mean but not this median.
 */

export interface LevelMedians {
  /** Median adjusted log time per level; NaN when the give-ups leave it undetermined (more than half censored early). */
  readonly median: Float64Array;
  /** Its variance (NaN with the median). */
  readonly variance: Float64Array;
}

/**
 * `x` adjusted log times, `solved` 0 for a give-up, grouped by `level`;
 * `sigma(i)` sets the density's bandwidth. O(times log times).
 */
export function levelMedians(levelCount: number, n: number, level: Int32Array, x: Float64Array, solved: Uint8Array, sigma: (i: number) => number): LevelMedians {
  const start = new Int32Array(levelCount + 1);
  for (let k = 0; k < n; k++) start[level[k]! + 1]!++;
  for (let i = 0; i < levelCount; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, levelCount), idx = new Int32Array(n);
  for (let k = 0; k < n; k++) idx[fill[level[k]!]!++] = k;
  const median = new Float64Array(levelCount).fill(NaN), variance = new Float64Array(levelCount).fill(NaN);
  for (let i = 0; i < levelCount; i++) {
    const m = start[i + 1]! - start[i]!;
    if (m < 3) continue;
    // Times in order; at a tie an event comes before a give-up (the usual Kaplan-Meier convention).
    const order = Array.from(idx.subarray(start[i]!, start[i + 1]!)).sort((a, b) => x[a]! - x[b]! || solved[b]! - solved[a]!);
    const ts: number[] = [], surv: number[] = [], green: number[] = [];
    let S = 1, g = 0, atRisk = m;
    for (let r = 0; r < order.length; ) {
      const t = x[order[r]!]!;
      let d = 0, c = 0;
      while (r < order.length && x[order[r]!]! === t) {
        if (solved[order[r]!] === 1) d++;
        else c++;
        r++;
      }
      if (d > 0) {
        S *= 1 - d / atRisk;
        if (atRisk > d) g += d / (atRisk * (atRisk - d));
        ts.push(t);
        surv.push(S);
        green.push(g);
      }
      atRisk -= d + c;
    }
    const at = surv.findIndex((s) => s <= 0.5);
    if (at < 0) continue;
    const med = ts[at]!;
    // Density at the median from the Kaplan-Meier CDF over a window of a few tenths of the level's spread.
    const h = 1.06 * sigma(i) * Math.pow(m, -0.2);
    const F = (v: number): number => {
      let j = -1;
      for (let lo = 0, hi = ts.length - 1; lo <= hi; ) {
        const mid = (lo + hi) >> 1;
        if (ts[mid]! <= v) { j = mid; lo = mid + 1; } else hi = mid - 1;
      }
      return j < 0 ? 0 : 1 - surv[j]!;
    };
    const f = (F(med + h) - F(med - h)) / (2 * h);
    if (!(f > 0)) continue;
    const varS = surv[at]! ** 2 * green[at]!;
    median[i] = med;
    // At least the variance of a median of m normal times (pi/2 sigma^2/m... of the density found): a floor for few, tied times.
    variance[i] = Math.max(varS, 0.25 / m) / (f * f);
  }
  return { median, variance };
}
