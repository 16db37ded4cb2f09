/**
 * The expressive-range map: a 2-D histogram of two measures over a set of
 * levels, with its bin edges, counts, occupied bins and holes. Pure and
 * allocation-light (one pass over two columns), so the CLI, the batch worker
 * and tests share it. Several sets drawn side by side share their axes
 * ({@link sharedAxis}), so the same bin means the same thing in each map.
 *
 * Invariant: `placed + missing + outside === read`, and the counts add up to
 * `placed`.
 */
import { MEASURES, type MeasureName, type MeasureScale } from './measures';

/** One axis: its measure, scale and `bins + 1` ascending edges in the measure's own units. Bin i is [edges[i], edges[i+1]); the last bin holds its upper edge. */
export interface RangeAxis {
  readonly measure: MeasureName;
  readonly scale: MeasureScale;
  readonly edges: readonly number[];
}

/** Most bins per axis. */
export const MAX_BINS = 200;
/** Bins per axis when none is asked for. */
export const DEFAULT_BINS = 20;

const forward = (scale: MeasureScale, v: number): number => (scale === 'log' ? Math.log10(1 + Math.max(0, v)) : v);
const backward = (scale: MeasureScale, t: number): number => (scale === 'log' ? 10 ** t - 1 : t);

/**
 * An axis of `bins` equal bins (on the measure's scale) from the smallest to
 * the largest finite value in `columns` (several sets: their union). With no
 * finite value the axis spans [0, 1]; with one distinct value, that value ± 0.5.
 */
export function sharedAxis(measure: MeasureName, columns: readonly ArrayLike<number>[], bins = DEFAULT_BINS): RangeAxis {
  if (!Number.isInteger(bins) || bins < 1 || bins > MAX_BINS) throw new Error(`sharedAxis: bins must be a whole number from 1 to ${MAX_BINS}, got ${bins}`);
  let lo = Infinity, hi = -Infinity;
  for (const column of columns) {
    for (let i = 0; i < column.length; i++) {
      const v = column[i]!;
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const scale = MEASURES[measure].scale;
  if (lo === Infinity) return axisBetween(measure, 0, 1, bins);
  if (lo === hi) return scale === 'log' ? axisBetween(measure, Math.max(0, lo - 0.5), hi + 0.5, bins) : axisBetween(measure, lo - 0.5, hi + 0.5, bins);
  return axisBetween(measure, lo, hi, bins);
}

/** An axis of `bins` equal bins (on the measure's scale) from `lo` to `hi` (lo < hi). */
export function axisBetween(measure: MeasureName, lo: number, hi: number, bins = DEFAULT_BINS): RangeAxis {
  if (!(lo < hi)) throw new Error(`axisBetween: ${lo} is not below ${hi}`);
  const scale = MEASURES[measure].scale;
  const t0 = forward(scale, lo), t1 = forward(scale, hi);
  const edges: number[] = [lo];
  for (let i = 1; i < bins; i++) edges.push(backward(scale, t0 + ((t1 - t0) * i) / bins));
  edges.push(hi);
  return { measure, scale, edges };
}

/** Where `v` lies along `axis`, as a fraction of its length (0 at the first edge, 1 at the last; on the axis's scale). */
export function axisFraction(axis: RangeAxis, v: number): number {
  const e = axis.edges, t0 = forward(axis.scale, e[0]!), t1 = forward(axis.scale, e[e.length - 1]!);
  return (forward(axis.scale, v) - t0) / (t1 - t0);
}

/** The bin of `v` on `axis`: -1 when `v` is not a number (no value), -2 when it lies outside the axis. */
export function binIndex(axis: RangeAxis, v: number): number {
  if (!Number.isFinite(v)) return -1;
  const e = axis.edges, bins = e.length - 1;
  if (v < e[0]! || v > e[bins]!) return -2;
  if (v === e[bins]) return bins - 1;
  const t0 = forward(axis.scale, e[0]!), t1 = forward(axis.scale, e[bins]!);
  let i = Math.min(bins - 1, Math.max(0, Math.floor(((forward(axis.scale, v) - t0) / (t1 - t0)) * bins)));
  // The edges are the truth: rounding in the transform may put a value on an edge one bin off.
  while (i > 0 && v < e[i]!) i--;
  while (i < bins - 1 && v >= e[i + 1]!) i++;
  return i;
}

/** A 2-D histogram of one set of levels. `counts[xi * yBins + yi]` is the bin at column xi, row yi. */
export interface RangeMap {
  readonly x: RangeAxis;
  readonly y: RangeAxis;
  readonly counts: Uint32Array;
  /** Levels read. */
  readonly read: number;
  /** Levels in a bin. */
  readonly placed: number;
  /** Levels with no value on one of the measures (an unsolvable level's difficulty, paint's solutions). */
  readonly missing: number;
  /** Levels with values outside the axes (only when the axes were set by hand). */
  readonly outside: number;
  /** Bins holding at least one level. */
  readonly occupied: number;
  /** Empty bins inside the occupied region: an occupied bin lies on both sides of them along their row and along their column. */
  readonly holes: number;
}

/** Bins along each axis of a map. */
export function mapShape(map: Pick<RangeMap, 'x' | 'y'>): { xBins: number; yBins: number } {
  return { xBins: map.x.edges.length - 1, yBins: map.y.edges.length - 1 };
}

/** The map of the levels whose measures are `xs[i]`, `ys[i]` (equal lengths). O(levels + bins). */
export function rangeMap(xs: ArrayLike<number>, ys: ArrayLike<number>, x: RangeAxis, y: RangeAxis): RangeMap {
  if (xs.length !== ys.length) throw new Error(`rangeMap: ${xs.length} x values but ${ys.length} y values`);
  const { xBins, yBins } = mapShape({ x, y });
  const counts = new Uint32Array(xBins * yBins);
  let placed = 0, missing = 0, outside = 0;
  for (let i = 0; i < xs.length; i++) {
    const xi = binIndex(x, xs[i]!), yi = binIndex(y, ys[i]!);
    if (xi === -1 || yi === -1) missing++;
    else if (xi < 0 || yi < 0) outside++;
    else {
      counts[xi * yBins + yi]!++;
      placed++;
    }
  }
  let occupied = 0;
  for (let k = 0; k < counts.length; k++) if (counts[k]! > 0) occupied++;
  return { x, y, counts, read: xs.length, placed, missing, outside, occupied, holes: countHoles(counts, xBins, yBins) };
}

/** Empty bins with an occupied bin on both sides along their row and along their column. */
export function countHoles(counts: ArrayLike<number>, xBins: number, yBins: number): number {
  const at = (xi: number, yi: number): boolean => counts[xi * yBins + yi]! > 0;
  // First and last occupied bin of each column (fixed x) and each row (fixed y).
  const colLo = new Int32Array(xBins).fill(-1), colHi = new Int32Array(xBins).fill(-1);
  const rowLo = new Int32Array(yBins).fill(-1), rowHi = new Int32Array(yBins).fill(-1);
  for (let xi = 0; xi < xBins; xi++) {
    for (let yi = 0; yi < yBins; yi++) {
      if (!at(xi, yi)) continue;
      if (colLo[xi] === -1) colLo[xi] = yi;
      colHi[xi] = yi;
      if (rowLo[yi] === -1) rowLo[yi] = xi;
      rowHi[yi] = xi;
    }
  }
  let holes = 0;
  for (let xi = 0; xi < xBins; xi++) {
    for (let yi = 0; yi < yBins; yi++) {
      if (at(xi, yi)) continue;
      if (colLo[xi]! < yi && yi < colHi[xi]! && rowLo[yi]! < xi && xi < rowHi[yi]!) holes++;
    }
  }
  return holes;
}

/** Indices of the levels in bin (xi, yi) of axes `x`, `y`, in order: what the studio opens when a bin is clicked. */
export function levelsInBin(xs: ArrayLike<number>, ys: ArrayLike<number>, x: RangeAxis, y: RangeAxis, xi: number, yi: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) if (binIndex(x, xs[i]!) === xi && binIndex(y, ys[i]!) === yi) out.push(i);
  return out;
}

/** The map as JSON-ready data: axes, counts as rows per x bin, and the totals. */
export function rangeMapJson(map: RangeMap): Record<string, unknown> {
  const { xBins, yBins } = mapShape(map);
  const counts: number[][] = [];
  for (let xi = 0; xi < xBins; xi++) counts.push(Array.from(map.counts.subarray(xi * yBins, (xi + 1) * yBins)));
  return {
    x: map.x, y: map.y, counts,
    read: map.read, placed: map.placed, missing: map.missing, outside: map.outside,
    bins: xBins * yBins, occupied: map.occupied, holes: map.holes,
  };
}

/** Shortest decimal that reads back as `v` to 6 significant digits (edges in CSV). */
const edgeText = (v: number): string => String(Number(v.toPrecision(6)));

/** The map as CSV: a header, then one row per bin (x from/to, y from/to, count), x bins outer; `group` adds a first column. */
export function rangeMapCsv(map: RangeMap, group?: string, header = true): string {
  const { xBins, yBins } = mapShape(map);
  const head = `${group !== undefined ? 'group,' : ''}${map.x.measure}From,${map.x.measure}To,${map.y.measure}From,${map.y.measure}To,count\n`;
  const quote = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  let out = header ? head : '';
  for (let xi = 0; xi < xBins; xi++) {
    for (let yi = 0; yi < yBins; yi++) {
      out += `${group !== undefined ? quote(group) + ',' : ''}${edgeText(map.x.edges[xi]!)},${edgeText(map.x.edges[xi + 1]!)},${edgeText(map.y.edges[yi]!)},${edgeText(map.y.edges[yi + 1]!)},${map.counts[xi * yBins + yi]!}\n`;
    }
  }
  return out;
}
