/**
 * The pin sets of a sweep over the number of pinned cells: for each count
 * k, k cells of a reference level (the level open in the editor) pinned as
 * they are there (wall, open floor, or the start), so the pins are possible,
 * as a designer's are. The cells come from one seeded shuffle of the grid
 * and each set is a prefix of it: the set of a larger k holds the set of
 * every smaller one, so the curve measures more of the same constraint, not
 * a new draw per value.
 */
import type { Level } from '../level/level';
import { createRng } from '../util/rng';
import { pinsFromLevel, type CellPins } from './pins';

/** Why `counts` cannot be pinned on `level`, or null. */
export function pinSweepProblem(level: Level, counts: readonly number[]): string | null {
  const cells = level.width * level.height;
  const bad = counts.find((k) => !Number.isInteger(k) || k < 0 || k > cells);
  return bad === undefined ? null : `a ${level.width}x${level.height} level has ${cells} cells to pin, so ${bad} pinned cells cannot be drawn`;
}

/** One pin set per count (same order), nested; the same seed draws the same cells. Throws on a count {@link pinSweepProblem} refuses. */
export function pinSweepSets(level: Level, counts: readonly number[], seed: number): CellPins[] {
  const problem = pinSweepProblem(level, counts);
  if (problem !== null) throw new Error(problem);
  const order = Array.from({ length: level.width * level.height }, (_, i) => i);
  const rng = createRng(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return counts.map((k) => pinsFromLevel(level, order.slice(0, k)));
}
