/**
 * Lays out solution graphs for both renderers in the layout worker
 * (workers/layout.*), so the page never spends a long task on it. Only the
 * newest request is answered; older ones come back `cancelled`.
 */
import type { GraphData } from '../../core/graph/graphData';
import { LayoutClient } from '../../workers/layout.client';
import type { LayoutName, LayoutResult } from '../../workers/layout.protocol';
import type { Outcome } from '../../workers/outcome';

export class GraphLayoutController {
  constructor(private readonly client: LayoutClient = new LayoutClient()) {}

  /** Positions for every node of `graph`, shaped for a canvas `aspect` (width / height) wide; the layered layout unless `layout` says dagre. */
  layout(graph: Pick<GraphData, 'nodeCount' | 'depth' | 'edgeFrom' | 'edgeTo'>, aspect: number, layout: LayoutName = 'layered'): Promise<Outcome<LayoutResult>> {
    return this.client.layout({ nodeCount: graph.nodeCount, depth: graph.depth, edgeFrom: graph.edgeFrom, edgeTo: graph.edgeTo, aspect, layout });
  }

  dispose(): void {
    this.client.dispose();
  }
}
