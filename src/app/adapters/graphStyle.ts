/**
 * The solution graph's look, in one place for both renderers: the Cytoscape
 * stylesheet (`cytoscapeElements.ts`) and the canvas painter
 * (`components/canvasGraph/paint.ts`) read every colour, size and width
 * here, so a graph looks the same whichever one draws it. Sizes are in model
 * units (CSS px at zoom 1), as Cytoscape has them: a node's size is its
 * diameter.
 */
import type { NodeClassName } from '../../core/graph/classes';

/** Class colours, shared with the CSS swatches (styles.css) and the minimap. */
export const CLASS_COLOURS: Record<NodeClassName, string> = {
  success: '#22c55e',
  fail: '#ef4444',
  solution: '#3b82f6',
  dead: '#a855f7',
  indeterminate: '#eab308',
};

/** The path from the start to the selected or current state. */
export const PATH_COLOUR = '#f472b6';

/** Node diameters: a plain state, the start, and the selected or current state. */
export const NODE_SIZE = { plain: 14, start: 18, marked: 22 } as const;

/** The rings drawn around marked states: colour and width. */
export const NODE_RING = {
  start: { colour: '#f8fafc', width: 3 },
  path: { colour: PATH_COLOUR, width: 3 },
  hovered: { colour: '#fbbf24', width: 3 },
  current: { colour: '#f97316', width: 4 },
  chosen: { colour: '#f8fafc', width: 4 },
} as const;

/** Opacity of the states a highlight leaves out. */
export const DIM_OPACITY = 0.12;

/** Edges: other moves, solution moves and the path, with their move labels' colours. */
export const EDGE_STYLE = {
  move: { colour: '#4b5563', width: 1.2, label: '#9ca3af' },
  solution: { colour: '#22c55e', width: 2, label: '#86efac' },
  path: { colour: PATH_COLOUR, width: 3.5, label: '#fbcfe8' },
} as const;

/** The collapsed view's group counts (Cytoscape only: the canvas draws full graphs). */
export const GROUP_LABEL = { colour: '#e5e7eb', fontSize: 12 } as const;

/** Move labels: font size, and the smallest on-screen size they are drawn at. */
export const EDGE_LABEL = { fontSize: 9, minScreenSize: 7, background: '#111827', backgroundOpacity: 0.8 } as const;

/**
 * A state's diameter in the players' traffic view: from 12 for one attempt
 * among many to 34 for the most travelled state (by the square root of the
 * attempts that passed it, `max` being the most any state had).
 */
export function trafficSize(count: number, max: number): number {
  return 12 + 22 * Math.sqrt(count / Math.max(1, max));
}

/** The most attempts any state had (at least 1). */
export function trafficMax(traffic: ArrayLike<number>): number {
  let max = 1;
  for (let i = 0; i < traffic.length; i++) max = Math.max(max, traffic[i]!);
  return max;
}
