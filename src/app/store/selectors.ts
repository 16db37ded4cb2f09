/**
 * Derived values (STYLE §6): computed from the store, memoised on the
 * objects they read, never stored as copies.
 */
import { annotationProblems } from '../../core/pack/annotations';
import type { PackProblem } from '../../core/pack/pack';
import { levelKey, type Level } from '../../core/level/level';
import type { GraphData } from '../../core/graph/graphData';
import { gaugeReading, packDifficulty, type GaugeReading } from '../adapters/difficulty';
import { shortestSolution } from '../adapters/graphData';
import type { DifficultyModel } from '../../core/difficulty/model';
import type { GeneratedLevel } from '../../workers/generators.api';
import { FEATURE_NAMES, type LevelFeatures } from '../../core/graph/features';
import type { LevelPack, PackLevel } from '../../core/pack/schema';
import { rowsKey } from './packEdits';
import type { PlaytestRecord } from './playtestSlice';
import { featureKey, graphRules, packRules, playKey } from './rules';
import type { StudioState } from './types';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

const keys = new WeakMap<Level, string>();

/** The current level's content key (memoised per level object). */
export function selectLevelKey(s: Pick<StudioState, 'level'>): string {
  let key = keys.get(s.level);
  if (key === undefined) {
    key = levelKey(s.level);
    keys.set(s.level, key);
  }
  return key;
}

/** The graph of the level on screen under the document's ruleset, or null while it is being computed, capped or failed. */
export function selectCurrentGraph(s: Pick<StudioState, 'level' | 'analysis' | 'pack'>): GraphData | null {
  const g = s.analysis.graph;
  return g !== null && g.levelKey === selectLevelKey(s) && graphRules(g) === packRules(s.pack) ? g : null;
}

let readingCache: { graph: GraphData; model: DifficultyModel; reading: GaugeReading } | null = null;

/** The gauge reading of the shown graph under the active model. */
export function selectReading(s: Pick<StudioState, 'analysis' | 'model'>): GaugeReading | null {
  const graph = s.analysis.graph;
  if (graph === null) return null;
  if (readingCache !== null && readingCache.graph === graph && readingCache.model === s.model) return readingCache.reading;
  const reading = gaugeReading(s.model, graph.features);
  readingCache = { graph, model: s.model, reading };
  return reading;
}

const solutions = new WeakMap<GraphData, string | null>();

/** One shortest solution of the current level, or null (none, or not computed yet). */
export function selectShortestSolution(s: Pick<StudioState, 'level' | 'analysis' | 'pack'>): string | null {
  const g = selectCurrentGraph(s);
  if (g === null) return null;
  if (!solutions.has(g)) solutions.set(g, shortestSolution(g));
  return solutions.get(g) ?? null;
}

/** A generated level's difficulty under the active model. */
export function generatedDifficulty(model: DifficultyModel, level: GeneratedLevel): number | null {
  return packDifficulty(model, level.features);
}

/** Stored pack features as the engine's type (JSON's null is an infinite value), or null when incomplete. */
export function featuresFromRecord(record: Readonly<Record<string, number | null>>): LevelFeatures | null {
  const out: Record<string, number> = {};
  for (const name of FEATURE_NAMES) {
    if (!Object.hasOwn(record, name)) return null;
    const v = record[name];
    out[name] = v === null || v === undefined ? Infinity : v;
  }
  return out as unknown as LevelFeatures;
}

/** What the pack's derived values read: the feature cache and the editor's graph (and the model). */
export interface PackDerivedInput {
  /** The pack (its ruleset decides which features a row gives). */
  readonly pack: LevelPack;
  readonly featureCache: StudioState['featureCache'];
  readonly analysis: { readonly graph: StudioState['analysis']['graph'] };
}

/**
 * A pack level's features: computed by the studio for its rows (the level
 * on screen, or the pack's background analysis); null while unknown (or
 * past the state cap). The file's own values are never used.
 */
export function selectPackLevelFeatures(s: PackDerivedInput, level: PackLevel): LevelFeatures | null {
  const key = rowsKey(level.rows);
  const rules = packRules(s.pack);
  const graph = s.analysis.graph;
  if (graph !== null && graph.levelKey === key && graphRules(graph) === rules) return graph.features;
  // What a file or a saved record claims is never used: only what the rows give (a forged value is reported, see selectAnnotationMismatches).
  return s.featureCache.get(featureKey(rules, key)) ?? null;
}

const pendingMemo = new WeakMap<readonly PackLevel[], { cache: unknown; graph: unknown; count: number }>();

/** How many of the pack's levels are still being analysed (one pass over the pack, remembered until the pack or the cache changes). */
export function selectPackPendingCount(s: PackDerivedInput & { readonly pack: { readonly levels: readonly PackLevel[] } }): number {
  const memo = pendingMemo.get(s.pack.levels);
  if (memo !== undefined && memo.cache === s.featureCache && memo.graph === s.analysis.graph) return memo.count;
  // selectPackLevelStatus's 'pending', unrolled: the ruleset and the editor's graph read once, one lookup per level.
  // (A level is pending when its features are neither cached, null included, nor the editor's graph's.)
  const rules = packRules(s.pack);
  const graph = s.analysis.graph;
  const graphKey = graph !== null && graphRules(graph) === rules ? graph.levelKey : null;
  let count = 0;
  for (const l of s.pack.levels) {
    const key = rowsKey(l.rows);
    if (key !== graphKey && !s.featureCache.has(featureKey(rules, key))) count++;
  }
  pendingMemo.set(s.pack.levels, { cache: s.featureCache, graph: s.analysis.graph, count });
  return count;
}

/** A pack level's difficulty under the active model (derived, never stored): null when unsolvable or unknown. */
export function selectPackLevelDifficulty(s: PackDerivedInput & Pick<StudioState, 'model'>, level: PackLevel): number | null {
  const f = selectPackLevelFeatures(s, level);
  return f === null ? null : packDifficulty(s.model, f);
}

/** What the pack list shows per level: difficulty and status under the active model. */
export type PackLevelStatus = 'ok' | 'unsolvable' | 'pending' | 'too-large';

export function selectPackLevelStatus(s: PackDerivedInput, level: PackLevel): PackLevelStatus {
  if (s.featureCache.get(featureKey(packRules(s.pack), rowsKey(level.rows))) === null) return 'too-large';
  const f = selectPackLevelFeatures(s, level);
  if (f === null) return 'pending';
  return f.nSolutions === 0 ? 'unsolvable' : 'ok';
}

/**
 * The pack as a file: each level's difficulty and features derived now
 * (active model), the model's name in `difficultyModel`, and the
 * playtests logged here.
 */
export function selectExportPack(s: Pick<StudioState, 'pack' | 'featureCache' | 'analysis' | 'model' | 'playLog' | 'playStarts'>): LevelPack {
  return {
    ...s.pack,
    difficultyModel: s.model.name,
    levels: s.pack.levels.map((l) => {
      const f = selectPackLevelFeatures(s, l);
      const features: Record<string, number | null> = {};
      if (f !== null) for (const name of FEATURE_NAMES) features[name] = Number.isFinite(f[name]) ? f[name] : null;
      const play = selectPlayStats(s, l.rows);
      return {
        ...l,
        difficulty: f === null ? null : packDifficulty(s.model, f),
        // Unknown (still analysing, or past the state cap): nothing rather than what the file claimed.
        features: f === null ? {} : features,
        // This studio's playtests; a level never played here keeps what its file said.
        ...(play.played > 0 ? { playtests: { ...play } } : {}),
      };
    }),
  };
}

/** Playtests of one level: started, won, and the mean seconds of the wins (null: none yet). */
export interface PlayStats {
  readonly played: number;
  readonly solved: number;
  readonly meanSeconds: number | null;
}

const wins = new WeakMap<readonly PlaytestRecord[], Map<string, { solved: number; seconds: number }>>();

/** A pack level's playtest numbers from the log (derived, by the pack's ruleset and the level's grid). O(1) after one pass per log. */
export function selectPlayStats(s: Pick<StudioState, 'playLog' | 'playStarts' | 'pack'>, rows: readonly string[]): PlayStats {
  let byKey = wins.get(s.playLog);
  if (byKey === undefined) {
    byKey = new Map();
    for (const r of s.playLog) {
      const k = playKey(r.rules ?? DEFAULT_RULESET_NAME, r.levelKey);
      const w = byKey.get(k) ?? { solved: 0, seconds: 0 };
      byKey.set(k, { solved: w.solved + 1, seconds: w.seconds + r.seconds });
    }
    wins.set(s.playLog, byKey);
  }
  const key = playKey(packRules(s.pack), rowsKey(rows));
  const w = byKey.get(key);
  const solved = w?.solved ?? 0;
  // A log restored from before starts were counted can hold more wins than starts.
  return { played: Math.max(s.playStarts[key] ?? 0, solved), solved, meanSeconds: w === undefined ? null : Math.round((w.seconds / w.solved) * 10) / 10 };
}

const mismatchMemo = new WeakMap<object, { cache: unknown; model: unknown; graph: unknown; problems: PackProblem[] }>();

/**
 * Claims of the pack's levels (features, difficulty) that differ from what
 * their rows give, once the rows are analysed. A difficulty is checked when
 * the pack names the active model (or none). Memoized per pack, feature
 * cache and model. O(levels × features).
 */
export function selectAnnotationMismatches(s: PackDerivedInput & Pick<StudioState, 'model' | 'pack'>): PackProblem[] {
  const memo = mismatchMemo.get(s.pack);
  if (memo !== undefined && memo.cache === s.featureCache && memo.model === s.model && memo.graph === s.analysis.graph) return memo.problems;
  const checkDifficulty = s.pack.difficultyModel === undefined || s.pack.difficultyModel === s.model.name;
  const problems: PackProblem[] = [];
  s.pack.levels.forEach((l, i) => {
    if (l.difficulty === null && Object.keys(l.features).length === 0) return;
    const f = selectPackLevelFeatures(s, l);
    if (f !== null) problems.push(...annotationProblems(l, i, f, checkDifficulty ? packDifficulty(s.model, f) : undefined));
  });
  mismatchMemo.set(s.pack, { cache: s.featureCache, model: s.model, graph: s.analysis.graph, problems });
  return problems;
}
