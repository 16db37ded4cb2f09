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
