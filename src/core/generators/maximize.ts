/**
 * The longest-puzzle search (SPEC §14): levels of a given size with exactly
 * `walls` wall cells (ice's rocks), searched for the largest value of one
 * feature among solvable levels, under any ruleset. Simulated annealing over
 * three moves: move a wall, move the start, move a unique cell (ice's goal);
 * a level that is unsolvable or past the state cap scores below every
 * solvable one. Restarts split the budget; the best level over all of them is
 * kept. Deterministic for a seed: the budget is counted in evaluated levels,
 * never in time.
 *
 * Cost: one analysis per evaluation (for ice 7x6, tens of microseconds).
 */
import { Analyzer } from '../graph/analyze';
import { FEATURE_NAMES, type LevelFeatures } from '../graph/features';
import { CELL_EMPTY, CELL_WALL, levelKey, type Level } from '../level/level';
import type { Ruleset } from '../rules/ruleset';
import { createRng, type Rng } from '../util/rng';

/** The features a search can maximise: every numeric feature of a level. */
export type MaximizableFeature = Exclude<keyof LevelFeatures, 'solutionPaths'> | 'solutionPaths';

/** Every feature a search can maximise, as the CLI's `--maximize` and the studio's form list them. */
export const MAXIMIZABLE_FEATURES: readonly MaximizableFeature[] = [...FEATURE_NAMES, 'shortestSolutionCount'];

/** Annealing runs the budget is split over when a request names none (the CLI's `--restarts` default too). */
export const DEFAULT_MAXIMIZE_RESTARTS = 8;

/** What to search for. */
export interface MaximizeRequest {
  readonly rules: Ruleset;
  readonly width: number;
  readonly height: number;
  /** Wall cells in every level (ice: rocks). */
  readonly walls: number;
  readonly feature: MaximizableFeature;
  readonly seed: number;
  /** Levels evaluated in all. */
  readonly evaluations: number;
  /** Independent annealing runs the budget is split over (default 8). */
  readonly restarts?: number;
  /** State cap per analysis (default 20,000): a level past it scores as unsolvable. */
  readonly maxStates?: number;
  /** Called now and then with (evaluations done, best value so far); return true to stop early (the best so far is returned). */
  readonly onProgress?: (done: number, best: number) => boolean | void;
}

/** The best level found and its value. */
export interface MaximizeResult {
  /** Null when no solvable level was met at all. */
  readonly level: Level | null;
  readonly value: number;
  readonly features: LevelFeatures | null;
  readonly evaluations: number;
  /** The evaluation (1-based) on which the best level was first met. */
  readonly foundAt: number;
}

/** Why a request cannot run, as a sentence, or null. */
export function maximizeProblem(r: Pick<MaximizeRequest, 'rules' | 'width' | 'height' | 'walls' | 'feature'>): string | null {
  const specials = 1 + r.rules.cellKinds.filter((k) => k.unique === true).length;
  const free = r.width * r.height - specials;
  if (!Number.isInteger(r.walls) || r.walls < 0 || r.walls > free - 1) return `--walls must be a whole number from 0 to ${free - 1} for a ${r.width}x${r.height} ${r.rules.title} level, got ${r.walls}`;
  if (r.feature === 'solutionPaths' && !r.rules.acyclic) return `${r.rules.title} does not count solution paths (its graph has cycles); maximise another feature`;
  return null;
}

/** One candidate: the cells of the walls, the start and the unique cells, all different. */
interface Layout {
  walls: number[];
  start: number;
  uniques: number[];
}

/** Runs the search; throws on a request {@link maximizeProblem} refuses. */
export function maximizeFeature(req: MaximizeRequest): MaximizeResult {
  const problem = maximizeProblem(req);
  if (problem !== null) throw new Error(problem);
  const { rules, width, height, feature } = req;
  const cellCount = width * height;
  const uniqueValues = rules.cellKinds.filter((k) => k.unique === true).map((k) => k.value);
  const rng = createRng(req.seed);
  const analyzer = new Analyzer();
  const maxStates = req.maxStates ?? 20_000;
  const restarts = Math.max(1, Math.min(req.restarts ?? DEFAULT_MAXIMIZE_RESTARTS, req.evaluations));
  const cells = new Uint8Array(cellCount);
  let done = 0, best = -Infinity, bestLevel: Level | null = null, bestFeatures: LevelFeatures | null = null, foundAt = 0;
  let stopped = false;

  const build = (l: Layout): Level => {
    cells.fill(CELL_EMPTY);
    for (const w of l.walls) cells[w] = CELL_WALL;
    l.uniques.forEach((c, i) => (cells[c] = uniqueValues[i]!));
    return { width, height, cells, head: l.start };
  };
  const score = (l: Layout): number => {
    done++;
    const level = build(l);
    const r = analyzer.analyze(level, { rules, maxStates });
    let value = -1;
    if (r.ok && r.value.features.nSolutions > 0) {
      const v = r.value.features[feature];
      if (typeof v === 'number' && Number.isFinite(v)) value = v;
      if (value > best) {
        best = value;
        bestLevel = { width, height, cells: cells.slice(), head: l.start };
        bestFeatures = { ...r.value.features };
        foundAt = done;
      }
    }
    if ((done & 4095) === 0 && req.onProgress?.(done, best) === true) stopped = true;
    return value;
  };

  for (let run = 0; run < restarts && !stopped; run++) {
    const budget = Math.floor(req.evaluations / restarts) + (run < req.evaluations % restarts ? 1 : 0);
    let current = randomLayout(rng, cellCount, req.walls, uniqueValues.length);
    let value = score(current);
    for (let k = 1; k < budget && !stopped; k++) {
      const next = mutate(rng, current, cellCount);
      const v = score(next);
      const t = (0.5 + 0.1 * Math.max(1, value)) * (1 - k / budget);
      if (v >= value || (t > 0 && rng.next() < Math.exp((v - value) / t))) {
        current = next;
        value = v;
      }
    }
  }
  return { level: bestLevel, value: best, features: bestFeatures, evaluations: done, foundAt };
}

/** `walls` walls, a start and `uniques` unique cells on distinct random cells. */
function randomLayout(rng: Rng, cellCount: number, walls: number, uniques: number): Layout {
  const order = Array.from({ length: cellCount }, (_, i) => i);
  for (let i = 0; i < walls + 1 + uniques; i++) {
    const j = i + rng.int(cellCount - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { walls: order.slice(0, walls), start: order[walls]!, uniques: order.slice(walls + 1, walls + 1 + uniques) };
}

/** One move: a wall, the start or a unique cell goes to a random free cell. */
function mutate(rng: Rng, l: Layout, cellCount: number): Layout {
  const used = new Uint8Array(cellCount);
  for (const w of l.walls) used[w] = 1;
  used[l.start] = 1;
  for (const u of l.uniques) used[u] = 1;
  let to = rng.int(cellCount);
  while (used[to] === 1) to = rng.int(cellCount);
  const pick = rng.int(l.walls.length + 1 + l.uniques.length);
  if (pick < l.walls.length) {
    const walls = l.walls.slice();
    walls[pick] = to;
    return { walls, start: l.start, uniques: l.uniques };
  }
  if (pick === l.walls.length) return { walls: l.walls, start: to, uniques: l.uniques };
  const uniques = l.uniques.slice();
  uniques[pick - l.walls.length - 1] = to;
  return { walls: l.walls, start: l.start, uniques };
}

/** The id the CLI and the studio give a search's level: the same settings, the same id. */
export function maximizedLevelId(r: { readonly feature: MaximizableFeature; readonly width: number; readonly height: number; readonly walls: number; readonly seed: number }): string {
  return `max-${r.feature}-${r.width}x${r.height}-w${r.walls}-s${r.seed}`;
}

/** The key of the best level (for reports). */
export function maximizedKey(r: MaximizeResult): string | null {
  return r.level === null ? null : levelKey(r.level);
}
