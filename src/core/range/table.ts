/**
 * The measures of a set of levels, one row per level: what an
 * expressive-range map is drawn from, and what a bin opens (the levels'
 * rows). Typed arrays, so a table crosses a worker boundary as one copy.
 */
import { toRows, type Level } from '../level/level';
import { measureIndex, MEASURE_NAMES, type MeasureName } from './measures';

export interface MeasureTable {
  /** Each level's text rows joined by `/`. */
  readonly levels: readonly string[];
  /** `levels.length * MEASURE_NAMES.length` values, level after level in {@link MEASURE_NAMES} order; NaN where a level has none. */
  readonly values: Float64Array;
}

/** Appends levels and their measure vectors (`levelMeasures`); `table()` copies out what is there. */
export class MeasureTableBuilder {
  private readonly levels: string[] = [];
  private values = new Float64Array(1024 * MEASURE_NAMES.length);

  get size(): number {
    return this.levels.length;
  }

  add(level: Level, measures: Float64Array): void {
    const k = MEASURE_NAMES.length, at = this.levels.length * k;
    if (at + k > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values.set(measures.subarray(0, k), at);
    this.levels.push(toRows(level).join('/'));
  }

  table(): MeasureTable {
    return { levels: [...this.levels], values: this.values.slice(0, this.levels.length * MEASURE_NAMES.length) };
  }
}

/** One measure of every level of a table. */
export function measureColumn(table: MeasureTable, name: MeasureName): Float64Array {
  const k = MEASURE_NAMES.length, j = measureIndex(name), n = table.levels.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = table.values[i * k + j]!;
  return out;
}
