/**
 * The Batch maps in the workspace record (`workspace.ts`,
 * `store/batchMaps.ts`): their schema, the settings (v3) and the hit-rate
 * map's last run, its grid and the cells done (v5), and how that run is
 * written.
 */
import { z } from 'zod';
import { MEASURE_NAMES } from '../../core/range/measures';
import { RULESET_NAMES } from '../../core/rules/ruleset';
import { hitRateCellOrder, MAX_GRID_VALUES } from '../../core/jobs/hitRate';
import { SeedSchema, SideSchema } from '../../core/util/schemas';
import { MAX_HIT_RATE_CELLS, MAX_HIT_RATE_REQUESTS } from '../../workers/batch.protocol';
import { HIT_RATE_SHADES, type HitRateRun } from '../store/batchMaps';

const share = z.number().min(0).max(1);
const gridValue = z.number().min(0).max(1e9);
const rate = z.number().finite().min(0);

const HitRateCellSchema = z.object({
  target: gridValue,
  second: gridValue.nullable(),
  requests: z.number().int().min(1).max(MAX_HIT_RATE_REQUESTS),
  hits: z.number().int().min(0).max(MAX_HIT_RATE_REQUESTS),
  hitRate: share,
  uniqueShare: share,
  evaluations: z.number().int().min(0),
  cpuSeconds: rate,
  levelsPerCpuSecond: rate,
});

/**
 * The hit-rate map's last run (record v5): done, or stopped (cancelled, or
 * still running when the studio was closed) with the cells done. The cells
 * must be the grid's first cells in its order, each with the grid's
 * requests, and no more hits than requests.
 */
export const SavedHitRateRunSchema = z
  .object({
    status: z.enum(['done', 'cancelled']),
    request: z.object({
      rules: z.enum(RULESET_NAMES),
      width: SideSchema,
      height: SideSchema,
      seed: SeedSchema,
      targets: z.array(gridValue).min(1).max(MAX_GRID_VALUES),
      also: z.object({ measure: z.enum(MEASURE_NAMES), values: z.array(gridValue).min(1).max(MAX_GRID_VALUES) }).exactOptional(),
      requests: z.number().int().min(1).max(MAX_HIT_RATE_REQUESTS),
      evaluations: z.number().int().min(1).max(10_000_000),
    }),
    cells: z.array(HitRateCellSchema).max(MAX_HIT_RATE_CELLS),
    message: z.string().max(1000).nullable(),
    seconds: rate.nullable(),
  })
  .superRefine((run, ctx) => {
    const order = hitRateCellOrder(run.request);
    if (run.cells.length > order.length) {
      ctx.addIssue({ code: 'custom', path: ['cells'], message: `${run.cells.length} cells for a grid of ${order.length}` });
      return;
    }
    run.cells.forEach((c, i) => {
      const at = order[i]!;
      if (c.target !== at.target || c.second !== at.second) ctx.addIssue({ code: 'custom', path: ['cells', i], message: `cell ${i + 1} is not the grid's (target ${at.target}${at.second !== null ? `, ${at.second}` : ''})` });
      else if (c.requests !== run.request.requests || c.hits > c.requests) ctx.addIssue({ code: 'custom', path: ['cells', i], message: `cell ${i + 1} has ${c.hits} hits of ${c.requests} requests, the grid ${run.request.requests} a cell` });
    });
  });

/** The Batch view's maps (record v3 settings, v5 the hit-rate run): the expressive range's axes, bins, overlays; the hit-rate map's form and last run. */
export const BatchMapsSchema = z.object({
  range: z.object({ x: z.enum(MEASURE_NAMES), y: z.enum(MEASURE_NAMES), bins: z.number().int().min(2).max(60), showPack: z.boolean(), showRated: z.boolean() }),
  hitRate: z.object({
    targets: z.string().max(200),
    alsoMeasure: z.enum(MEASURE_NAMES).nullable(),
    alsoValues: z.string().max(200),
    requests: z.number().int().min(1).max(MAX_HIT_RATE_REQUESTS),
    evaluations: z.number().int().min(1).max(10_000_000),
    shade: z.enum(HIT_RATE_SHADES),
  }),
  hitRateRun: SavedHitRateRunSchema.nullable(),
});

/**
 * The hit-rate map's run as saved: a finished or cancelled run as it is; one
 * still running as stopped with the cells done (a reload ends its worker);
 * none for an idle or failed one.
 */
export function saveHitRateRun(run: HitRateRun | null): unknown {
  if (run === null || run.request === null || run.status === 'idle' || run.status === 'failed') return null;
  const stopped = run.status === 'running';
  return {
    status: stopped ? 'cancelled' : run.status,
    request: { ...run.request, targets: [...run.request.targets], ...(run.request.also !== undefined ? { also: { measure: run.request.also.measure, values: [...run.request.also.values] } } : {}) },
    cells: run.cells.map((c) => ({ ...c })),
    message: stopped ? `Stopped by a reload after ${run.cells.length} cell${run.cells.length === 1 ? '' : 's'}; the map shows those.` : run.message,
    seconds: run.seconds,
  };
}
