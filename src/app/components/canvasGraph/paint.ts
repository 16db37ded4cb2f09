/**
 * Paints a laid-out solution graph on a 2D canvas: edges in a few batched
 * paths (other moves, solution moves, the highlighted path), nodes batched
 * by class, then the few marked nodes on top. Only what is inside the view
 * is drawn; move labels and arrowheads appear once zoomed in far enough to
 * read them (as Cytoscape's `min-zoomed-font-size` does). One call is a
 * few milliseconds for thousands of nodes, so every pan or zoom repaints.
 */
import { NODE_CLASSES } from '../../../core/graph/classes';
import { DIRECTIONS } from '../../../core/rules/moves';
import { CLASS_COLOURS, PATH_COLOUR } from '../../adapters/cytoscapeElements';
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
}

/** Model sizes, as the Cytoscape stylesheet has them (radius = size / 2). */
export const NODE_RADIUS = 7;
const START_RADIUS = 9;
const MARKED_RADIUS = 11;
/** Marked nodes stay at least this big on screen, however far out the view is zoomed (px). */
const MIN_MARKED_RADIUS = 5;
const MIN_NODE_RADIUS = 1.25;
const EDGE = '#4b5563', SOLUTION_EDGE = '#22c55e', LABEL = '#9ca3af', SOLUTION_LABEL = '#86efac', PATH_LABEL = '#fbcfe8';
const BORDER = { start: '#f8fafc', path: PATH_COLOUR, hovered: '#fbbf24', current: '#f97316', chosen: '#f8fafc' } as const;
const DIM_ALPHA = 0.12;
/** Labels are drawn when 9 px text reaches 7 px on screen, and only when this few edges are in view. */
const LABEL_MIN_ZOOM = 7 / 9;
const LABEL_MAX_EDGES = 2_500;
const ARROW_MIN_ZOOM = 0.45;

/** Screen radius of a plain node at `zoom`. */
export const nodeScreenRadius = (zoom: number): number => Math.max(MIN_NODE_RADIUS, NODE_RADIUS * zoom);

export function paintGraph(ctx: CanvasRenderingContext2D, scene: Scene, v: Viewport, width: number, height: number, marks: PaintMarks): void {
  ctx.clearRect(0, 0, width, height);
  const z = v.zoom;
  const r = nodeScreenRadius(z);
  const margin = Math.max(MARKED_RADIUS, MIN_MARKED_RADIUS / z) + 2;
  const box = visibleBounds(v, width, height);
  const x1 = box.x1 - margin, y1 = box.y1 - margin, x2 = box.x2 + margin, y2 = box.y2 + margin;
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
    ctx.lineWidth = Math.max(solution ? 0.9 : 0.6, (solution ? 2 : 1.2) * z);
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
    ctx.lineWidth = Math.max(2, 3.5 * z);
    ctx.stroke();
  }
  if (z >= ARROW_MIN_ZOOM) paintArrows(ctx, scene, visibleEdges, sx, sy, z, marks);

  // Nodes by class; lit ones over dimmed ones.
  const passes: readonly (0 | 1)[] = dimming ? [0, 1] : [1];
  for (const litPass of passes) {
    ctx.globalAlpha = litPass === 1 ? 1 : DIM_ALPHA;
    NODE_CLASSES.forEach((name, c) => {
      ctx.fillStyle = CLASS_COLOURS[name];
      ctx.beginPath();
      for (let id = 0; id < n; id++) {
        if (cls[id] !== c || !inView(id) || (dimming && marks.lit![id] !== litPass)) continue;
        const px = sx(id), py = sy(id);
        if (r < 2) ctx.rect(px - r, py - r, 2 * r, 2 * r);
        else {
          ctx.moveTo(px + r, py);
          ctx.arc(px, py, r, 0, 2 * Math.PI);
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
  if (n > 0) ring(0, START_RADIUS, 3, BORDER.start);
  if (marks.pathNodes !== null) for (let id = 0; id < n; id++) if (marks.pathNodes[id] === 1 && inView(id)) ring(id, id === 0 ? START_RADIUS : NODE_RADIUS, 3, BORDER.path);
  if (marks.hovered !== null) ring(marks.hovered, NODE_RADIUS, 3, BORDER.hovered);
  if (marks.current !== null) ring(marks.current, MARKED_RADIUS, 4, BORDER.current);
  if (marks.selected !== null) ring(marks.selected, MARKED_RADIUS, 4, BORDER.chosen);

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
  const size = 9 * z;
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = size * 0.9, h = size * 1.2;
  for (const e of edges) {
    const mx = (sx(scene.edgeFrom[e]!) + sx(scene.edgeTo[e]!)) / 2, my = (sy(scene.edgeFrom[e]!) + sy(scene.edgeTo[e]!)) / 2;
    ctx.globalAlpha = 0.8;
    ctx.fillStyle = '#111827';
    ctx.fillRect(mx - w / 2 - 1, my - h / 2, w + 2, h);
    ctx.globalAlpha = 1;
    ctx.fillStyle = marks.pathEdges?.[e] === 1 ? PATH_LABEL : scene.edgeSolution[e] === 1 ? SOLUTION_LABEL : LABEL;
    ctx.fillText(DIRECTIONS[scene.edgeMove[e]!]!, mx, my);
  }
}
