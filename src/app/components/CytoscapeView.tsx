/**
 * The Cytoscape canvas, driven imperatively: one instance for the panel's
 * lifetime, elements replaced when the graph or view changes. Reports how
 * long laying out and the first render took (shown in the panel, read by
 * the browser benchmark through `window.__longcatGraph`).
 */
import cytoscape, { type Core } from 'cytoscape';
import dagre from 'cytoscape-dagre';
import { useEffect, useRef } from 'react';
import type { GraphData } from '../../workers/analysis.api';
import { collapsedGraphElements, fullGraphElements, graphStylesheet, groupOfNode, nodeElementId } from '../adapters/cytoscapeElements';
import { layeredLayout } from '../adapters/graphLayout';
import { drawProgressively, type Drawing } from './graphDrawing';

cytoscape.use(dagre);

export type GraphLayoutName = 'layered' | 'dagre';

export interface RenderReport {
  readonly nodes: number;
  readonly edges: number;
  readonly view: 'full' | 'collapsed';
  readonly layout: GraphLayoutName;
  /** Layout + element creation + first frame, ms. */
  readonly ms: number;
}

interface CytoscapeViewProps {
  readonly graph: GraphData | null;
  readonly view: 'full' | 'collapsed';
  readonly layout: GraphLayoutName;
  readonly selected: number | null;
  readonly current: number | null;
  readonly onSelect: (node: number) => void;
  /** `group`: the collapsed view's group under the pointer (its state count and depths). */
  readonly onHover: (node: number | null, at: { x: number; y: number } | null, group?: { count: number; depths: string }) => void;
  readonly onRendered: (report: RenderReport) => void;
}

/** The test and benchmark hook: rendered positions of nodes and the last render report. */
interface GraphHook {
  cy: Core | null;
  report: RenderReport | null;
  /** `performance.now()` when the last report was made. */
  reportAt: number;
  renders: number;
  nodePosition(id: number): { x: number; y: number } | null;
  nodeIds(): { id: number; cls: string; depth: number }[];
}

declare global {
  interface Window {
    __longcatGraph?: GraphHook;
  }
}

export function CytoscapeView(props: CytoscapeViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  useEffect(() => {
    const cy = cytoscape({
      container: container.current,
      style: graphStylesheet({ large: false }),
      autounselectify: true,
      boxSelectionEnabled: false,
      minZoom: 0.02,
      maxZoom: 4,
      // Pan and zoom a cached texture: big graphs stay smooth to move around.
      textureOnViewport: true,
      motionBlur: false,
    });
    cyRef.current = cy;
    cy.on('tap', 'node', (e) => callbacks.current.onSelect(e.target.data('node') as number));
    cy.on('mouseover', 'node', (e) => {
      e.target.addClass('hovered');
      const p = e.target.renderedPosition();
      const count = e.target.data('count') as number | undefined;
      const group = count !== undefined ? { count, depths: e.target.data('depths') as string } : undefined;
      callbacks.current.onHover(e.target.data('node') as number, { x: p.x, y: p.y }, group);
    });
    cy.on('mouseout', 'node', (e) => {
      e.target.removeClass('hovered');
      callbacks.current.onHover(null, null);
    });
    const hook: GraphHook = {
      cy,
      report: null,
      reportAt: 0,
      renders: 0,
      nodePosition: (id) => {
        // Full view: the state's node; collapsed view: the group whose first state it is.
        const own = cy.$id(nodeElementId(id));
        const el = own.nonempty() ? own.nodes() : cy.nodes().filter((n) => n.data('node') === id);
        if (el.empty()) return null;
        const p = el.first().renderedPosition();
        return { x: p.x, y: p.y };
      },
      nodeIds: () => cy.nodes().map((n) => ({ id: n.data('node') as number, cls: n.data('cls') as string, depth: n.data('depth') as number })),
    };
    window.__longcatGraph = hook;
    return () => {
      cy.destroy();
      cyRef.current = null;
      if (window.__longcatGraph === hook) delete window.__longcatGraph;
    };
  }, []);

  const { graph, view, layout, selected, current } = props;
  const marks = useRef({ selected, current });
  useEffect(() => {
    marks.current = { selected, current };
  });
  const styledLarge = useRef(false);

  useEffect(() => {
    const cy = cyRef.current;
    if (cy === null) return;
    if (graph === null) {
      cy.elements().remove();
      return;
    }
    // Redraw after the browser has painted this update (the gauge and counts
    // show first), and only for the newest graph when edits come quickly.
    let cancelled = false;
    let drawing: Drawing | null = null;
    const frame = requestAnimationFrame(() => {
      if (cancelled) return;
      const started = performance.now();
      const d = draw(cy, graph, view, layout, container.current, styledLarge);
      drawing = d.drawing;
      void d.drawing.done.then(() => {
        if (cancelled) return;
        if (d.dagre) cy.layout({ name: 'dagre', rankDir: 'LR', nodeSep: 8, rankSep: 60, fit: true, padding: 16, animate: false } as cytoscape.LayoutOptions).run();
        else if (view === 'collapsed' || graph.nodeCount <= 400) fitCapped(cy);
        applyMarks(cy, graph, view, marks.current);
        requestAnimationFrame(() => {
          if (cancelled) return;
          const report: RenderReport = { nodes: cy.nodes().length, edges: cy.edges().length, view, layout: d.dagre ? 'dagre' : 'layered', ms: performance.now() - started };
          if (window.__longcatGraph !== undefined) {
            window.__longcatGraph.report = report;
            window.__longcatGraph.reportAt = performance.now();
            window.__longcatGraph.renders++;
          }
          callbacks.current.onRendered(report);
        });
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      drawing?.cancel();
    };
  }, [graph, view, layout]);

  useEffect(() => {
    const cy = cyRef.current;
    if (cy !== null && graph !== null) applyMarks(cy, graph, view, { selected, current });
  }, [graph, view, selected, current]);

  return <div className="cy" ref={container} data-testid="graph.canvas" />;
}

/** Starts replacing the drawn elements with the graph's (in slices for big graphs). */
function draw(cy: Core, graph: GraphData, view: 'full' | 'collapsed', layout: GraphLayoutName, box: HTMLElement | null, styledLarge: { current: boolean }): { drawing: Drawing; dagre: boolean } {
  const large = view === 'full' && graph.nodeCount > 400;
  const useDagre = view === 'full' && layout === 'dagre';
  const restyle = (): void => {
    if (large !== styledLarge.current) {
      cy.style(graphStylesheet({ large }));
      styledLarge.current = large;
    }
  };
  if (view === 'collapsed' || useDagre) {
    const elements = view === 'collapsed' ? collapsedGraphElements(graph).elements : fullGraphElements(graph, zeroPositions(graph.nodeCount));
    return {
      drawing: drawProgressively(cy, { nodes: elements.filter((e) => e.group === 'nodes'), edges: elements.filter((e) => e.group === 'edges'), prepare: restyle }, () => 0),
      dagre: useDagre,
    };
  }
  const width = box?.clientWidth ?? 0, height = box?.clientHeight ?? 0;
  const aspect = height > 0 ? width / height : 1.5;
  const positions = layeredLayout(graph, { aspect });
  const elements = fullGraphElements(graph, positions);
  const nodes = elements.slice(0, graph.nodeCount);
  const order = edgesByLastEnd(graph);
  const edges = Array.from(order, (e) => elements[graph.nodeCount + e]!);
  const ready = (k: number): number => Math.max(graph.edgeFrom[order[k]!]!, graph.edgeTo[order[k]!]!) + 1;
  return {
    drawing: drawProgressively(
      cy,
      {
        nodes,
        edges,
        prepare: (c) => {
          restyle();
          if (graph.nodeCount > 400) c.viewport(fitViewport(positions, width, height));
        },
      },
      ready,
    ),
    dagre: false,
  };
}

/** Edge indices sorted by their later end (node ids are the order nodes are added in). O(V + E). */
function edgesByLastEnd(graph: GraphData): Int32Array {
  const n = graph.nodeCount, m = graph.edgeFrom.length;
  const start = new Int32Array(n + 1);
  const last = (e: number): number => Math.max(graph.edgeFrom[e]!, graph.edgeTo[e]!);
  for (let e = 0; e < m; e++) start[last(e) + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const out = new Int32Array(m);
  for (let e = 0; e < m; e++) out[start[last(e)]!++] = e;
  return out;
}

/** The zoom and pan that fit `positions` into a width x height canvas (as cy.fit would, before any element is in). */
function fitViewport(positions: { x: Float32Array; y: Float32Array }, width: number, height: number): { zoom: number; pan: { x: number; y: number } } {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (let i = 0; i < positions.x.length; i++) {
    x1 = Math.min(x1, positions.x[i]!);
    x2 = Math.max(x2, positions.x[i]!);
    y1 = Math.min(y1, positions.y[i]!);
    y2 = Math.max(y2, positions.y[i]!);
  }
  const pad = 18 + 11; // cy.fit padding + half the largest node
  const zoom = Math.min(1.6, Math.max(0.02, Math.min((width - 2 * pad) / Math.max(1, x2 - x1), (height - 2 * pad) / Math.max(1, y2 - y1))));
  return { zoom, pan: { x: width / 2 - zoom * (x1 + x2) / 2, y: height / 2 - zoom * (y1 + y2) / 2 } };
}

/** Marks the selected node and the playtest's current node (their group, in the collapsed view). */
function applyMarks(cy: Core, graph: GraphData, view: 'full' | 'collapsed', marks: { selected: number | null; current: number | null }): void {
  cy.nodes('.chosen').removeClass('chosen');
  cy.nodes('.current').removeClass('current');
  const find = (id: number) => cy.$id(view === 'collapsed' ? groupOfNode(graph, id) : nodeElementId(id));
  if (marks.selected !== null && marks.selected < graph.nodeCount) find(marks.selected).addClass('chosen');
  if (marks.current !== null && marks.current < graph.nodeCount) find(marks.current).addClass('current');
}

function zeroPositions(n: number): { x: Float32Array; y: Float32Array } {
  return { x: new Float32Array(n), y: new Float32Array(n) };
}

/** Fits the graph, but never zooms a small graph in beyond 1.6x. */
function fitCapped(cy: Core): void {
  cy.fit(undefined, 18);
  if (cy.zoom() > 1.6) {
    cy.zoom(1.6);
    cy.center();
  }
}

/** Fits the graph into the canvas (the panel's Fit button). */
export function fitGraph(): void {
  const cy = window.__longcatGraph?.cy;
  if (cy) fitCapped(cy);
}
