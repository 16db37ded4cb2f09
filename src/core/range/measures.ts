/**
 * The measures an expressive-range map can put on its axes (Smith &
 * Whitehead 2010): numbers read off one level and its analysis. Each has a
 * name (what the CLI and saved settings use), a label, and a scale: counts
 * that span orders of magnitude (states, solutions) are binned on log10(1 + v).
 *
 * A measure may have no value for a level: an unsolvable level has no
 * difficulty, shortest solution or linearity; a ruleset whose graph has
 * cycles counts no solution paths. Such values are NaN here, and the
 * histogram counts those levels as not placed (never as 0).
 */
import type { ClassCounts } from '../graph/classes';
import type { LevelFeatures } from '../graph/features';
import { openCellCount, type Level } from '../level/level';

/** Every measure, in the order menus and files list them. */
export const MEASURE_NAMES = ['difficulty', 'openCells', 'density', 'shortestSolution', 'linearity', 'leniency', 'deadShare', 'solutions', 'states'] as const;
/** One of {@link MEASURE_NAMES}. */
export type MeasureName = (typeof MEASURE_NAMES)[number];

/** How an axis is binned: equal widths of the value, or of log10(1 + value). */
export type MeasureScale = 'linear' | 'log';

/** What a measure is, for axes, menus and help text. */
export interface MeasureInfo {
  readonly name: MeasureName;
  readonly label: string;
  readonly scale: MeasureScale;
  /** One sentence for help text and tooltips. */
  readonly meaning: string;
}

/** The measures by name. */
export const MEASURES: Readonly<Record<MeasureName, MeasureInfo>> = {
  difficulty: { name: 'difficulty', label: 'difficulty', scale: 'linear', meaning: 'the difficulty model\'s value (none for an unsolvable level)' },
  openCells: { name: 'openCells', label: 'open cells', scale: 'linear', meaning: 'cells that are not walls, the start included' },
  density: { name: 'density', label: 'density', scale: 'linear', meaning: 'open cells over all cells of the grid' },
  shortestSolution: { name: 'shortestSolution', label: 'shortest solution', scale: 'linear', meaning: 'moves of the shortest solution' },
  linearity: { name: 'linearity', label: 'linearity', scale: 'linear', meaning: 'open cells per move of the shortest solution (long straight slides score high)' },
  leniency: { name: 'leniency', label: 'leniency', scale: 'linear', meaning: 'share of states that are neither dead nor failed' },
  deadShare: { name: 'deadShare', label: 'dead share', scale: 'linear', meaning: 'share of states that are dead' },
  solutions: { name: 'solutions', label: 'solutions', scale: 'log', meaning: 'distinct solution paths (none under a ruleset whose graph has cycles)' },
  states: { name: 'states', label: 'states', scale: 'log', meaning: 'states of the solution graph' },
};

/** True when `s` names a measure. */
export function isMeasureName(s: string): s is MeasureName {
  return (MEASURE_NAMES as readonly string[]).includes(s);
}

/** What a level's measures are read from: the grid, its analysis, and its difficulty (null when it has none). */
export interface MeasureInput {
  readonly level: Level;
  readonly counts: Pick<ClassCounts, 'dead' | 'fail'>;
  readonly features: Pick<LevelFeatures, 'nStates' | 'shortestSolutionLength' | 'solutionPaths' | 'nSolutions'>;
  readonly difficulty: number | null;
}

export { openCellCount } from '../level/level';

/** Every measure of one level, in {@link MEASURE_NAMES} order; NaN where the level has no value. */
export function levelMeasures(input: MeasureInput): Float64Array {
  const out = new Float64Array(MEASURE_NAMES.length);
  const { level, counts, features } = input;
  const open = openCellCount(level);
  const states = features.nStates;
  const shortest = features.nSolutions > 0 && Number.isFinite(features.shortestSolutionLength) ? features.shortestSolutionLength : NaN;
  out[0] = input.difficulty ?? NaN;
  out[1] = open;
  out[2] = open / (level.width * level.height);
  out[3] = shortest;
  // A level won at the start (no move) has no moves to divide by.
  out[4] = shortest > 0 ? open / shortest : NaN;
  out[5] = states > 0 ? (states - counts.dead - counts.fail) / states : NaN;
  out[6] = states > 0 ? counts.dead / states : NaN;
  out[7] = features.solutionPaths === null ? NaN : features.solutionPaths;
  out[8] = states;
  return out;
}

/** The index of a measure in a {@link levelMeasures} vector. */
export function measureIndex(name: MeasureName): number {
  return MEASURE_NAMES.indexOf(name);
}
