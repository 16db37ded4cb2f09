/**
 * What a grid does in the game, in the numbers `diff`, `merge-driver` and
 * `lint` compare: solvable or not, difficulty, solutions, dead states,
 * shortest solution. Computed by the same analysis as everything else
 * (`graph/analyze.ts`) under the pack's ruleset (asked, never named), and
 * remembered per grid, so a level that did not change is solved once.
 */
import { Analyzer } from '../graph/analyze';
import type { DifficultyModel } from '../difficulty/model';
import { parseRows } from '../level/format';
import { annotationsOf } from '../pack/annotations';
import type { Ruleset } from '../rules/ruleset';
import type { LevelFeatures } from '../graph/features';

/** A grid's game numbers; every number is null when `solvable` is. */
export interface LevelEffect {
  /** True or false when solved; null when the grid is not a level of the ruleset or past the state cap (`problem` says which). */
  readonly solvable: boolean | null;
  /** Difficulty under the model, 2 decimals; null when unsolvable or unknown. */
  readonly difficulty: number | null;
  /** Distinct solutions (move sequences); null when unknown or the ruleset's graph has cycles. */
  readonly solutions: number | null;
  /** Distinct shortest solutions (0 when unsolvable); null when unknown. */
  readonly shortestSolutions: number | null;
  /** Moves of a shortest solution; null when unsolvable or unknown. */
  readonly shortestSolution: number | null;
  /** States from which no success is reachable and the player sees it (the dead class). */
  readonly deadStates: number | null;
  /** Every reachable state. */
  readonly states: number | null;
  /** Why the numbers are unknown, when they are. */
  readonly problem?: string;
}

/** The numbers of one grid under one ruleset and model, remembered per grid. */
export class EffectOracle {
  private readonly analyzer = new Analyzer();
  private readonly memo = new Map<string, LevelEffect>();
  private readonly notes = new Map<string, { features: Record<string, number | null>; difficulty: number | null }>();

  /** `model` null: difficulties are left null (no model for the ruleset). */
  constructor(
    readonly rules: Ruleset,
    readonly model: DifficultyModel | null,
    readonly maxStates: number,
  ) {}

  /** The effect of `rows`. Cost: one full analysis the first time a grid is seen. */
  of(rows: readonly string[]): LevelEffect {
    const key = rows.join('/');
    let e = this.memo.get(key);
    if (e === undefined) {
      e = this.compute(rows);
      this.memo.set(key, e);
    }
    return e;
  }

  /**
   * The annotations a pack file holds for `rows` (`annotationsOf`: every
   * feature, the difficulty under the model), or null when the grid could
   * not be solved. For a level the merge driver put together.
   */
  annotations(rows: readonly string[]): { features: Record<string, number | null>; difficulty: number | null } | null {
    this.of(rows);
    return this.notes.get(rows.join('/')) ?? null;
  }

  private compute(rows: readonly string[]): LevelEffect {
    const unknown = (problem: string): LevelEffect => ({ solvable: null, difficulty: null, solutions: null, shortestSolutions: null, shortestSolution: null, deadStates: null, states: null, problem });
    const grid = parseRows(rows);
    if (!grid.ok) return unknown(`not a level: ${grid.error.message}`);
    const problem = this.rules.levelProblem(grid.value);
    if (problem !== null) return unknown(`not a ${this.rules.title} level: ${problem}`);
    const r = this.analyzer.analyze(grid.value, { maxStates: this.maxStates, rules: this.rules });
    if (!r.ok) return unknown(r.error.message);
    if (this.model !== null) this.notes.set(rows.join('/'), annotationsOf(r.value.features, this.model));
    return effectOf(r.value.features, r.value.counts.dead, this.model);
  }
}

/**
 * The effect from an analysis already made (the studio has one for the
 * level being drawn): no search, O(1).
 */
export function effectOf(f: LevelFeatures, deadStates: number, model: DifficultyModel | null): LevelEffect {
  const solvable = Number.isFinite(f.shortestSolutionLength);
  return {
    solvable,
    difficulty: model === null ? null : annotationsOf(f, model).difficulty,
    solutions: f.solutionPaths,
    shortestSolutions: f.shortestSolutionCount ?? null,
    shortestSolution: solvable ? f.shortestSolutionLength : null,
    deadStates,
    states: f.nStates,
  };
}
