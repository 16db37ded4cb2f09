/**
 * The range worker's protocol: what an expressive-range request holds (the
 * measures of each set of levels drawn side by side, the levels drawn over
 * them) and what comes back. The page imports this without the api.
 */
import { z } from 'zod';
import { DifficultyModelField } from '../core/difficulty/model';
import { MAX_BINS, type RangeAxis, type RangeMap } from '../core/range/histogram';
import { MEASURE_NAMES } from '../core/range/measures';
import { RULESET_NAMES } from '../core/rules/ruleset';
import { wholeNumber } from '../core/util/schemas';
import type { MeasureSummary } from '../core/range/sweep';

/** Most sets drawn side by side (SD-PCGRL's most temperatures, the pack and a few more). */
export const MAX_RANGE_GROUPS = 30;
/** Most levels over all sets of one request. */
export const MAX_RANGE_LEVELS = 5_000_000;
/** Most levels drawn over the maps (a full pack). */
export const MAX_OVERLAY_LEVELS = 10_000;

const Measure = z.enum(MEASURE_NAMES, { error: `the measure must be one of ${MEASURE_NAMES.join(', ')}` });

const TableSchema = z
  .object({
    levels: z.array(z.string().max(300)),
    values: z.custom<Float64Array>((v) => v instanceof Float64Array, { error: 'a table\'s values must be a Float64Array' }),
  })
  .refine((t) => t.values.length === t.levels.length * MEASURE_NAMES.length, `a table holds ${MEASURE_NAMES.length} values per level`);

export const RangeRequestSchema = z
  .object({
    x: Measure,
    y: Measure,
    bins: wholeNumber('the bins per axis', 1, MAX_BINS),
    groups: z.array(z.object({ label: z.string().max(100), table: TableSchema })).min(1, 'nothing to map').max(MAX_RANGE_GROUPS),
    /** Levels drawn over every map: the pack's, and the rated ones (whose difficulty is their rating). */
    overlays: z
      .array(
        z.object({
          kind: z.enum(['pack', 'rated']),
          rules: z.enum(RULESET_NAMES),
          levels: z.array(z.object({ rows: z.array(z.string().max(16)).min(1).max(16), difficulty: z.number().nullable().optional() })).max(MAX_OVERLAY_LEVELS),
        }),
      )
      .max(4),
    model: DifficultyModelField,
  })
  .refine((r) => r.groups.reduce((n, g) => n + g.table.levels.length, 0) <= MAX_RANGE_LEVELS, `at most ${MAX_RANGE_LEVELS} levels in all`);
export type RangeRequest = z.input<typeof RangeRequestSchema>;

/** One measure of one set, summarised (a sweep's curve): quartiles over the levels that have a value (`core/range/sweep.ts`). */
export type RangeSummary = MeasureSummary;

/** A level drawn over the maps: its place, and its position in the overlay's list. */
export interface RangePoint {
  readonly x: number;
  readonly y: number;
  readonly index: number;
}

export interface RangeResult {
  readonly x: RangeAxis;
  readonly y: RangeAxis;
  /** One map per group, on the shared axes. */
  readonly maps: RangeMap[];
  /** Per group, its x and y summaries. */
  readonly summaries: { readonly x: RangeSummary; readonly y: RangeSummary }[];
  readonly overlays: { readonly kind: 'pack' | 'rated'; readonly points: RangePoint[]; readonly missing: number }[];
  readonly milliseconds: number;
}
