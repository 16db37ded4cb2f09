/**
 * Which node is under the pointer: a uniform grid of buckets over model
 * space, so a lookup looks at the few nodes near the point instead of all
 * of them. Built in O(n); a lookup costs the nodes in the buckets the
 * search circle touches.
 */

export interface HitGrid {
  /** The nearest node within `radius` (model units) of (x, y), or -1. Ties go to the lower id. */
  nearest(x: number, y: number, radius: number): number;
}

export function buildHitGrid(xs: ArrayLike<number>, ys: ArrayLike<number>, cell: number): HitGrid {
  const n = xs.length;
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (let i = 0; i < n; i++) {
    x1 = Math.min(x1, xs[i]!);
    x2 = Math.max(x2, xs[i]!);
    y1 = Math.min(y1, ys[i]!);
    y2 = Math.max(y2, ys[i]!);
  }
  if (n === 0) return { nearest: () => -1 };
  const cols = Math.max(1, Math.floor((x2 - x1) / cell) + 1), rows = Math.max(1, Math.floor((y2 - y1) / cell) + 1);
  const bucketOf = (x: number, y: number): number => Math.floor((y - y1) / cell) * cols + Math.floor((x - x1) / cell);
  // CSR buckets: start[b]..start[b + 1] in `ids`, ids in increasing order within a bucket.
  const start = new Int32Array(cols * rows + 1);
  for (let i = 0; i < n; i++) start[bucketOf(xs[i]!, ys[i]!) + 1]!++;
  for (let b = 0; b < cols * rows; b++) start[b + 1]! += start[b]!;
  const fill = start.slice(0, cols * rows);
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) ids[fill[bucketOf(xs[i]!, ys[i]!)]!++] = i;
  return {
    nearest(x, y, radius) {
      const c1 = Math.max(0, Math.floor((x - radius - x1) / cell)), c2 = Math.min(cols - 1, Math.floor((x + radius - x1) / cell));
      const r1 = Math.max(0, Math.floor((y - radius - y1) / cell)), r2 = Math.min(rows - 1, Math.floor((y + radius - y1) / cell));
      let best = -1, bestD = radius * radius;
      for (let r = r1; r <= r2; r++)
        for (let c = c1; c <= c2; c++) {
          const b = r * cols + c;
          for (let k = start[b]!; k < start[b + 1]!; k++) {
            const id = ids[k]!, dx = xs[id]! - x, dy = ys[id]! - y, d = dx * dx + dy * dy;
            if (d < bestD || (d === bestD && (best < 0 || id < best))) {
              best = id;
              bestD = d;
            }
          }
        }
      return best;
    },
  };
}
