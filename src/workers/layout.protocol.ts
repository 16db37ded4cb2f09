/** The layout worker's protocol: a graph's shape and the canvas's aspect in, node positions out. */
import { z } from 'zod';

/** A graph's shape, as the layered layout needs it: depths per node, edges as (from, to) pairs. */
export const LayoutRequestSchema = z
  .object({
    nodeCount: z.number().int().min(0).max(5_000_000),
    depth: z.instanceof(Uint16Array),
    edgeFrom: z.instanceof(Int32Array),
    edgeTo: z.instanceof(Int32Array),
    /** Width / height of the canvas the drawing is for. */
    aspect: z.number().finite().positive().max(1_000),
  })
  .refine((r) => r.depth.length === r.nodeCount, { message: 'depth must have one entry per node' })
  .refine((r) => r.edgeFrom.length === r.edgeTo.length, { message: 'edgeFrom and edgeTo must have the same length' })
  .refine((r) => r.edgeFrom.every((n) => n >= 0 && n < r.nodeCount) && r.edgeTo.every((n) => n >= 0 && n < r.nodeCount), { message: 'every edge must join two nodes of the graph' });
/** What a caller sends (the schema checks it again on arrival). */
export interface LayoutRequest {
  readonly nodeCount: number;
  readonly depth: Uint16Array;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly aspect: number;
}

/** Model positions per node. */
export interface LayoutResult {
  readonly x: Float32Array;
  readonly y: Float32Array;
}
