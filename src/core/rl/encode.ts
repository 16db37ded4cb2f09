/**
 * Head-centred observation encoding (thesis §5.3): the grid padded to
 * (2n - 1) x (2n - 1) and shifted so the agent's cell is in the middle;
 * cells outside the level read as wall.
 */

/** Observation side for a level whose longer side is n. */
export function observationSide(width: number, height: number): number {
  return 2 * Math.max(width, height) - 1;
}

/**
 * Writes a one-hot encoding into `out` at `offset`: for each observation
 * cell, channel `channelOf(cell)` (or `outsideChannel` off the grid) is 1.
 * `channelOf` may return -1 for "no channel" (all zeros).
 */
export function encodeCentred(
  out: Float32Array,
  offset: number,
  side: number,
  channels: number,
  width: number,
  height: number,
  centre: number,
  outsideChannel: number,
  channelOf: (cell: number) => number,
): void {
  out.fill(0, offset, offset + side * side * channels);
  const half = (side - 1) >> 1;
  const cx = centre % width, cy = (centre / width) | 0;
  for (let v = 0; v < side; v++) {
    const y = cy + v - half;
    for (let u = 0; u < side; u++) {
      const x = cx + u - half;
      const ch = x < 0 || y < 0 || x >= width || y >= height ? outsideChannel : channelOf(y * width + x);
      if (ch >= 0) out[offset + (v * side + u) * channels + ch] = 1;
    }
  }
}
