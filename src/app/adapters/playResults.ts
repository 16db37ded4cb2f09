/**
 * Players' results into the studio's two consumers: the predictor lab
 * (`level,avgCompletionSeconds` CSV text, one row per level with at least
 * one timed solve) and the pack (per-level `playerStats`, matched by grid
 * and ruleset).
 */
import type { LevelResultSummary } from '../../core/play/results';
import type { LevelPack, PackPlayerStats } from '../../core/pack/schema';
import type { RulesetName } from '../../core/rules/ruleset';
import { rowsKey } from '../store/packEdits';

/**
 * The lab's CSV: the level as rows joined by `/`, and the mean seconds of its
 * kept solves. Levels never solved are left out (no time to learn from), and
 * so are levels played under other rules than `rules` (the lab analyses the
 * rows under the pack's).
 */
export function resultsCsv(summary: readonly LevelResultSummary[], rules: RulesetName): string {
  const lines = summary.filter((l) => l.meanSeconds !== null && l.rules === rules).map((l) => `${l.rows.join('/')},${Math.round(l.meanSeconds! * 1000) / 1000}`);
  return ['level,avgCompletionSeconds', ...lines].join('\n');
}

/** A level's pack statistics from its summary. */
export function playerStatsOf(l: LevelResultSummary): PackPlayerStats {
  const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 100) / 100);
  return { players: l.players, attempts: l.attempts, solved: l.solves, gaveUp: l.giveUps, outliers: l.outliers.length, meanSeconds: round(l.meanSeconds), medianSeconds: round(l.medianSeconds) };
}

/**
 * `pack` with each level that has results (same grid) given its
 * `playerStats` (replacing older ones); the count of levels matched. The
 * same pack object when nothing matched or changed.
 */
export function withPlayerStats(pack: LevelPack, summary: readonly LevelResultSummary[]): { pack: LevelPack; matched: number } {
  // Only results of the pack's game: the same grid under other rules is another level.
  const byKey = new Map(summary.filter((l) => l.rules === pack.rules).map((l) => [l.key, l]));
  let matched = 0, changed = false;
  const levels = pack.levels.map((level) => {
    const s = byKey.get(rowsKey(level.rows));
    if (s === undefined) return level;
    matched++;
    const stats = playerStatsOf(s);
    if (JSON.stringify(level.playerStats) === JSON.stringify(stats)) return level;
    changed = true;
    return { ...level, playerStats: stats };
  });
  return { pack: changed ? { ...pack, levels } : pack, matched };
}
