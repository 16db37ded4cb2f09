/**
 * RSD — random solution-down (thesis §5.2, SPEC §6, §12) for any ruleset:
 * the ruleset's solution-down process ({@link SolutionDownCarver}) driven by
 * uniformly random directions until it is done. Longcat's process is the
 * thesis's (one cell a step, a wall ahead of every turn); paint's carves
 * slides (`rules/paint/solutionDown.ts`). The walk is the level's solution,
 * so every level is solvable by construction.
 *
 * The walk is exposed step by step because SD-PCGRL and generate at
 * difficulty run the same process with a policy or a search choosing.
 */
import type { Level } from '../level/level';
import { longcat } from '../rules/longcat';
import type { Ruleset, SolutionDownCarver } from '../rules/ruleset';
import type { Rng } from '../util/rng';
import { drawStart, PIN_TRIES, walkKeepsPins } from './pins';

export { SolutionDownWalk } from '../rules/longcat/solutionDown';

/** An RSD level with the walk that made it, which is one of its solutions. */
export interface GeneratedSolutionDown {
  readonly level: Level;
  /** The walk as moves, a solution of the level. */
  readonly solution: string;
}

/** Runs a whole random walk on `walk` (reused) with a uniformly random start (among its `startCells` when it has them): each step picks uniformly among the open directions. */
export function runRandomWalk(walk: SolutionDownCarver, rng: Rng): void {
  walk.reset(drawStart(walk, rng));
  while (!walk.done()) {
    const m = walk.openMask();
    // Open directions in index order; pick the j-th (no draw when only one is open).
    const k = (m & 1) + ((m >>> 1) & 1) + ((m >>> 2) & 1) + ((m >>> 3) & 1);
    let j = k === 1 ? 0 : rng.int(k);
    let dir = 0;
    for (; dir < 4; dir++) if (((m >>> dir) & 1) !== 0 && j-- === 0) break;
    walk.step(dir);
  }
}

/**
 * Random walks on `walk` until one keeps its pins (a pinned carver, see
 * `pins.ts`), at most `tries` walks, all drawn from `rng`. True when the
 * last walk keeps them; a carver without pins needs one walk.
 */
export function runRandomWalkKeepingPins(walk: SolutionDownCarver, rng: Rng, tries: number = PIN_TRIES): boolean {
  for (let t = 0; t < tries; t++) {
    runRandomWalk(walk, rng);
    if (walkKeepsPins(walk)) return true;
  }
  return false;
}

/** One RSD level under `rules` (default Longcat). */
export function generateRsd(width: number, height: number, rng: Rng, rules: Ruleset = longcat): GeneratedSolutionDown {
  const walk = rules.solutionDown(width, height);
  runRandomWalk(walk, rng);
  return { level: walk.toLevel(), solution: walk.moves };
}
