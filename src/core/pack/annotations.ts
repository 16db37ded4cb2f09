/**
 * Derived annotations of a pack level (its `features` and `difficulty`) are
 * claims: a file may carry stale, mistaken or forged values. They are never
 * trusted: each is recomputed from the level's rows and a claim that differs
 * is reported. {@link annotationProblems} compares one level's claims with
 * values the caller computed (the studio analyses in a worker);
 * {@link recomputePackAnnotations} does the whole job for a pack (the CLI).
 */
import { rulesetByName } from '../rules/registry';
import { Analyzer } from '../graph/analyze';
import { FEATURE_NAMES, type LevelFeatures } from '../graph/features';
import type { DifficultyModel } from '../difficulty/model';
import { predictDifficulty } from '../difficulty/predict';
import { parseRows } from '../level/format';
import type { PackProblem } from './pack';
import type { LevelPack, PackLevel } from './schema';
import { roundDifficulty } from '../difficulty/scale';

/**
 * How far a claimed difficulty may be from the computed one: files round it
 * to six significant digits (older ones to 2 decimals), so the larger of
 * 0.01 and a relative 1e-5 of the value.
 */
export const DIFFICULTY_TOLERANCE = 0.01;
const RELATIVE_TOLERANCE = 1e-5;

/** True when a claimed feature (null is JSON's Infinity) equals the computed value, up to float rounding. */
function sameFeature(claimed: number | null, computed: number | null): boolean {
  if (computed === null) return claimed === null;
  const c = claimed === null ? Infinity : claimed;
  if (!Number.isFinite(c) || !Number.isFinite(computed)) return c === computed;
  return Math.abs(c - computed) <= 1e-9 * Math.max(1, Math.abs(computed));
}

const show = (v: number | null): string => (v === null || !Number.isFinite(v) ? 'none' : String(Math.round(v * 1000) / 1000));

/**
 * The claims of `level` (at `levels[index]`) that differ from what its rows
 * give: every feature of {@link FEATURE_NAMES} it states, and its difficulty
 * when `computedDifficulty` is given (pass undefined when the claim came from
 * another model and cannot be checked; null means unsolvable). Names the
 * format does not know are left alone. O(number of features).
 */
export function annotationProblems(level: PackLevel, index: number, computed: LevelFeatures, computedDifficulty?: number | null): PackProblem[] {
  const problems: PackProblem[] = [];
  for (const name of FEATURE_NAMES) {
    if (!Object.hasOwn(level.features, name)) continue;
    const claimed = level.features[name] ?? null;
    if (!sameFeature(claimed, computed[name])) {
      problems.push({ path: `levels[${index}].features.${name}`, message: `the file says ${show(claimed)} but the rows give ${show(computed[name])}; the value from the rows is used` });
    }
  }
  if (computedDifficulty !== undefined && level.difficulty !== null) {
    const ok = computedDifficulty !== null && Math.abs(level.difficulty - computedDifficulty) <= Math.max(DIFFICULTY_TOLERANCE, RELATIVE_TOLERANCE * Math.abs(computedDifficulty));
    if (!ok) {
      problems.push({
        path: `levels[${index}].difficulty`,
        message: `the file says ${show(level.difficulty)} but the rows give ${computedDifficulty === null ? 'none (the level is unsolvable)' : show(computedDifficulty)}; the value from the rows is used`,
      });
    }
  }
  return problems;
}

/**
 * A level's annotations as files hold them, from its computed features:
 * every feature of {@link FEATURE_NAMES} in that order (non-finite as null)
 * and the difficulty under `model` rounded to what is shown, six significant
 * digits (`roundDifficulty`; null when
 * unsolvable). `merge` and a generated level stream both write these, so a
 * merged stream equals the stream written in one run.
 */
export function annotationsOf(f: LevelFeatures, model: DifficultyModel): { features: Record<string, number | null>; difficulty: number | null } {
  const difficulty = f.nSolutions > 0 ? predictDifficulty(model, f) : null;
  const rounded = difficulty === null || !Number.isFinite(difficulty) ? null : roundDifficulty(difficulty);
  const features: Record<string, number | null> = {};
  for (const name of FEATURE_NAMES) features[name] = Number.isFinite(f[name]) ? f[name] : null;
  return { features, difficulty: rounded };
}

/** What {@link recomputePackAnnotations} returns. */
export interface RecomputedPack {
  /** The pack with every level's features and difficulty computed from its rows (empty and null past the state cap). */
  readonly pack: LevelPack;
  /** Each claim that differed, and each level that could not be analysed. */
  readonly problems: PackProblem[];
}

/**
 * Recomputes every level's features and difficulty (under `model`) from its
 * rows and reports claims that differ. A claimed difficulty is checked when
 * the pack names `model` as its `difficultyModel` (or names none). A level
 * past `maxStates` keeps no annotations. Cost: one full analysis per level.
 */
export function recomputePackAnnotations(pack: LevelPack, options: { model: DifficultyModel; maxStates: number }): RecomputedPack {
  const analyzer = new Analyzer();
  const problems: PackProblem[] = [];
  const checkDifficulty = pack.difficultyModel === undefined || pack.difficultyModel === options.model.name;
  const levels = pack.levels.map((level, i): PackLevel => {
    const grid = parseRows(level.rows);
    const r = grid.ok ? analyzer.analyze(grid.value, { maxStates: options.maxStates, rules: rulesetByName(pack.rules) }) : null;
    if (r === null || !r.ok) {
      problems.push({ path: `levels[${i}]`, message: `could not be analysed (${r === null ? 'bad grid' : r.error.message}); its features and difficulty were left out` });
      return { ...level, features: {}, difficulty: null };
    }
    const f = r.value.features;
    const fresh = annotationsOf(f, options.model);
    problems.push(...annotationProblems(level, i, f, checkDifficulty ? fresh.difficulty : undefined));
    return { ...level, ...fresh };
  });
  return { pack: { ...pack, difficultyModel: options.model.name, levels }, problems };
}
