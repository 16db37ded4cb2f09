/**
 * A layered layout of the solution graph, left to right by move count:
 * x is a node's depth (fewest moves from the start), and within a layer
 * nodes are ordered by the barycentre of their neighbours in the adjacent
 * layer (a few down and up sweeps, as in Sugiyama-style layouts). Linear in
 * the edges per sweep plus a sort per layer, so a few thousand nodes take a
 * few milliseconds; dagre is offered for small graphs only (see GraphPanel).
 *
 * Pure and DOM-free, so it lives in core: the layout worker and the studio
 * both call it (imports run downward only).
 */
import type { GraphData } from './graphData';

export interface LayoutOptions {
  /** Horizontal distance between layers. */
  readonly layerGap?: number;
  /** Vertical distance between nodes of a layer. */
  readonly nodeGap?: number;
  /** Down + up sweep pairs. */
  readonly sweeps?: number;
  /**
   * Width / height of the canvas: when given, the layer gap is chosen so the
   * drawing has about this shape (within 36..140 px), so a fit zoom keeps nodes visible.
   */
  readonly aspect?: number;
}

export interface Positions {
  readonly x: Float32Array;
  readonly y: Float32Array;
}

/** The graph's shape, all the layout needs (GraphData fits). */
export type LayoutInput = Pick<GraphData, 'nodeCount' | 'depth' | 'edgeFrom' | 'edgeTo'>;

export function layeredLayout(graph: LayoutInput, options: LayoutOptions = {}): Positions {
  const nodeGap = options.nodeGap ?? 28;
  const sweeps = options.sweeps ?? 2;
  const n = graph.nodeCount;
  const layers = layersOf(graph);
  const widest = Math.max(1, ...layers.map((l) => l.length));
  const layerGap =
    options.layerGap ??
    (options.aspect !== undefined && layers.length > 1
      ? Math.min(140, Math.max(36, (options.aspect * Math.max(1, widest - 1) * nodeGap) / (layers.length - 1)))
      : 90);
  const up = adjacency(n, graph.edgeTo, graph.edgeFrom, graph.depth, -1);
  const down = adjacency(n, graph.edgeFrom, graph.edgeTo, graph.depth, 1);
  // rank[id]: position within its layer, as a fraction 0..1 so layers of different sizes compare.
  const rank = new Float64Array(n);
  const place = (layer: number[]): void => layer.forEach((id, i) => (rank[id] = layer.length > 1 ? i / (layer.length - 1) : 0.5));
  layers.forEach(place);
  const key = new Float64Array(n);
  const reorder = (layer: number[], adj: Adjacency): void => {
    for (const id of layer) {
      let sum = 0, count = 0;
      for (let k = adj.start[id]!; k < adj.start[id + 1]!; k++) {
        sum += rank[adj.list[k]!]!;
        count++;
      }
      key[id] = count > 0 ? sum / count : rank[id]!;
    }
    layer.sort((a, b) => key[a]! - key[b]! || rank[a]! - rank[b]!);
    place(layer);
  };
  for (let s = 0; s < sweeps; s++) {
    for (let d = 1; d < layers.length; d++) reorder(layers[d]!, up);
    for (let d = layers.length - 2; d >= 0; d--) reorder(layers[d]!, down);
  }
  const x = new Float32Array(n), y = new Float32Array(n);
  layers.forEach((layer, d) => {
    const offset = ((layer.length - 1) * nodeGap) / 2;
    layer.forEach((id, i) => {
      x[id] = d * layerGap;
      y[id] = i * nodeGap - offset;
    });
  });
  return { x, y };
}

/** Node ids per depth, in id (BFS) order. */
function layersOf(graph: LayoutInput): number[][] {
  const layers: number[][] = [];
  for (let id = 0; id < graph.nodeCount; id++) {
    const d = graph.depth[id]!;
    while (layers.length <= d) layers.push([]);
    layers[d]!.push(id);
  }
  return layers;
}

interface Adjacency {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

/** CSR lists of neighbours exactly one layer away in direction `step` (-1: parents, 1: children). */
function adjacency(n: number, from: Int32Array, to: Int32Array, depth: Uint16Array, step: 1 | -1): Adjacency {
  const start = new Int32Array(n + 1);
  const keep = (e: number): boolean => depth[to[e]!]! === depth[from[e]!]! + step;
  for (let e = 0; e < from.length; e++) if (keep(e)) start[from[e]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const list = new Int32Array(start[n]!);
  for (let e = 0; e < from.length; e++) if (keep(e)) list[fill[from[e]!]!++] = to[e]!;
  return { start, list };
}
