/**
 * A sweep of one generator parameter (SD-PCGRL's temperature, the grid's
 * size, the number of pinned cells): one run per value, each run's levels a
 * set of their own, drawn as one measure's median and quartiles per value
 * (docs/range.md). This module holds what the sweep's curve is made of: the
 * parameter's names, the quartiles of one measure over a set of levels, and
 * the curve's CSV. The runs themselves are the batch evaluation's.
 */
import { MEASURES, type MeasureName } from './measures';

/** The parameters a batch evaluation can sweep. */
export const SWEEP_PARAMETERS = ['temperature', 'size', 'pins'] as const;
export type SweepParameter = (typeof SWEEP_PARAMETERS)[number];

/** A run's place in a sweep: which parameter, and its value (a size is its side: 7 is 7x7). */
export interface SweepValue {
  readonly parameter: SweepParameter;
  readonly value: number;
}

/** The parameter as an axis title: "temperature", "size", "pinned cells". */
export function sweepAxisTitle(parameter: SweepParameter): string {
  return parameter === 'pins' ? 'pinned cells' : parameter;
}

/** One value as the view labels it: "t=0.5", "7x7", "4 pins" (one pin: "1 pin"). */
export function sweepValueLabel(v: SweepValue): string {
  switch (v.parameter) {
    case 'temperature':
      return `t=${v.value}`;
    case 'size':
      return `${v.value}x${v.value}`;
    case 'pins':
      return `${v.value} pin${v.value === 1 ? '' : 's'}`;
  }
}

/** One measure of a set of levels summarised: how many have a value, and their quartiles (NaN when none has). */
export interface MeasureSummary {
  readonly count: number;
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
}

/** The q-quantile (0..1) of ascending values, interpolated linearly between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = q * (sorted.length - 1), lo = Math.floor(at), hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The quartiles of the finite values (a level with no value on the measure, NaN, is left out). O(n log n). */
export function measureSummary(values: ArrayLike<number>): MeasureSummary {
  const finite = Array.from(values).filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return { count: 0, q1: NaN, median: NaN, q3: NaN };
  return { count: finite.length, q1: quantile(finite, 0.25), median: quantile(finite, 0.5), q3: quantile(finite, 0.75) };
}

/** One point of a sweep's curve: the parameter's value and the measure's summary over that run's levels. */
export interface SweepPoint extends MeasureSummary {
  readonly value: number;
}

/** The curve's points: each run's value with its summary, runs with no level on the measure left out, in run order. */
export function sweepPoints(values: readonly number[], summaries: readonly MeasureSummary[]): SweepPoint[] {
  return values.flatMap((value, i) => {
    const s = summaries[i];
    return s === undefined || s.count === 0 ? [] : [{ value, ...s }];
  });
}

/** The curve as CSV: `size,levels,<measure>Q1,<measure>Median,<measure>Q3`, one row per point. */
export function sweepCsv(parameter: SweepParameter, measure: MeasureName, points: readonly SweepPoint[]): string {
  const num = (v: number): string => String(Number(v.toPrecision(12)));
  let out = `${parameter},levels,${measure}Q1,${measure}Median,${measure}Q3\n`;
  for (const p of points) out += `${p.value},${p.count},${num(p.q1)},${num(p.median)},${num(p.q3)}\n`;
  return out;
}

/** The measure's label with its unit hint, for a curve's y axis. */
export function sweepMeasureTitle(measure: MeasureName): string {
  return `${MEASURES[measure].label} (median, quartiles)`;
}
