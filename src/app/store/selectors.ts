/**
 * Derived values (STYLE §6): computed from the store, memoised on the
 * objects they read, never stored as copies.
 */
import { levelKey, type Level } from '../../core/level/level';
import type { GraphData } from '../../workers/analysis.api';
import { gaugeReading, packDifficulty, type GaugeReading } from '../adapters/difficulty';
import { shortestSolution } from '../adapters/graphData';
import type { DifficultyModel } from '../../core/difficulty/model';
import type { GeneratedLevel } from '../../workers/generators.api';
import { FEATURE_NAMES, type LevelFeatures } from '../../core/graph/features';
import type { LevelPack, PackLevel } from '../../core/pack/schema';
import { rowsKey } from './packEdits';
import type { StudioState } from './types';

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

/** The graph of the level on screen, or null while it is being computed, capped or failed. */
export function selectCurrentGraph(s: Pick<StudioState, 'level' | 'analysis'>): GraphData | null {
  const g = s.analysis.graph;
  return g !== null && g.levelKey === selectLevelKey(s) ? g : null;
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
export function selectShortestSolution(s: Pick<StudioState, 'level' | 'analysis'>): string | null {
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

const recordFeatures = new WeakMap<PackLevel, LevelFeatures | null>();

/**
 * A pack level's features: computed by the studio for its rows (the level
 * on screen, or the pack's background analysis), else the ones its file
 * carried; null while unknown (or past the state cap).
 */
export function selectPackLevelFeatures(s: Pick<StudioState, 'featureCache' | 'analysis'>, level: PackLevel): LevelFeatures | null {
  const key = rowsKey(level.rows);
  const graph = s.analysis.graph;
  if (graph !== null && graph.levelKey === key) return graph.features;
  const cached = s.featureCache.get(key);
  if (cached !== undefined) return cached;
  if (!recordFeatures.has(level)) recordFeatures.set(level, featuresFromRecord(level.features));
  return recordFeatures.get(level) ?? null;
}

/** A pack level's difficulty under the active model (derived, never stored): null when unsolvable or unknown. */
export function selectPackLevelDifficulty(s: Pick<StudioState, 'featureCache' | 'analysis' | 'model'>, level: PackLevel): number | null {
  const f = selectPackLevelFeatures(s, level);
  return f === null ? null : packDifficulty(s.model, f);
}

/** What the pack list shows per level: difficulty and status under the active model. */
export type PackLevelStatus = 'ok' | 'unsolvable' | 'pending' | 'too-large';

export function selectPackLevelStatus(s: Pick<StudioState, 'featureCache' | 'analysis'>, level: PackLevel): PackLevelStatus {
  const key = rowsKey(level.rows);
  if (s.featureCache.get(key) === null) return 'too-large';
  const f = selectPackLevelFeatures(s, level);
  if (f === null) return 'pending';
  return f.nSolutions === 0 ? 'unsolvable' : 'ok';
}

/**
 * The pack as a file: each level's difficulty and features derived now
 * (active model), and the model's name in `difficultyModel`.
 */
export function selectExportPack(s: Pick<StudioState, 'pack' | 'featureCache' | 'analysis' | 'model'>): LevelPack {
  return {
    ...s.pack,
    difficultyModel: s.model.name,
    levels: s.pack.levels.map((l) => {
      const f = selectPackLevelFeatures(s, l);
      const features: Record<string, number | null> = {};
      if (f !== null) for (const name of FEATURE_NAMES) features[name] = Number.isFinite(f[name]) ? f[name] : null;
      return { ...l, difficulty: f === null ? null : packDifficulty(s.model, f), features: f === null ? l.features : features };
    }),
  };
}
