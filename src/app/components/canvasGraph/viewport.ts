/**
 * Pan and zoom of the canvas renderer, as plain values: a model point p is
 * drawn at `pan + zoom * p` (CSS px from the canvas's top left), as in
 * Cytoscape, so zoom steps, fit and 1:1 mean the same in both renderers.
 */

export interface Viewport {
  readonly zoom: number;
  readonly panX: number;
  readonly panY: number;
}

export interface Bounds {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** The renderer's zoom range (Cytoscape's, as the panel configures it). */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 4;
/** A fit never zooms a small drawing in beyond this. */
export const FIT_MAX_ZOOM = 1.6;

export const clampZoom = (zoom: number): number => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));

/** Bounding box of the points (an empty set gives a box around the origin). O(n). */
export function boundsOf(x: ArrayLike<number>, y: ArrayLike<number>): Bounds {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (let i = 0; i < x.length; i++) {
    const px = x[i]!, py = y[i]!;
    if (px < x1) x1 = px;
    if (px > x2) x2 = px;
    if (py < y1) y1 = py;
    if (py > y2) y2 = py;
  }
  return x.length === 0 ? { x1: 0, y1: 0, x2: 0, y2: 0 } : { x1, y1, x2, y2 };
}

/** The viewport that shows `b` centred in a width x height canvas with `pad` px around it. */
export function fitViewport(b: Bounds, width: number, height: number, pad: number, maxZoom = FIT_MAX_ZOOM): Viewport {
  const w = Math.max(1, b.x2 - b.x1), h = Math.max(1, b.y2 - b.y1);
  const zoom = clampZoom(Math.min(maxZoom, (width - 2 * pad) / w, (height - 2 * pad) / h));
  return { zoom, panX: width / 2 - (zoom * (b.x1 + b.x2)) / 2, panY: height / 2 - (zoom * (b.y1 + b.y2)) / 2 };
}

/** Zooms to `zoom` (clamped) keeping the model point under the rendered point `at` where it is. */
export function zoomAt(v: Viewport, zoom: number, at: { x: number; y: number }): Viewport {
  const z = clampZoom(zoom);
  const mx = (at.x - v.panX) / v.zoom, my = (at.y - v.panY) / v.zoom;
  return { zoom: z, panX: at.x - z * mx, panY: at.y - z * my };
}

export const toScreen = (v: Viewport, x: number, y: number): { x: number; y: number } => ({ x: v.panX + v.zoom * x, y: v.panY + v.zoom * y });
export const toModel = (v: Viewport, x: number, y: number): { x: number; y: number } => ({ x: (x - v.panX) / v.zoom, y: (y - v.panY) / v.zoom });

/** The model-space box visible in a width x height canvas. */
export function visibleBounds(v: Viewport, width: number, height: number): Bounds {
  return { x1: -v.panX / v.zoom, y1: -v.panY / v.zoom, x2: (width - v.panX) / v.zoom, y2: (height - v.panY) / v.zoom };
}
