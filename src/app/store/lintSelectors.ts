/**
 * The live lint of the level being drawn: the loaded rules checked against
 * the analysis the gauge already has (no search: `effectOf` reads its
 * features and class counts) and, for duplicates, against the pack's other
 * levels up to rotation and mirroring (each pack level's key computed once
 * per rows array). Memoised on the objects it reads. Cost on 8x8 with a
 * 100-level pack: docs/BENCHMARKS.md ("Live lint").
 */
import { effectOf } from '../../core/repo/effect';
import { levelViolations, type LintViolation } from '../../core/repo/lint';
import { symmetryKey } from '../../core/repo/symmetry';
import type { DifficultyModel } from '../../core/difficulty/model';
import type { GraphData } from '../../core/graph/graphData';
import type { LintRules } from '../../core/repo/lint';
import type { LevelPack } from '../../core/pack/schema';
import { toRows } from '../../core/level/level';
import { selectCurrentGraph } from './selectors';
import type { StudioState } from './types';

const symmetryKeys = new WeakMap<readonly string[], string>();
const keyOf = (rows: readonly string[]): string => {
  let k = symmetryKeys.get(rows);
  if (k === undefined) {
    k = symmetryKey(rows);
    symmetryKeys.set(rows, k);
  }
  return k;
};

let cache: { graph: GraphData; model: DifficultyModel; rules: LintRules; pack: LevelPack; openId: string | null; out: LintViolation[] } | null = null;

/**
 * The rules the current level breaks; null when no rules are loaded or the
 * level is not analysed yet (or is past the state cap).
 */
export function selectLintViolations(s: Pick<StudioState, 'lintRules' | 'analysis' | 'level' | 'pack' | 'model' | 'openInPack'>): LintViolation[] | null {
  const rules = s.lintRules;
  if (rules === null) return null;
  const graph = selectCurrentGraph(s);
  if (graph === null) return null;
  const openId = s.openInPack?.id ?? null;
  if (cache !== null && cache.graph === graph && cache.model === s.model && cache.rules === rules && cache.pack === s.pack && cache.openId === openId) return cache.out;
  const out = levelViolations(effectOf(graph.features, graph.counts.dead, s.model), rules);
  if (rules.noSymmetricDuplicates === true) {
    const mine = symmetryKey(toRows(s.level));
    const twin = s.pack.levels.find((l) => l.id !== openId && keyOf(l.rows) === mine);
    if (twin !== undefined) out.push({ rule: 'noSymmetricDuplicates', message: `the same level as ${twin.id} ${JSON.stringify(twin.name)} in the pack, up to rotation or mirroring` });
  }
  cache = { graph, model: s.model, rules, pack: s.pack, openId, out };
  return out;
}
