/**
 * Laying out a solution graph off the main thread: the layered layout
 * (core/graph/layout.ts, pure and DOM-free) behind a checked request.
 * A few thousand states take tens of milliseconds, more when the page is
 * busy or the code is not yet compiled; here that never blocks the page.
 */
import { layeredLayout } from '../core/graph/layout';
import { LayoutRequestSchema, type LayoutResult } from './layout.protocol';
import { ok, parseRequest, type Outcome } from './outcome';

export type { LayoutRequest, LayoutResult } from './layout.protocol';

export async function layoutGraph(request: unknown): Promise<Outcome<LayoutResult>> {
  const r = parseRequest(LayoutRequestSchema, request);
  if (r.kind !== 'ok') return r;
  return ok(layeredLayout(r.value, { aspect: r.value.aspect }));
}
