import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHitGrid } from './hitGrid';
import { boundsOf, fitViewport, toModel, toScreen, visibleBounds, zoomAt, MAX_ZOOM, MIN_ZOOM } from './viewport';

/** The nearest point within `radius` by looking at every point (lowest id on ties), or -1. */
function bruteNearest(xs: number[], ys: number[], x: number, y: number, radius: number): number {
  let best = -1, bestD = radius * radius;
  xs.forEach((px, i) => {
    const d = (px - x) ** 2 + (ys[i]! - y) ** 2;
    if (d < bestD || (d === bestD && best < 0)) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

const coord = fc.integer({ min: -2_000, max: 2_000 });

describe('hit grid', () => {
  it('finds the same node as a scan of every node, for any points, query and radius', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { maxLength: 200 }), coord, coord, fc.integer({ min: 1, max: 300 }), fc.integer({ min: 5, max: 100 }), (points, x, y, radius, cell) => {
        const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
        const grid = buildHitGrid(Float32Array.from(xs), Float32Array.from(ys), cell);
        expect(grid.nearest(x, y, radius)).toBe(bruteNearest(xs, ys, x, y, radius));
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing in an empty drawing', () => {
    expect(buildHitGrid(new Float32Array(0), new Float32Array(0), 28).nearest(0, 0, 100)).toBe(-1);
  });
});

describe('viewport', () => {
  const vp = fc.record({ zoom: fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }), panX: fc.double({ min: -5_000, max: 5_000, noNaN: true }), panY: fc.double({ min: -5_000, max: 5_000, noNaN: true }) });

  it('zooming about a point keeps the model point under it in place', () => {
    fc.assert(
      fc.property(vp, fc.double({ min: 0.05, max: 3, noNaN: true }), fc.double({ min: 0, max: 1_000, noNaN: true }), fc.double({ min: 0, max: 800, noNaN: true }), (v, zoom, ax, ay) => {
        const before = toModel(v, ax, ay);
        const after = zoomAt(v, zoom, { x: ax, y: ay });
        const back = toScreen(after, before.x, before.y);
        expect(back.x).toBeCloseTo(ax, 6);
        expect(back.y).toBeCloseTo(ay, 6);
        expect(after.zoom).toBeGreaterThanOrEqual(MIN_ZOOM);
        expect(after.zoom).toBeLessThanOrEqual(MAX_ZOOM);
      }),
    );
  });

  it('a fit shows every point inside the canvas, padding kept', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { minLength: 2, maxLength: 50 }), fc.integer({ min: 200, max: 2_000 }), fc.integer({ min: 150, max: 1_200 }), (points, width, height) => {
        const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
        const v = fitViewport(boundsOf(xs, ys), width, height, 20);
        // Unless the drawing is too big even at the smallest zoom, every point lands inside the padded canvas.
        if (v.zoom === MIN_ZOOM) return;
        for (let i = 0; i < xs.length; i++) {
          const p = toScreen(v, xs[i]!, ys[i]!);
          expect(p.x).toBeGreaterThanOrEqual(20 - 1e-6);
          expect(p.x).toBeLessThanOrEqual(width - 20 + 1e-6);
          expect(p.y).toBeGreaterThanOrEqual(20 - 1e-6);
          expect(p.y).toBeLessThanOrEqual(height - 20 + 1e-6);
        }
        const seen = visibleBounds(v, width, height);
        expect(seen.x1).toBeLessThanOrEqual(Math.min(...xs));
        expect(seen.x2).toBeGreaterThanOrEqual(Math.max(...xs));
      }),
    );
  });
});
