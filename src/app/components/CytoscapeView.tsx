/**
 * The Cytoscape canvas, driven imperatively: one instance for the panel's
 * lifetime, elements replaced when the graph or view changes. Reports how
 * long laying out and the first render took (shown in the panel, read by
 * the browser benchmark through `window.__longcatGraph`). Draws small full
 * graphs and the collapsed view; big full graphs go to `CanvasGraphView`.
 * Full graphs are laid out in the layout worker (layered or dagre), so no
 * layout runs on the page's thread.
 */
import cytoscape, { type Core } from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import type { GraphData } from '../../core/graph/graphData';
import { collapsedGraphElements, fullGraphElements, graphStylesheet, groupOfNode, nodeElementId } from '../adapters/cytoscapeElements';
import { trafficMax, trafficSize } from '../adapters/graphStyle';
import { replaceDrawing, type Drawing } from './graphDrawing';
import type { GraphPath } from '../adapters/graphHighlight';
import { registerGraphCommands, ZOOM_STEP, type GraphCommand } from '../graphCommands';
import { NODE_CLASSES } from '../../core/graph/classes';
import type { LayoutResult } from '../../workers/layout.protocol';
import { useServices } from '../studioContext';
import { publishGraphHook, reportRender, type GraphHook, type GraphViewport, type GraphViewProps } from './graphView';

export function CytoscapeView(props: GraphViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  // Cytoscape starts in a task of its own after this view mounts (its start, default styles included,
  // was part of a long task of the first load); the effects below run again once it is there.
  const [cy, setCy] = useState<Core | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      stop = start();
      setCy(cyRef.current);
    }, 0);
    return () => {
      clearTimeout(timer);
      stop?.();
      setCy(null);
    };
  }, []);

  function start(): () => void {
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
      renderer: 'cytoscape',
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
      marked: (cls) => cy.elements(`.${cls}`).map((e) => (e.isNode() ? (e.data('node') as number) : -1 - Number((e.id() as string).slice(1)))),
      zoom: () => cy.zoom(),
      zoomBy: (factor) =>
        new Promise((resolve) => {
          const t = performance.now();
          cy.one('render', () => resolve(performance.now() - t));
          cy.zoom({ level: clampZoom(cy, cy.zoom() * factor), renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
        }),
      drawnNodes: () => cy.nodes().length,
    };
    const unpublish = publishGraphHook(hook);
    callbacks.current.onViewport?.(cytoscapeViewport(cy));
    // The panel can be resized (splitter, maximise): Cytoscape only watches the window.
    const observer = new ResizeObserver(() => cy.resize());
    if (container.current !== null) observer.observe(container.current);
    const unregister = registerGraphCommands((command) => runCommand(cy, command));
    // The wheel zooms by one step per notch (Cytoscape's own step is ~3% on a mouse): handled before it reaches Cytoscape.
    const wrapper = container.current?.parentElement ?? null;
    let wheelDelta = 0, wheelFrame = 0, wheelAt = { x: 0, y: 0 };
    const onWheel = (e: WheelEvent): void => {
      if (!(e.target instanceof Node) || !container.current?.contains(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      wheelDelta += e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      const box = container.current.getBoundingClientRect();
      wheelAt = { x: e.clientX - box.left, y: e.clientY - box.top };
      if (wheelFrame === 0) {
        wheelFrame = requestAnimationFrame(() => {
          wheelFrame = 0;
          const factor = Math.pow(ZOOM_STEP, -wheelDelta / 100);
          wheelDelta = 0;
          cy.zoom({ level: clampZoom(cy, cy.zoom() * factor), renderedPosition: wheelAt });
        });
      }
    };
    wrapper?.addEventListener('wheel', onWheel, { capture: true, passive: false });
    return () => {
      wrapper?.removeEventListener('wheel', onWheel, { capture: true });
      cancelAnimationFrame(wheelFrame);
      unregister();
      observer.disconnect();
      callbacks.current.onViewport?.(null);
      cy.destroy();
      cyRef.current = null;
      unpublish();
    };
  }

  const { graph, view, layout, selected, current, lit, path } = props;
  const marks = useRef<Marks>({ selected, current, lit, path });
  useEffect(() => {
    marks.current = { selected, current, lit, path };
  });
  const styledLarge = useRef(false);
  const trafficRef = useRef<Uint32Array | null>(null);

  const layouts = useServices().graphLayout;
  useEffect(() => {
    if (cy === null) return;
    // A hover card belongs to the drawing it was opened on.
    callbacks.current.onHover(null, null);
    if (graph === null) {
      cy.elements().remove();
      return;
    }
    // Redraw after the browser has painted this update (the gauge and counts
    // show first), and only for the newest graph when edits come quickly.
    let cancelled = false;
    let drawing: Drawing | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = performance.now();
    const box = container.current;
    const aspect = box !== null && box.clientHeight > 0 ? box.clientWidth / box.clientHeight : 1.5;
    // The full view's positions come from the layout worker; the collapsed view places its few groups itself.
    const positions: Promise<LayoutResult | null> =
      view === 'collapsed'
        ? Promise.resolve(null)
        : layouts.layout(graph, aspect, layout).then((outcome) => {
            if (outcome.kind === 'ok') return outcome.value;
            if (outcome.kind !== 'cancelled') console.error(`Longcat Studio: graph layout: ${outcome.message}`);
            return Promise.reject(new Error(outcome.message));
          });
    let frame = 0;
    positions.then(
      (placed) => {
        if (cancelled) return;
        // Draw in a task of its own after the frame that paints this update: work
        // started inside a frame callback would be drawn in that same frame, one long task.
        frame = requestAnimationFrame(() => (timer = setTimeout(() => {
          if (cancelled) return;
          const d = draw(cy, graph, view, placed, container.current, styledLarge, view === 'collapsed' || graph.nodeCount <= 400 || layout === 'dagre');
          drawing = d;
          void d.done.then(() => {
            if (cancelled) return;
            applyMarks(cy, graph, view, marks.current);
            applyTraffic(cy, graph, view, trafficRef.current);
            requestAnimationFrame(() => {
              if (cancelled) return;
              callbacks.current.onRendered(reportRender({ levelKey: graph.levelKey, nodes: cy.nodes().length, edges: cy.edges().length, view, layout: view === 'full' ? layout : 'layered', renderer: 'cytoscape', ms: performance.now() - started }));
            });
          });
        }, 0)));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      drawing?.cancel();
    };
  }, [cy, graph, view, layout, layouts]);

  useEffect(() => {
    if (cy !== null && graph !== null) applyMarks(cy, graph, view, { selected, current, lit, path });
  }, [cy, graph, view, selected, current, lit, path]);

  // Traffic: a state's size grows with the attempts that passed it (full view; the collapsed view keeps its group sizes).
  const traffic = props.traffic ?? null;
  useEffect(() => {
    trafficRef.current = traffic;
    if (cy !== null && graph !== null) applyTraffic(cy, graph, view, traffic);
  }, [cy, graph, view, traffic]);

  return <div className="cy" ref={container} data-testid="graph.canvas" data-renderer="cytoscape" />;
}

/** Cytoscape's viewport as the minimap reads it. */
function cytoscapeViewport(cy: Core): GraphViewport {
  return {
    points: () => {
      const nodes = cy.nodes();
      const x = new Float32Array(nodes.length), y = new Float32Array(nodes.length), cls = new Uint8Array(nodes.length);
      nodes.forEach((n, i) => {
        const p = n.position();
        x[i] = p.x;
        y[i] = p.y;
        cls[i] = Math.max(0, NODE_CLASSES.indexOf(n.data('cls') as (typeof NODE_CLASSES)[number]));
      });
      return { x, y, cls };
    },
    extent: () => cy.extent(),
    zoom: () => cy.zoom(),
    width: () => cy.width(),
    height: () => cy.height(),
    pan: (p) => void cy.pan(p),
    onChange: (fn) => {
      cy.on('viewport resize', fn);
      return () => void cy.off('viewport resize', fn);
    },
  };
}

/** Starts replacing the drawn elements with the graph's (in slices for big graphs); `placed`: the full view's positions. */
function draw(cy: Core, graph: GraphData, view: 'full' | 'collapsed', placed: LayoutResult | null, box: HTMLElement | null, styledLarge: { current: boolean }, fit: boolean): Drawing {
  const beforeFirstFrame = fit ? fitCapped : undefined;
  const large = view === 'full' && graph.nodeCount > 400;
  const restyle = (): void => {
    if (large !== styledLarge.current) {
      cy.style(graphStylesheet({ large }));
      styledLarge.current = large;
    }
  };
  if (view === 'collapsed' || placed === null) {
    const elements = collapsedGraphElements(graph).elements;
    return replaceDrawing(cy, { nodes: elements.filter((e) => e.group === 'nodes'), edges: elements.filter((e) => e.group === 'edges'), prepare: restyle, beforeFirstFrame });
  }
  const width = box?.clientWidth ?? 0, height = box?.clientHeight ?? 0;
  const elements = fullGraphElements(graph, placed);
  const nodes = elements.slice(0, graph.nodeCount);
  const edges = elements.slice(graph.nodeCount);
  return replaceDrawing(cy, {
    nodes,
    edges,
    prepare: (c) => {
      restyle();
      if (graph.nodeCount > 400) c.viewport(fitViewport(placed, width, height));
    },
    beforeFirstFrame,
  });
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

interface Marks {
  readonly selected: number | null;
  readonly current: number | null;
  readonly lit: Uint8Array | null;
  readonly path: GraphPath | null;
}

/**
 * Marks the selected node, the playtest's or replay's current node, the lit
 * states (the rest dimmed) and the path from the start (their groups, in the
 * collapsed view). Only elements whose marks change are touched.
 */
function applyMarks(cy: Core, graph: GraphData, view: 'full' | 'collapsed', marks: Marks): void {
  const idOf = (id: number): string => (view === 'collapsed' ? groupOfNode(graph, id) : nodeElementId(id));
  const want = { chosen: new Set<string>(), current: new Set<string>(), lit: new Set<string>(), onpath: new Set<string>() };
  if (marks.selected !== null && marks.selected < graph.nodeCount) want.chosen.add(idOf(marks.selected));
  if (marks.current !== null && marks.current < graph.nodeCount) want.current.add(idOf(marks.current));
  if (marks.lit !== null && marks.lit.length === graph.nodeCount) marks.lit.forEach((on, id) => on && want.lit.add(idOf(id)));
  if (marks.path !== null && marks.path.nodes.every((n) => n < graph.nodeCount)) {
    for (const n of marks.path.nodes) want.onpath.add(idOf(n));
    if (view === 'full') for (const e of marks.path.edges) want.onpath.add(`e${e}`);
    else
      for (let i = 1; i < marks.path.nodes.length; i++) {
        const a = idOf(marks.path.nodes[i - 1]!), b = idOf(marks.path.nodes[i]!);
        if (a !== b) cy.$id(a).edgesTo(cy.$id(b)).forEach((e) => void want.onpath.add(e.id()));
      }
  }
  const dimming = marks.lit !== null;
  cy.batch(() => {
    for (const cls of ['chosen', 'current', 'lit', 'onpath'] as const) {
      cy.elements(`.${cls}`).forEach((e) => {
        if (!want[cls].has(e.id())) e.removeClass(cls);
      });
      for (const id of want[cls]) {
        const e = cy.$id(id);
        if (e.nonempty() && !e.hasClass(cls)) e.addClass(cls);
      }
    }
    // Dim what is not lit (nodes only: dimming every edge of a big graph costs a restyle of thousands).
    const dimmed = cy.nodes('.dim');
    if (!dimming) dimmed.removeClass('dim');
    else {
      dimmed.forEach((n) => {
        if (want.lit.has(n.id())) n.removeClass('dim');
      });
      cy.nodes().forEach((n) => {
        if (!want.lit.has(n.id()) && !n.hasClass('dim')) n.addClass('dim');
      });
    }
  });
}

/** Sizes each drawn state by the attempts that passed it (classes `traffic`); clears it when `traffic` is null. */
function applyTraffic(cy: Core, graph: GraphData, view: 'full' | 'collapsed', traffic: Uint32Array | null): void {
  cy.batch(() => {
    cy.nodes('.traffic').forEach((n) => void n.removeClass('traffic').removeStyle('width height'));
    if (view !== 'full' || traffic === null || traffic.length !== graph.nodeCount) return;
    const max = trafficMax(traffic);
    traffic.forEach((count, id) => {
      if (count === 0) return;
      const size = trafficSize(count, max);
      cy.$id(nodeElementId(id)).addClass('traffic').style({ width: size, height: size }).data('traffic', count);
    });
  });
}

function clampZoom(cy: Core, zoom: number): number {
  return Math.max(cy.minZoom(), Math.min(cy.maxZoom(), zoom));
}

/** Zoom steps keep the canvas centre in place. */
function runCommand(cy: Core, command: GraphCommand): void {
  const centre = { x: cy.width() / 2, y: cy.height() / 2 };
  if (command === 'fit') fitCapped(cy);
  else if (command === 'actualSize') cy.zoom({ level: 1, renderedPosition: centre });
  else cy.zoom({ level: clampZoom(cy, cy.zoom() * (command === 'zoomIn' ? ZOOM_STEP : 1 / ZOOM_STEP)), renderedPosition: centre });
}

/** Fits the graph, but never zooms a small graph in beyond 1.6x. */
function fitCapped(cy: Core): void {
  cy.fit(undefined, 18);
  if (cy.zoom() > 1.6) {
    cy.zoom(1.6);
    cy.center();
  }
}


