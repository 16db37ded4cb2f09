/** Random ice levels for tests: rocks at a density, then the start and the goal on two different cells. */
import type { Rng } from '../../src/core/util/rng';

/** A `w` x `h` ice level's rows: each cell a rock with probability `density`, then C and G on two different cells, drawn from `rng`. */
export function randomIceRows(w: number, h: number, density: number, rng: Rng): string[] {
  const cells: string[] = Array.from({ length: w * h }, () => (rng.next() < density ? '#' : '.'));
  const c = rng.int(w * h);
  let g = rng.int(w * h - 1);
  if (g >= c) g++;
  cells[c] = 'C';
  cells[g] = 'G';
  return Array.from({ length: h }, (_, y) => cells.slice(y * w, y * w + w).join(''));
}
