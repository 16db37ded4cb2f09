/**
 * What the two graph renderers share: the props the panel gives them, the
 * report of a finished drawing, the viewport the minimap reads, and the
 * test/benchmark hook on `window`. Cytoscape draws small graphs and the
 * collapsed view; our own canvas renderer draws big full graphs (see
 * `CanvasGraphView`), so neither the panel nor the specs care which one is on.
 */
import type { GraphData } from '../../core/graph/graphData';
import type { GraphPath } from '../adapters/graphHighlight';

export type GraphLayoutName = import('../../workers/layout.protocol').LayoutName;
export type GraphRenderer = 'cytoscape' | 'canvas';

export interface RenderReport {
  /** The level key of the graph drawn (the analysis's `levelKey`): which level this drawing is of. */
  readonly levelKey: string;
  readonly nodes: number;
  readonly edges: number;
  readonly view: 'full' | 'collapsed';
  readonly layout: GraphLayoutName;
  readonly renderer: GraphRenderer;
  /** Layout + element creation + first frame, ms. */
  readonly ms: number;
}

export interface GraphViewProps {
  readonly graph: GraphData | null;
  readonly view: 'full' | 'collapsed';
  readonly layout: GraphLayoutName;
  readonly selected: number | null;
  readonly current: number | null;
  /** 1 per node to light up (the rest are dimmed); null for no highlight. */
  readonly lit: Uint8Array | null;
  /** The path from the start to the selected or current state, drawn over the graph. */
  readonly path: GraphPath | null;
  /** Players' attempts through each state (the traffic view); both renderers size nodes by it (`adapters/graphStyle.ts`). */
  readonly traffic?: Uint32Array | null;
  readonly onSelect: (node: number) => void;
  /** `group`: the collapsed view's group under the pointer (its state count and depths). */
  readonly onHover: (node: number | null, at: { x: number; y: number } | null, group?: { count: number; depths: string }) => void;
  readonly onRendered: (report: RenderReport) => void;
  /** Hands the drawing's viewport to the panel (the minimap reads it), null on unmount. */
  readonly onViewport?: (viewport: GraphViewport | null) => void;
}

/** A drawing's viewport as the minimap sees it: model-space points and the visible box. */
export interface GraphViewport {
  /** Every drawn node's model position and class index (into NODE_CLASSES). */
  points(): { readonly x: ArrayLike<number>; readonly y: ArrayLike<number>; readonly cls: ArrayLike<number> };
  /** The visible part of the model, in model units. */
  extent(): { readonly x1: number; readonly y1: number; readonly w: number; readonly h: number };
  zoom(): number;
  /** Canvas size in CSS px. */
  width(): number;
  height(): number;
  /** Sets the pan (rendered position of the model origin). */
  pan(p: { x: number; y: number }): void;
  /** Calls `fn` when the viewport moves or the canvas is resized; returns the unsubscribe. */
  onChange(fn: () => void): () => void;
}

/** Marks the specs read back: nodes (edges as -1 - edge index) carrying them. */
export type GraphMark = 'lit' | 'dim' | 'onpath' | 'chosen' | 'current';

/** The test and benchmark hook (`window.__longcatGraph`), set by whichever renderer is mounted. */
export interface GraphHook {
  readonly renderer: GraphRenderer;
  /** The Cytoscape instance when Cytoscape draws, else null. */
  readonly cy: import('cytoscape').Core | null;
  report: RenderReport | null;
  /** `performance.now()` when the last report was made. */
  reportAt: number;
  renders: number;
  /** Rendered position (px from the canvas's top left) of a node; in the collapsed view, of its group. */
  nodePosition(id: number): { x: number; y: number } | null;
  nodeIds(): { id: number; cls: string; depth: number }[];
  marked(mark: GraphMark): number[];
  /** The current zoom (1 = model units are CSS px). */
  zoom(): number;
  /** Zooms by `factor` about the centre; resolves with the ms until that frame is drawn. */
  zoomBy(factor: number): Promise<number>;
  /** Number of drawn elements (nodes), for "is the drawing complete". */
  drawnNodes(): number;
}

declare global {
  interface Window {
    __longcatGraph?: GraphHook;
  }
}

/** Drawings finished since the page loaded, whichever renderer made them (a spec waits for this to grow). */
let renderCount = 0;

/** Publishes a renderer's hook; returns the unpublish. */
export function publishGraphHook(hook: GraphHook): () => void {
  hook.renders = renderCount;
  window.__longcatGraph = hook;
  return () => {
    if (window.__longcatGraph === hook) delete window.__longcatGraph;
  };
}

/** Records a finished drawing in the hook and returns it. */
export function reportRender(report: RenderReport): RenderReport {
  const hook = window.__longcatGraph;
  if (hook !== undefined) {
    hook.report = report;
    hook.reportAt = performance.now();
  }
  renderCount++;
  if (hook !== undefined) hook.renders = renderCount;
  return report;
}
