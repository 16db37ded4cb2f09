/**
 * Move rules (SPEC §1). The head slides cell by cell until the next cell is a
 * wall, body or outside; every cell it leaves becomes body. A move whose first
 * cell is blocked is illegal.
 *
 * Grids are addressed through a cached {@link Topology}: for each cell and
 * direction the neighbouring cell index, or -1 outside the grid.
 */
/** The move letters; a direction's index in this list is its number everywhere (edges, actions, masks). */
export const DIRECTIONS = ['U', 'D', 'L', 'R'] as const;
/** A move letter. */
export type Direction = (typeof DIRECTIONS)[number];
/** Direction indices, matching {@link DIRECTIONS}. */
export const UP = 0, DOWN = 1, LEFT = 2, RIGHT = 3;
/** Row offset per direction index (y grows downwards). */
export const DY = [-1, 1, 0, 0] as const;
/** Column offset per direction index. */
export const DX = [0, 0, -1, 1] as const;

/** Neighbour table of a grid size; built once per size by {@link topology} and shared (never mutate it). */
export interface Topology {
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** `neighbour[cell * 4 + dir]`: the adjacent cell, or -1 when outside. */
  readonly neighbour: Int16Array;
  /** Uint32 words needed for one bit per cell. */
  readonly words: number;
}

const topologies = new Map<number, Topology>();

/** The (cached) topology of a `width x height` grid. */
export function topology(width: number, height: number): Topology {
  const key = width * 64 + height;
  let t = topologies.get(key);
  if (t === undefined) {
    const cellCount = width * height;
    const neighbour = new Int16Array(cellCount * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        for (let d = 0; d < 4; d++) {
          const nx = x + DX[d]!, ny = y + DY[d]!;
          neighbour[i * 4 + d] = nx < 0 || ny < 0 || nx >= width || ny >= height ? -1 : ny * width + nx;
        }
      }
    }
    t = { width, height, cellCount, neighbour, words: (cellCount + 31) >>> 5 };
    topologies.set(key, t);
  }
  return t;
}

/** Index of a direction letter (case-insensitive), or -1. */
export function directionIndex(letter: string): number {
  switch (letter) {
    case 'U': case 'u': return UP;
    case 'D': case 'd': return DOWN;
    case 'L': case 'l': return LEFT;
    case 'R': case 'r': return RIGHT;
    default: return -1;
  }
}
