/**
 * Paints a laid-out solution graph on a 2D canvas: edges in a few batched
 * paths (other moves, solution moves, the highlighted path), nodes batched
 * by class, then the few marked nodes on top. Only what is inside the view
 * is drawn; move labels and arrowheads appear once zoomed in far enough to
 * read them (as Cytoscape's `min-zoomed-font-size` does). Colours, sizes
 * and widths are the Cytoscape stylesheet's, from `adapters/graphStyle.ts`,
 * players' traffic sizing included. One call is a few milliseconds for
 * thousands of nodes, so every pan or zoom repaints.
 */
import { NODE_CLASSES } from '../../../core/graph/classes';
import { DIRECTIONS } from '../../../core/rules/moves';
import { CLASS_COLOURS, DIM_OPACITY, EDGE_LABEL, EDGE_STYLE, NODE_RING, NODE_SIZE, trafficMax, trafficSize } from '../../adapters/graphStyle';
import { visibleBounds, type Viewport } from './viewport';

/** The drawing: positions from the layout and the graph's own arrays. */
export interface Scene {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly cls: Uint8Array;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeMove: Uint8Array;
  readonly edgeSolution: Uint8Array;
}

/** What is marked: a node id or null, and per-node / per-edge flags (null when none). */
export interface PaintMarks {
  readonly selected: number | null;
  readonly current: number | null;
  readonly hovered: number | null;
  /** 1 per lit node; the rest are dimmed. */
  readonly lit: Uint8Array | null;
  readonly pathNodes: Uint8Array | null;
  readonly pathEdges: Uint8Array | null;
  /** Players' attempts through each node (the traffic view): a node they passed is drawn at its traffic size. Null when off. */
  readonly traffic?: Uint32Array | null;
}

/** Model radii (half the shared sizes). */
export const NODE_RADIUS = NODE_SIZE.plain / 2;
const START_RADIUS = NODE_SIZE.start / 2;
const MARKED_RADIUS = NODE_SIZE.marked / 2;
/** Marked nodes stay at least this big on screen, however far out the view is zoomed (px). */
const MIN_MARKED_RADIUS = 5;
const MIN_NODE_RADIUS = 1.25;
const EDGE = EDGE_STYLE.move.colour, SOLUTION_EDGE = EDGE_STYLE.solution.colour, PATH_COLOUR = EDGE_STYLE.path.colour;
/** Labels are drawn when their text reaches its smallest on-screen size, and only when this few edges are in view. */
const LABEL_MIN_ZOOM = EDGE_LABEL.minScreenSize / EDGE_LABEL.fontSize;
const LABEL_MAX_EDGES = 2_500;
const ARROW_MIN_ZOOM = 0.45;

/** Screen radius of a plain node at `zoom`. */
export const nodeScreenRadius = (zoom: number): number => Math.max(MIN_NODE_RADIUS, NODE_RADIUS * zoom);

export function paintGraph(ctx: CanvasRenderingContext2D, scene: Scene, v: Viewport, width: number, height: number, marks: PaintMarks): void {
  ctx.clearRect(0, 0, width, height);
  const z = v.zoom;
  const r = nodeScreenRadius(z);
  const { x, y, cls, edgeFrom, edgeTo } = scene;
  const n = x.length;
  const sx = (id: number): number => v.panX + z * x[id]!;
  const sy = (id: number): number => v.panY + z * y[id]!;
  const inView = (id: number): boolean => x[id]! >= x1 && x[id]! <= x2 && y[id]! >= y1 && y[id]! <= y2;
  const edgeInView = (e: number): boolean => {
    const a = edgeFrom[e]!, b = edgeTo[e]!;
    return Math.max(x[a]!, x[b]!) >= x1 && Math.min(x[a]!, x[b]!) <= x2 && Math.max(y[a]!, y[b]!) >= y1 && Math.min(y[a]!, y[b]!) <= y2;
  };
  const dimming = marks.lit !== null;
  const traffic = marks.traffic !== undefined && marks.traffic !== null && marks.traffic.length === n ? marks.traffic : null;
  const most = traffic === null ? 1 : trafficMax(traffic);
  /** A node's screen radius: its traffic size when players passed it, else the plain one. */
  const radiusOf = (id: number): number => (traffic !== null && traffic[id]! > 0 ? Math.max(MIN_NODE_RADIUS, (trafficSize(traffic[id]!, most) / 2) * z) : r);
  const margin = Math.max(MARKED_RADIUS, traffic === null ? 0 : trafficSize(most, most) / 2, MIN_MARKED_RADIUS / z) + 2;
  const box = visibleBounds(v, width, height);
  const x1 = box.x1 - margin, y1 = box.y1 - margin, x2 = box.x2 + margin, y2 = box.y2 + margin;

  // Edges: other moves, then solution moves over them, then the path.
  const visibleEdges: number[] = [];
  for (let e = 0; e < edgeFrom.length; e++) if (edgeInView(e)) visibleEdges.push(e);
  ctx.lineCap = 'round';
  for (const solution of [0, 1]) {
    ctx.beginPath();
    for (const e of visibleEdges) {
      if (scene.edgeSolution[e] !== solution) continue;
      ctx.moveTo(sx(edgeFrom[e]!), sy(edgeFrom[e]!));
      ctx.lineTo(sx(edgeTo[e]!), sy(edgeTo[e]!));
    }
    ctx.globalAlpha = dimming ? 0.3 : 1;
    ctx.strokeStyle = solution ? SOLUTION_EDGE : EDGE;
    ctx.lineWidth = Math.max(solution ? 0.9 : 0.6, (solution ? EDGE_STYLE.solution.width : EDGE_STYLE.move.width) * z);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  if (marks.pathEdges !== null) {
    ctx.beginPath();
    for (const e of visibleEdges) {
      if (marks.pathEdges[e] !== 1) continue;
      ctx.moveTo(sx(edgeFrom[e]!), sy(edgeFrom[e]!));
      ctx.lineTo(sx(edgeTo[e]!), sy(edgeTo[e]!));
    }
    ctx.strokeStyle = PATH_COLOUR;
    ctx.lineWidth = Math.max(2, EDGE_STYLE.path.width * z);
    ctx.stroke();
  }
  if (z >= ARROW_MIN_ZOOM) paintArrows(ctx, scene, visibleEdges, sx, sy, z, marks);

  // Nodes by class; lit ones over dimmed ones.
  const passes: readonly (0 | 1)[] = dimming ? [0, 1] : [1];
  for (const litPass of passes) {
    ctx.globalAlpha = litPass === 1 ? 1 : DIM_OPACITY;
    NODE_CLASSES.forEach((name, c) => {
      ctx.fillStyle = CLASS_COLOURS[name];
      ctx.beginPath();
      for (let id = 0; id < n; id++) {
        if (cls[id] !== c || !inView(id) || (dimming && marks.lit![id] !== litPass)) continue;
        const px = sx(id), py = sy(id), rr = radiusOf(id);
        if (rr < 2) ctx.rect(px - rr, py - rr, 2 * rr, 2 * rr);
        else {
          ctx.moveTo(px + rr, py);
          ctx.arc(px, py, rr, 0, 2 * Math.PI);
        }
      }
      ctx.fill();
    });
  }
  ctx.globalAlpha = 1;

  // The start, the path's states, the hovered, current and selected node: few, drawn one by one on top.
  const ring = (id: number, radius: number, border: number, colour: string): void => {
    if (id < 0 || id >= n) return;
    const rr = Math.max(MIN_MARKED_RADIUS, radius * z), bw = Math.max(1.5, border * z);
    ctx.beginPath();
    ctx.arc(sx(id), sy(id), rr, 0, 2 * Math.PI);
    ctx.fillStyle = CLASS_COLOURS[NODE_CLASSES[cls[id]!]!];
    ctx.fill();
    ctx.lineWidth = bw;
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  // A ring keeps its node's size (the start's, a marked one's, or its traffic size, as Cytoscape's per-node size does).
  const plain = (id: number): number => (traffic !== null && traffic[id]! > 0 ? trafficSize(traffic[id]!, most) / 2 : NODE_RADIUS);
  const start = (id: number): number => (traffic !== null && traffic[id]! > 0 ? plain(id) : START_RADIUS);
  const marked = (id: number): number => (traffic !== null && id >= 0 && id < n && traffic[id]! > 0 ? plain(id) : MARKED_RADIUS);
  const { start: startRing, path: pathRing, hovered: hoveredRing, current: currentRing, chosen: chosenRing } = NODE_RING;
  if (n > 0) ring(0, start(0), startRing.width, startRing.colour);
  if (marks.pathNodes !== null) for (let id = 0; id < n; id++) if (marks.pathNodes[id] === 1 && inView(id)) ring(id, id === 0 ? start(0) : plain(id), pathRing.width, pathRing.colour);
  if (marks.hovered !== null) ring(marks.hovered, marks.hovered === 0 ? start(0) : plain(marks.hovered), hoveredRing.width, hoveredRing.colour);
  if (marks.current !== null) ring(marks.current, marked(marks.current), currentRing.width, currentRing.colour);
  if (marks.selected !== null) ring(marks.selected, marked(marks.selected), chosenRing.width, chosenRing.colour);

  if (z >= LABEL_MIN_ZOOM && visibleEdges.length <= LABEL_MAX_EDGES) paintLabels(ctx, scene, visibleEdges, sx, sy, z, marks);
}

function paintArrows(ctx: CanvasRenderingContext2D, scene: Scene, edges: readonly number[], sx: (id: number) => number, sy: (id: number) => number, z: number, marks: PaintMarks): void {
  const len = 7 * z, half = 3.5 * z;
  for (const colour of [EDGE, SOLUTION_EDGE, PATH_COLOUR]) {
    ctx.beginPath();
    for (const e of edges) {
      const onPath = marks.pathEdges?.[e] === 1;
      const c = onPath ? PATH_COLOUR : scene.edgeSolution[e] === 1 ? SOLUTION_EDGE : EDGE;
      if (c !== colour) continue;
      const ax = sx(scene.edgeFrom[e]!), ay = sy(scene.edgeFrom[e]!), bx = sx(scene.edgeTo[e]!), by = sy(scene.edgeTo[e]!);
      const dx = bx - ax, dy = by - ay, d = Math.hypot(dx, dy);
      if (d < 1) continue;
      const ux = dx / d, uy = dy / d;
      // The tip touches the target node's rim.
      const tipX = bx - ux * NODE_RADIUS * z, tipY = by - uy * NODE_RADIUS * z;
      ctx.moveTo(tipX, tipY);
      ctx.lineTo(tipX - ux * len - uy * half, tipY - uy * len + ux * half);
      ctx.lineTo(tipX - ux * len + uy * half, tipY - uy * len - ux * half);
      ctx.closePath();
    }
    ctx.globalAlpha = marks.lit !== null && colour !== PATH_COLOUR ? 0.3 : 1;
    ctx.fillStyle = colour;
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function paintLabels(ctx: CanvasRenderingContext2D, scene: Scene, edges: readonly number[], sx: (id: number) => number, sy: (id: number) => number, z: number, marks: PaintMarks): void {
  const size = EDGE_LABEL.fontSize * z;
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = size * 0.9, h = size * 1.2;
  for (const e of edges) {
    const mx = (sx(scene.edgeFrom[e]!) + sx(scene.edgeTo[e]!)) / 2, my = (sy(scene.edgeFrom[e]!) + sy(scene.edgeTo[e]!)) / 2;
    ctx.globalAlpha = EDGE_LABEL.backgroundOpacity;
    ctx.fillStyle = EDGE_LABEL.background;
    ctx.fillRect(mx - w / 2 - 1, my - h / 2, w + 2, h);
    ctx.globalAlpha = 1;
    ctx.fillStyle = marks.pathEdges?.[e] === 1 ? EDGE_STYLE.path.label : scene.edgeSolution[e] === 1 ? EDGE_STYLE.solution.label : EDGE_STYLE.move.label;
    ctx.fillText(DIRECTIONS[scene.edgeMove[e]!]!, mx, my);
  }
}
