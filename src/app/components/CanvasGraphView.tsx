/**
 * Our own renderer for big full graphs: one 2D canvas, positions from the
 * layered layout, everything painted in one pass per frame (paint.ts). It
 * exists because Cytoscape's first render of a few thousand elements is one
 * main-thread task of 0.7-1.8 s on our machines (docs/BENCHMARKS.md); here
 * the layout runs in a worker (workers/layout.*) and each frame is a few ms
 * of painting, so editing stays responsive while a 3,000-state graph is shown. Same
 * behaviour as the Cytoscape view where it matters: class colours, solution
 * moves, the start, selection, the replay's current state, lit and dimmed
 * states, the path from the start, players' traffic sizes (one style
 * source, `adapters/graphStyle.ts`), hover card, click, drag to pan, wheel
 * and command zoom, the minimap, and the test hook.
 */
import { useEffect, useRef, useState } from 'react';
import { NODE_CLASSES } from '../../core/graph/classes';
import type { GraphData } from '../../core/graph/graphData';
import { useServices } from '../studioContext';
import { registerGraphCommands, ZOOM_STEP, type GraphCommand } from '../graphCommands';
import { buildHitGrid, type HitGrid } from './canvasGraph/hitGrid';
import { NODE_RADIUS, nodeScreenRadius, paintGraph, type PaintMarks, type Scene } from './canvasGraph/paint';
import { boundsOf, fitViewport, toModel, visibleBounds, zoomAt, type Viewport } from './canvasGraph/viewport';
import { publishGraphHook, reportRender, type GraphHook, type GraphMark, type GraphViewport, type GraphViewProps } from './graphView';

/** Padding of a fit, px: as the Cytoscape view's (18) plus half its largest node. */
const FIT_PAD = 29;
/** A press that moves less than this (px) is a click, not a drag. */
const CLICK_SLOP = 4;
/** Pointer distance (px) within which a node counts as hit when nodes are drawn smaller than this. */
const MIN_HIT_RADIUS = 6;

interface Live {
  graph: GraphData | null;
  scene: Scene | null;
  grid: HitGrid | null;
  vp: Viewport;
  width: number;
  height: number;
  hovered: number | null;
  marks: PaintMarks;
  /** The graph the marks were computed for: they are painted only over that graph's drawing. */
  marksFor: GraphData | null;
  frame: number;
  /** Called after the next paint (zoomBy's clock). */
  afterPaint: (() => void)[];
  listeners: Set<() => void>;
  /** Fits the drawing into the canvas (set once the canvas is mounted). */
  fit: () => void;
  /** Width / height of the canvas the drawn layout was made for. */
  layoutAspect: number;
}

const NO_MARKS: PaintMarks = { selected: null, current: null, hovered: null, lit: null, pathNodes: null, pathEdges: null };

export function CanvasGraphView(props: GraphViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const live = useRef<Live>({ graph: null, scene: null, grid: null, vp: { zoom: 1, panX: 0, panY: 0 }, width: 0, height: 0, hovered: null, marks: NO_MARKS, marksFor: null, frame: 0, afterPaint: [], listeners: new Set(), fit: () => {}, layoutAspect: 0 });
  /** Bumped when the canvas changes shape a lot (maximise, splitter): the graph is laid out again for it. */
  const [reshaped, setReshaped] = useState(0);

  /** Paints on the next animation frame (once, however many requests come in). */
  const requestPaint = useRef<() => void>(() => {});

  useEffect(() => {
    const el = canvas.current, box = container.current;
    const ctx = el?.getContext('2d') ?? null;
    if (el === null || box === null || ctx === null) return;
    const L = live.current;
    const paintNow = (): void => {
      L.frame = 0;
      const dpr = window.devicePixelRatio || 1;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (L.scene === null) ctx.clearRect(0, 0, L.width, L.height);
      else paintGraph(ctx, L.scene, L.vp, L.width, L.height, L.marksFor === L.graph ? { ...L.marks, hovered: L.hovered } : { ...NO_MARKS, hovered: L.hovered });
      const after = L.afterPaint;
      L.afterPaint = [];
      after.forEach((f) => f());
    };
    const request = (): void => {
      if (L.frame === 0) L.frame = requestAnimationFrame(paintNow);
    };
    requestPaint.current = request;
    const setViewport = (vp: Viewport): void => {
      L.vp = vp;
      L.listeners.forEach((f) => f());
      request();
    };
    const resize = (): void => {
      const dpr = window.devicePixelRatio || 1;
      L.width = box.clientWidth;
      L.height = box.clientHeight;
      el.width = Math.max(1, Math.round(L.width * dpr));
      el.height = Math.max(1, Math.round(L.height * dpr));
      el.style.width = `${L.width}px`;
      el.style.height = `${L.height}px`;
      L.listeners.forEach((f) => f());
      request();
      // A much wider or taller canvas than the layout was made for: lay it out again, once the resizing stops.
      const aspect = L.height > 0 ? L.width / L.height : 0;
      clearTimeout(reshapeTimer);
      if (L.scene !== null && L.layoutAspect > 0 && aspect > 0 && Math.abs(Math.log(aspect / L.layoutAspect)) > Math.log(1.2))
        reshapeTimer = setTimeout(() => setReshaped((r) => r + 1), 200);
    };
    let reshapeTimer: ReturnType<typeof setTimeout> | undefined;
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(box);

    const centre = (): { x: number; y: number } => ({ x: L.width / 2, y: L.height / 2 });
    const fit = (): void => {
      if (L.scene !== null) setViewport(fitViewport(boundsOf(L.scene.x, L.scene.y), L.width, L.height, FIT_PAD));
    };
    const run = (command: GraphCommand): void => {
      if (command === 'fit') fit();
      else if (command === 'actualSize') setViewport(zoomAt(L.vp, 1, centre()));
      else setViewport(zoomAt(L.vp, L.vp.zoom * (command === 'zoomIn' ? ZOOM_STEP : 1 / ZOOM_STEP), centre()));
    };
    const unregister = registerGraphCommands(run);

    // Pointer: hover, click to select, drag to pan.
    const hit = (px: number, py: number): number => {
      if (L.grid === null) return -1;
      const m = toModel(L.vp, px, py);
      const radius = Math.max(nodeScreenRadius(L.vp.zoom), MIN_HIT_RADIUS) / L.vp.zoom;
      return L.grid.nearest(m.x, m.y, Math.max(radius, NODE_RADIUS));
    };
    const local = (e: PointerEvent | WheelEvent): { x: number; y: number } => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    let press: { x: number; y: number; panX: number; panY: number; dragging: boolean; id: number } | null = null;
    const setHovered = (id: number | null): void => {
      if (id === L.hovered) return;
      L.hovered = id;
      request();
      if (id === null || L.scene === null) callbacks.current.onHover(null, null);
      else callbacks.current.onHover(id, { x: L.vp.panX + L.vp.zoom * L.scene.x[id]!, y: L.vp.panY + L.vp.zoom * L.scene.y[id]! });
    };
    const down = (e: PointerEvent): void => {
      if (e.button !== 0) return;
      const p = local(e);
      press = { ...p, panX: L.vp.panX, panY: L.vp.panY, dragging: false, id: e.pointerId };
      el.setPointerCapture(e.pointerId);
    };
    const move = (e: PointerEvent): void => {
      const p = local(e);
      if (press !== null) {
        if (!press.dragging && Math.hypot(p.x - press.x, p.y - press.y) >= CLICK_SLOP) {
          press.dragging = true;
          el.style.cursor = 'grabbing';
          setHovered(null);
        }
        if (press.dragging) setViewport({ zoom: L.vp.zoom, panX: press.panX + p.x - press.x, panY: press.panY + p.y - press.y });
        return;
      }
      const id = hit(p.x, p.y);
      setHovered(id < 0 ? null : id);
      el.style.cursor = id < 0 ? 'grab' : 'pointer';
    };
    const up = (e: PointerEvent): void => {
      if (press === null) return;
      const wasDrag = press.dragging;
      press = null;
      el.style.cursor = '';
      if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
      if (wasDrag) return;
      const p = local(e);
      const id = hit(p.x, p.y);
      if (id >= 0) callbacks.current.onSelect(id);
    };
    const leave = (): void => {
      if (press === null) setHovered(null);
    };
    // The wheel: one zoom step per notch about the pointer, applied once per frame.
    let wheelDelta = 0, wheelFrame = 0, wheelAt = { x: 0, y: 0 };
    const wheel = (e: WheelEvent): void => {
      e.preventDefault();
      e.stopPropagation();
      wheelDelta += e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      wheelAt = local(e);
      if (wheelFrame === 0)
        wheelFrame = requestAnimationFrame(() => {
          wheelFrame = 0;
          const factor = Math.pow(ZOOM_STEP, -wheelDelta / 100);
          wheelDelta = 0;
          setViewport(zoomAt(L.vp, L.vp.zoom * factor, wheelAt));
        });
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('wheel', wheel, { passive: false });

    const viewport: GraphViewport = {
      points: () => ({ x: L.scene?.x ?? [], y: L.scene?.y ?? [], cls: L.scene?.cls ?? [] }),
      extent: () => {
        const b = visibleBounds(L.vp, L.width, L.height);
        return { x1: b.x1, y1: b.y1, w: b.x2 - b.x1, h: b.y2 - b.y1 };
      },
      zoom: () => L.vp.zoom,
      width: () => L.width,
      height: () => L.height,
      pan: (p) => setViewport({ zoom: L.vp.zoom, panX: p.x, panY: p.y }),
      onChange: (fn) => {
        L.listeners.add(fn);
        return () => void L.listeners.delete(fn);
      },
    };
    callbacks.current.onViewport?.(viewport);

    const marked = (mark: GraphMark): number[] => {
      const n = L.scene?.x.length ?? 0, m = L.marksFor === L.graph ? L.marks : NO_MARKS, out: number[] = [];
      if (mark === 'chosen' && m.selected !== null && m.selected < n) out.push(m.selected);
      if (mark === 'current' && m.current !== null && m.current < n) out.push(m.current);
      if ((mark === 'lit' || mark === 'dim') && m.lit !== null) m.lit.forEach((on, id) => (on === (mark === 'lit' ? 1 : 0) ? out.push(id) : 0));
      if (mark === 'onpath') {
        m.pathNodes?.forEach((on, id) => (on === 1 ? out.push(id) : 0));
        m.pathEdges?.forEach((on, e) => (on === 1 ? out.push(-1 - e) : 0));
      }
      return out;
    };
    const hook: GraphHook = {
      renderer: 'canvas',
      cy: null,
      report: null,
      reportAt: 0,
      renders: 0,
      nodePosition: (id) => (L.scene !== null && id >= 0 && id < L.scene.x.length ? { x: L.vp.panX + L.vp.zoom * L.scene.x[id]!, y: L.vp.panY + L.vp.zoom * L.scene.y[id]! } : null),
      nodeIds: () => (L.graph === null || L.scene === null ? [] : Array.from(L.scene.cls, (c, id) => ({ id, cls: NODE_CLASSES[c]!, depth: L.graph!.depth[id]! }))),
      marked,
      zoom: () => L.vp.zoom,
      zoomBy: (factor) =>
        new Promise((resolve) => {
          const t = performance.now();
          L.afterPaint.push(() => resolve(performance.now() - t));
          setViewport(zoomAt(L.vp, L.vp.zoom * factor, centre()));
        }),
      drawnNodes: () => L.scene?.x.length ?? 0,
    };
    const unpublish = publishGraphHook(hook);
    L.fit = fit;

    return () => {
      clearTimeout(reshapeTimer);
      cancelAnimationFrame(L.frame);
      cancelAnimationFrame(wheelFrame);
      L.frame = 0;
      observer.disconnect();
      unregister();
      unpublish();
      callbacks.current.onViewport?.(null);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('wheel', wheel);
    };
  }, []);

  const { graph, selected, current, lit, path } = props;
  const traffic = props.traffic ?? null;
  const layouts = useServices().graphLayout;

  // A new graph: laid out in the layout worker (the old drawing stays until the new one is ready), then painted.
  useEffect(() => {
    const L = live.current;
    callbacks.current.onHover(null, null);
    L.hovered = null;
    let cancelled = false;
    if (graph === null) {
      L.graph = null;
      L.scene = null;
      L.grid = null;
      requestPaint.current();
      return;
    }
    const started = performance.now();
    const aspect = L.height > 0 && L.width > 0 ? L.width / L.height : 1.5;
    void layouts
      .layout(graph, aspect)
      .then((outcome) => {
        if (cancelled) return;
        // A failed worker falls back to laying out here (the client does); anything else is a bug worth seeing.
        if (outcome.kind !== 'ok') {
          if (outcome.kind !== 'cancelled') console.error(`Longcat Studio: graph layout: ${outcome.message}`);
          return;
        }
        const { x, y } = outcome.value;
        L.graph = graph;
        L.layoutAspect = aspect;
        L.scene = { x, y, cls: graph.cls, edgeFrom: graph.edgeFrom, edgeTo: graph.edgeTo, edgeMove: graph.edgeMove, edgeSolution: graph.edgeSolution };
        L.grid = buildHitGrid(x, y, 28);
        L.fit();
        L.afterPaint.push(() =>
          // The report once the frame with the drawing has been produced.
          requestAnimationFrame(() => {
            if (cancelled) return;
            callbacks.current.onRendered(reportRender({ levelKey: graph.levelKey, nodes: graph.nodeCount, edges: graph.edgeFrom.length, view: 'full', layout: 'layered', renderer: 'canvas', ms: performance.now() - started }));
          }),
        );
        requestPaint.current();
      });
    return () => {
      cancelled = true;
    };
  }, [graph, layouts, reshaped]);

  // Marks: the selected and current state, lit states, the path (as per-node and per-edge flags), players' traffic.
  useEffect(() => {
    const L = live.current;
    const n = graph?.nodeCount ?? 0, edges = graph?.edgeFrom.length ?? 0;
    let pathNodes: Uint8Array | null = null, pathEdges: Uint8Array | null = null;
    if (path !== null && path.nodes.every((id) => id < n) && path.edges.every((e) => e < edges)) {
      pathNodes = new Uint8Array(n);
      pathEdges = new Uint8Array(edges);
      for (const id of path.nodes) pathNodes[id] = 1;
      for (const e of path.edges) pathEdges[e] = 1;
    }
    L.marksFor = graph;
    L.marks = {
      selected: selected !== null && selected < n ? selected : null,
      current: current !== null && current < n ? current : null,
      hovered: null,
      lit: lit !== null && lit.length === n ? lit : null,
      pathNodes,
      pathEdges,
      traffic: traffic !== null && traffic.length === n ? traffic : null,
    };
    requestPaint.current();
  }, [graph, selected, current, lit, path, traffic]);

  return (
    <div className="cy" ref={container} data-testid="graph.canvas" data-renderer="canvas">
      <canvas ref={canvas} className="graph-canvas" aria-label="solution graph: every state as a dot, coloured by class; drag to pan, wheel or + and − to zoom, click a state to show it on the grid" />
    </div>
  );
}
