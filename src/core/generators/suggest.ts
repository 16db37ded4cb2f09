/**
 * Suggestions while drawing: variants of the level being drawn that are one
 * or two edits away, each solved exactly (not guessed), labelled with how
 * its difficulty changes. For an unsolvable level, the smallest edits that
 * make it solvable instead. Cells the designer pinned are never changed.
 *
 * An edit is one of: a wall removed, a wall added, the cat's start moved to
 * another open cell. Candidates are tried in an order drawn from the seed,
 * every one through the exact solver (`Analyzer`) with a per-candidate state
 * cap; a candidate past the cap is skipped (never guessed). The work is
 * bounded by a number of analyses and a total number of states searched,
 * both counts (not clocks), so the same level, pins, options and seed give
 * the same suggestions on any machine.
 *
 * Pairs: for a solvable level, each passing single edit is combined with
 * every other edit in turn (a variant of a variant is likelier to pass than
 * two random edits); for an unsolvable level that no single edit repairs,
 * every pair is tried in the seeded order.
 *
 * Choosing what to show: among the candidates that pass (solvable, and
 * with one solution when `uniqueOnly`), distinct grids are sorted by their
 * difficulty change and `count` of them are taken at evenly spaced ranks,
 * so the list runs from the easiest to the hardest variant found. Single
 * edits come before pairs at equal rank. Repairs are sorted by size first
 * (one edit before two), then spread the same way.
 */
import { Analyzer } from '../graph/analyze';
import type { LevelFeatures } from '../graph/features';
import { CELL_EMPTY, CELL_WALL, levelKey, toRows, type Level } from '../level/level';
import { createRng } from '../util/rng';

/** One change to a level. `cell` is a row-major index. */
export type LevelEdit =
  | { readonly kind: 'add-wall'; readonly cell: number }
  | { readonly kind: 'remove-wall'; readonly cell: number }
  | { readonly kind: 'move-start'; readonly cell: number };

/** Bounds of one run. */
export interface SuggestOptions {
  /** Seed of the candidate order; another seed gives other suggestions. */
  readonly seed: number;
  /** Suggestions wanted (6 to 12 in the studio). */
  readonly count: number;
  /** Keep only variants with exactly one solution (one move sequence from start to win). */
  readonly uniqueOnly: boolean;
  /** Cells that no suggestion may change (row-major indices). */
  readonly pinned: readonly number[];
  /** The difficulty of a solvable level's features (the active model), or null. */
  readonly difficultyOf: (features: LevelFeatures) => number | null;
  /** Most states one candidate may have (default {@link SUGGEST_STATE_CAP}). */
  readonly maxStates?: number;
  /** Most candidates analysed (default {@link SUGGEST_MAX_ANALYSES}). */
  readonly maxAnalyses?: number;
  /** Most states searched over the whole run (default {@link SUGGEST_STATE_BUDGET}). */
  readonly stateBudget?: number;
}

/** Per-candidate state cap: bigger variants are skipped. */
export const SUGGEST_STATE_CAP = 20_000;
/** Candidates analysed at most per run. */
export const SUGGEST_MAX_ANALYSES = 1_500;
/** States searched at most per run, over all candidates. */
export const SUGGEST_STATE_BUDGET = 2_000_000;

/** One suggested variant. */
export interface Suggestion {
  /** The variant as text rows. */
  readonly rows: string[];
  /** The edits from the level to the variant (1 or 2). */
  readonly edits: readonly LevelEdit[];
  /** Every cell the edits change (for highlighting); never a pinned cell. */
  readonly changedCells: readonly number[];
  /** The variant's difficulty by the model (null only if the model gives none). */
  readonly difficulty: number | null;
  /** Difficulty minus the level's, or null when the level has none (unsolvable). */
  readonly change: number | null;
  /** Distinct solutions (move sequences), from the features. */
  /** Distinct solutions; null for a ruleset whose graph has cycles (paint), where they are not counted. */
  readonly solutionPaths: number | null;
  readonly nStates: number;
  /** A short label in the designer's words: "harder +12", "easier −3", "one solution", "solvable". */
  readonly label: string;
}

/** What one run found. */
export interface SuggestResult {
  /** `variants` of a solvable level, or `repairs` of an unsolvable one. */
  readonly mode: 'variants' | 'repairs';
  /** The level's own difficulty (null: unsolvable, or past the cap). */
  readonly baseDifficulty: number | null;
  readonly suggestions: Suggestion[];
  /** Candidates analysed, and how many of them passed. */
  readonly analysed: number;
  readonly passed: number;
  /** States searched in all. */
  readonly statesSearched: number;
  /** A sentence when something needs saying (nothing found, the level itself past the cap). */
  readonly message: string | null;
}

/** The level with `edits` applied (a new level; the input is not changed). */
export function applyEdits(level: Level, edits: readonly LevelEdit[]): Level {
  const cells = level.cells.slice();
  let head = level.head;
  for (const e of edits) {
    if (e.kind === 'add-wall') cells[e.cell] = CELL_WALL;
    else if (e.kind === 'remove-wall') cells[e.cell] = CELL_EMPTY;
    else head = e.cell;
  }
  return { width: level.width, height: level.height, cells, head, ...(level.name !== undefined ? { name: level.name } : {}) };
}

/** Cells an edit changes: its cell, and for a start move the old start too. */
function cellsOf(level: Level, edits: readonly LevelEdit[]): number[] {
  const out = new Set<number>();
  for (const e of edits) {
    out.add(e.cell);
    if (e.kind === 'move-start') out.add(level.head);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Every single edit that leaves pinned cells alone: toggle any cell that is
 * not the start, move the start to any open cell (only when the start's own
 * cell is not pinned). O(cells).
 */
export function singleEdits(level: Level, pinned: ReadonlySet<number>): LevelEdit[] {
  const edits: LevelEdit[] = [];
  const headPinned = pinned.has(level.head);
  for (let cell = 0; cell < level.cells.length; cell++) {
    if (cell === level.head || pinned.has(cell)) continue;
    if (level.cells[cell] === CELL_WALL) edits.push({ kind: 'remove-wall', cell });
    else {
      edits.push({ kind: 'add-wall', cell });
      if (!headPinned) edits.push({ kind: 'move-start', cell });
    }
  }
  return edits;
}

/** Two edits that can both apply: different cells, at most one start move, and no wall added where the start moves. */
function compatible(a: LevelEdit, b: LevelEdit): boolean {
  if (a.cell === b.cell) return false;
  if (a.kind === 'move-start' && b.kind === 'move-start') return false;
  return true;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

/** "harder +12", "easier −3.5", "about the same"; "one solution" appended (or alone) when it has one. */
export function suggestionLabel(change: number | null, solutionPaths: number | null): string {
  const parts: string[] = [];
  if (change === null) parts.push('solvable');
  else if (change >= 0.5) parts.push(`harder +${round1(change)}`);
  else if (change <= -0.5) parts.push(`easier −${round1(-change)}`);
  else parts.push('about the same');
  if (solutionPaths === 1) parts.push('one solution');
  return parts.join(' · ');
}

/** `count` items of `sorted` at evenly spaced ranks (all of them when there are not more). */
function spread<T>(sorted: readonly T[], count: number): T[] {
  if (sorted.length <= count) return [...sorted];
  if (count === 1) return [sorted[Math.floor(sorted.length / 2)]!];
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(sorted[Math.round((i * (sorted.length - 1)) / (count - 1))]!);
  return out;
}

/**
 * Suggestions for `level` (see the module comment). Never throws on a valid
 * level; a level past the state cap itself gets variants priced without a
 * change (its own difficulty is unknown). Cost: at most `maxAnalyses`
 * analyses and `stateBudget` states.
 */
export function suggestVariants(level: Level, options: SuggestOptions): SuggestResult {
  const maxStates = options.maxStates ?? SUGGEST_STATE_CAP;
  const maxAnalyses = options.maxAnalyses ?? SUGGEST_MAX_ANALYSES;
  const stateBudget = options.stateBudget ?? SUGGEST_STATE_BUDGET;
  const pinned = new Set(options.pinned);
  const analyzer = new Analyzer();
  let statesSearched = 0;
  let analysed = 0;

  const base = analyzer.analyze(level, { maxStates: Math.max(maxStates, 200_000) });
  statesSearched += base.ok ? base.value.features.nStates : base.error.statesExplored;
  const baseSolvable = base.ok && base.value.features.nSolutions > 0;
  const baseDifficulty = base.ok && baseSolvable ? options.difficultyOf(base.value.features) : null;
  // A level too big to analyse is treated like a solvable one: its variants are offered, priced alone.
  const mode: SuggestResult['mode'] = !base.ok || baseSolvable ? 'variants' : 'repairs';

  const rng = createRng(options.seed);
  const singles = singleEdits(level, pinned);
  // Fisher–Yates with the seeded stream: the order candidates are tried in.
  for (let i = singles.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [singles[i], singles[j]] = [singles[j]!, singles[i]!];
  }

  interface Found { readonly suggestion: Suggestion; readonly size: number }
  const found = new Map<string, Found>();
  const seen = new Set<string>([levelKey(level)]);
  const budgetLeft = (): boolean => analysed < maxAnalyses && statesSearched < stateBudget;

  const tryEdits = (edits: readonly LevelEdit[]): void => {
    const variant = applyEdits(level, edits);
    const key = levelKey(variant);
    if (seen.has(key)) return;
    seen.add(key);
    analysed++;
    const r = analyzer.analyze(variant, { maxStates });
    if (!r.ok) {
      statesSearched += r.error.statesExplored;
      return;
    }
    const f = r.value.features;
    statesSearched += f.nStates;
    if (f.nSolutions === 0) return;
    if (options.uniqueOnly && f.solutionPaths !== 1) return;
    const difficulty = options.difficultyOf(f);
    const change = baseDifficulty !== null && difficulty !== null ? difficulty - baseDifficulty : null;
    found.set(key, {
      size: edits.length,
      suggestion: {
        rows: toRows(variant),
        edits: [...edits],
        changedCells: cellsOf(level, edits),
        difficulty,
        change,
        solutionPaths: f.solutionPaths,
        nStates: f.nStates,
        label: suggestionLabel(change, f.solutionPaths),
      },
    });
  };

  for (const e of singles) {
    if (!budgetLeft()) break;
    tryEdits([e]);
  }
  // Pairs. Variants: a passing single edit plus one more (round robin over the passing ones, so
  // each gets its share), which passes far more often than two random edits on a tight level.
  // Repairs, only when no single edit worked: every pair, in the seeded order, until the budget.
  const pair = (a: LevelEdit, b: LevelEdit): void => {
    if (compatible(a, b)) tryEdits(a.cell < b.cell ? [a, b] : [b, a]);
  };
  if (mode === 'variants') {
    const passing = [...found.values()].map((x) => x.suggestion.edits[0]!);
    for (let j = 0; j < singles.length && budgetLeft(); j++) {
      for (const p of passing) {
        if (!budgetLeft()) break;
        pair(p, singles[j]!);
      }
    }
    // Still short of `count` (a tight level where few single edits pass): any pairs, in the seeded order.
    for (let i = 0; i < singles.length && found.size < options.count && budgetLeft(); i++) {
      for (let j = i + 1; j < singles.length && found.size < options.count && budgetLeft(); j++) pair(singles[i]!, singles[j]!);
    }
  } else if (found.size === 0) {
    for (let i = 0; i < singles.length && budgetLeft(); i++) {
      for (let j = i + 1; j < singles.length && budgetLeft(); j++) pair(singles[i]!, singles[j]!);
    }
  }

  const all = [...found.values()];
  let chosen: Suggestion[];
  if (mode === 'repairs') {
    const smallest = Math.min(...all.map((x) => x.size));
    const repairs = all.filter((x) => x.size === smallest).map((x) => x.suggestion);
    repairs.sort((a, b) => (a.difficulty ?? 0) - (b.difficulty ?? 0) || a.rows.join('/').localeCompare(b.rows.join('/')));
    chosen = spread(repairs, options.count);
  } else {
    const sortKey = (x: Found): number => x.suggestion.change ?? x.suggestion.difficulty ?? 0;
    all.sort((a, b) => sortKey(a) - sortKey(b) || a.size - b.size || a.suggestion.rows.join('/').localeCompare(b.suggestion.rows.join('/')));
    chosen = spread(all, options.count).map((x) => x.suggestion);
  }

  let message: string | null = null;
  if (!base.ok) message = `the level itself has more than ${Math.max(maxStates, 200_000).toLocaleString('en-US')} states, so the changes in difficulty are not shown`;
  else if (chosen.length === 0) {
    message = mode === 'repairs'
      ? `no change of one or two cells makes the level solvable${pinned.size > 0 ? ' without touching the pinned cells' : ''} (${analysed} tried)`
      : `no variant one or two edits away passed${options.uniqueOnly ? ' with one solution' : ''} (${analysed} tried)`;
  }
  return { mode, baseDifficulty, suggestions: chosen, analysed, passed: found.size, statesSearched, message };
}
