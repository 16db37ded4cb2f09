/**
 * Laying out a solution graph off the main thread, behind a checked request:
 * the layered layout (core/graph/layout.ts, pure and DOM-free) or
 * dagre (through a headless Cytoscape, loaded on the first dagre request).
 * A few thousand states take tens of milliseconds with the layered layout,
 * seconds with dagre; here neither blocks the page.
 */
import { layeredLayout } from '../core/graph/layout';
import { LayoutRequestSchema, type LayoutResult } from './layout.protocol';
import { ok, parseRequest, type Outcome } from './outcome';

export type { LayoutRequest, LayoutResult } from './layout.protocol';

export async function layoutGraph(request: unknown): Promise<Outcome<LayoutResult>> {
  const r = parseRequest(LayoutRequestSchema, request);
  if (r.kind !== 'ok') return r;
  if (r.value.layout === 'dagre') return ok((await import('./dagreLayout')).dagreLayout(r.value));
  return ok(layeredLayout(r.value, { aspect: r.value.aspect }));
}
