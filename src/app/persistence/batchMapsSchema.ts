/** The schema of the Batch maps' settings in the workspace record (v3; `workspace.ts`, `store/batchMaps.ts`). */
import { z } from 'zod';
import { MEASURE_NAMES } from '../../core/range/measures';
import { MAX_HIT_RATE_REQUESTS } from '../../workers/batch.protocol';
import { HIT_RATE_SHADES } from '../store/batchMaps';

/** The Batch view's maps' settings (record v3): the expressive range's axes, bins, overlays; the hit-rate map's form. */
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
});
