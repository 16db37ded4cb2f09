/** The layout worker's protocol: a graph's shape, the layout wanted and the canvas's aspect in, node positions out. */
import { z } from 'zod';

export const LAYOUT_NAMES = ['layered', 'dagre'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/**
 * Dagre is refused above this many states: it grows much faster than the
 * layered layout (an 837-state level took 5.3 s on a busy machine, against
 * 226 ms for the layered one; docs/BENCHMARKS.md). It runs in the layout
 * worker, so the page stays responsive either way; the limit keeps the wait
 * for a drawing short.
 */
export const DAGRE_LIMIT = 1_000;

/** A graph's shape, as the layouts need it: depths per node, edges as (from, to) pairs. */
export const LayoutRequestSchema = z
  .object({
    nodeCount: z.number().int().min(0).max(5_000_000),
    depth: z.instanceof(Uint16Array),
    edgeFrom: z.instanceof(Int32Array),
    edgeTo: z.instanceof(Int32Array),
    /** Width / height of the canvas the drawing is for. */
    aspect: z.number().finite().positive().max(1_000),
    /** The layered layout (by moves from the start) unless named. */
    layout: z.enum(LAYOUT_NAMES).default('layered'),
  })
  .refine((r) => r.depth.length === r.nodeCount, { message: 'depth must have one entry per node' })
  .refine((r) => r.edgeFrom.length === r.edgeTo.length, { message: 'edgeFrom and edgeTo must have the same length' })
  .refine((r) => r.edgeFrom.every((n) => n >= 0 && n < r.nodeCount) && r.edgeTo.every((n) => n >= 0 && n < r.nodeCount), { message: 'every edge must join two nodes of the graph' })
  .refine((r) => r.layout !== 'dagre' || r.nodeCount <= DAGRE_LIMIT, {
    message: `dagre lays out graphs of up to ${DAGRE_LIMIT.toLocaleString('en-US')} states; use the layered layout for bigger ones`,
  });
/** What a caller sends (the schema checks it again on arrival). */
export interface LayoutRequest {
  readonly nodeCount: number;
  readonly depth: Uint16Array;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly aspect: number;
  readonly layout?: LayoutName;
}

/** Model positions per node. */
export interface LayoutResult {
  readonly x: Float32Array;
  readonly y: Float32Array;
}
