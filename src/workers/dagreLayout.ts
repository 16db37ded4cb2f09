/**
 * Dagre positions for a solution graph, computed with a headless Cytoscape
 * and the cytoscape-dagre layout (the options the page used when it ran
 * dagre itself: left to right, nodes 14 px, the start 18 px). No DOM: it runs
 * in the layout worker.
 */
import cytoscape, { type ElementDefinition } from 'cytoscape';
import dagre from 'cytoscape-dagre';
import type { LayoutResult } from './layout.protocol';

let registered = false;

export function dagreLayout(graph: { nodeCount: number; depth: Uint16Array; edgeFrom: Int32Array; edgeTo: Int32Array }): LayoutResult {
  if (!registered) {
    cytoscape.use(dagre);
    registered = true;
  }
  const elements: ElementDefinition[] = [];
  for (let i = 0; i < graph.nodeCount; i++) elements.push({ group: 'nodes', data: { id: `n${i}` }, classes: graph.depth[i] === 0 ? 'start' : '' });
  for (let k = 0; k < graph.edgeFrom.length; k++) {
    if (graph.edgeFrom[k] === graph.edgeTo[k]) continue;
    elements.push({ group: 'edges', data: { id: `e${k}`, source: `n${graph.edgeFrom[k]}`, target: `n${graph.edgeTo[k]}` } });
  }
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: [
      { selector: 'node', style: { width: 14, height: 14 } },
      { selector: 'node.start', style: { width: 18, height: 18 } },
    ],
    elements,
  });
  try {
    cy.layout({ name: 'dagre', rankDir: 'LR', nodeSep: 8, rankSep: 60, fit: false, animate: false } as cytoscape.LayoutOptions).run();
    const x = new Float32Array(graph.nodeCount), y = new Float32Array(graph.nodeCount);
    for (let i = 0; i < graph.nodeCount; i++) {
      const p = cy.$id(`n${i}`).position();
      x[i] = p.x;
      y[i] = p.y;
    }
    return { x, y };
  } finally {
    cy.destroy();
  }
}
