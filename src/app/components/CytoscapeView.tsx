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
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (cancelled) return;
        const started = performance.now();
        const useDagre = draw(cy, graph, view, layout, container.current, styledLarge);
        applyMarks(cy, graph, view, marks.current);
        cy.one('render', () => {
          requestAnimationFrame(() => {
            if (cancelled) return;
            const report: RenderReport = { nodes: cy.nodes().length, edges: cy.edges().length, view, layout: useDagre ? 'dagre' : 'layered', ms: performance.now() - started };
            if (window.__longcatGraph !== undefined) {
              window.__longcatGraph.report = report;
              window.__longcatGraph.reportAt = performance.now();
              window.__longcatGraph.renders++;
            }
            callbacks.current.onRendered(report);
          });
        });
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [graph, view, layout]);

  useEffect(() => {
    const cy = cyRef.current;
    if (cy !== null && graph !== null) applyMarks(cy, graph, view, { selected, current });
  }, [graph, view, selected, current]);

  return <div className="cy" ref={container} data-testid="graph.canvas" />;
}

/** Replaces the drawn elements with the graph's; returns true when dagre laid it out. */
function draw(cy: Core, graph: GraphData, view: 'full' | 'collapsed', layout: GraphLayoutName, box: HTMLElement | null, styledLarge: { current: boolean }): boolean {
  const large = view === 'full' && graph.nodeCount > 400;
  const useDagre = view === 'full' && layout === 'dagre';
  const aspect = box !== null && box.clientHeight > 0 ? box.clientWidth / box.clientHeight : 1.5;
  const elements =
    view === 'collapsed'
      ? collapsedGraphElements(graph).elements
      : fullGraphElements(graph, useDagre ? zeroPositions(graph.nodeCount) : layeredLayout(graph, { aspect }));
  cy.batch(() => {
    cy.elements().remove();
    if (large !== styledLarge.current) {
      cy.style(graphStylesheet({ large }));
      styledLarge.current = large;
    }
    cy.add(elements);
  });
  if (useDagre) cy.layout({ name: 'dagre', rankDir: 'LR', nodeSep: 8, rankSep: 60, fit: true, padding: 16, animate: false } as cytoscape.LayoutOptions).run();
  else fitCapped(cy);
  return useDagre;
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
