/**
 * Player data for the views: which pack level the editor's level is (by
 * grid), its rating row and traces, the traffic of those traces on the
 * current solution graph, and the pack report's derived lists (the curve
 * as players met it, the levels whose rating disagrees most with the
 * structural estimate).
 */
import { toRows, type Level } from '../../core/level/level';
import type { LevelRatingRow } from '../../core/players/rate';
import { traceTraffic, type Traffic } from '../../core/players/traffic';
import type { LevelPack } from '../../core/pack/schema';
import type { GraphData } from '../../workers/analysis.api';
import type { LevelTrace, PlayerDataResult } from '../../workers/players.api';
import { rowsKey } from '../store/packEdits';

/** Index of the pack level with the level's grid, or -1. O(levels). */
export function packIndexOf(pack: LevelPack, level: Level): number {
  const key = rowsKey(toRows(level));
  return pack.levels.findIndex((l) => rowsKey(l.rows) === key);
}

/** Index of the rated level with `rows`'s grid in `data` (its own list, not today's pack), or -1. O(levels). */
function ratedIndexOf(data: PlayerDataResult, rows: readonly string[]): number {
  const key = rowsKey(rows);
  return data.levels.findIndex((l) => rowsKey(l.rows) === key);
}

/**
 * The editor level's rating row and traces, when the pack holds its grid
 * and the player data rated that grid. Joined by grid: after a pack edit,
 * until the next rating is back, a level never shows another's numbers.
 * `index` is the level's index in today's pack.
 */
export function levelPlayerData(data: PlayerDataResult | null, pack: LevelPack, level: Level): { index: number; row: LevelRatingRow; traces: readonly LevelTrace[] } | null {
  if (data === null) return null;
  const index = packIndexOf(pack, level);
  if (index < 0) return null;
  const rated = ratedIndexOf(data, toRows(level));
  const row = rated < 0 ? undefined : data.rows[rated];
  if (row === undefined) return null;
  return { index, row, traces: data.traces[rated] ?? [] };
}

const trafficCache = new WeakMap<GraphData, { traces: readonly LevelTrace[]; traffic: Traffic }>();

/** The traces' traffic on `graph` (cached per graph and trace list). */
export function graphTraffic(graph: GraphData, traces: readonly LevelTrace[]): Traffic {
  const hit = trafficCache.get(graph);
  if (hit !== undefined && hit.traces === traces) return hit.traffic;
  const traffic = traceTraffic(graph, traces.map((t) => ({ trace: t.trace, solved: t.solved })));
  trafficCache.set(graph, { traces, traffic });
  return traffic;
}

/** A rating as words: "34.2 s (90%: 28.1–41.0 s)". */
export function ratingText(row: Pick<LevelRatingRow, 'rating' | 'ratingLow' | 'ratingHigh'>, interval: number): string {
  if (row.rating === null) return 'no rating';
  const f = (x: number | null): string => (x === null ? '?' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  return `${f(row.rating)} s (${Math.round(interval * 100)}%: ${f(row.ratingLow)}–${f(row.ratingHigh)} s)`;
}

/** One level of the pack report. */
export interface ReportLevel {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly row: LevelRatingRow;
  /** log(rating) - log(calibrated prediction): how far players' number is from the structural one (positive: harder than predicted). */
  readonly disagreement: number | null;
}

/**
 * The report's levels: today's pack levels that the player data rated, in
 * today's pack order, each with its own row (joined by grid, so a level
 * deleted or moved since the rating never takes another's numbers).
 */
export function reportLevels(data: PlayerDataResult, pack: LevelPack): ReportLevel[] {
  const out: ReportLevel[] = [];
  pack.levels.forEach((level, index) => {
    const rated = ratedIndexOf(data, level.rows);
    const row = rated < 0 ? undefined : data.rows[rated];
    if (row === undefined) return;
    const disagreement = row.rating !== null && row.priorSeconds !== null ? Math.log(row.rating) - Math.log(row.priorSeconds) : null;
    out.push({ index, id: level.id, name: level.name, row, disagreement });
  });
  return out;
}

/**
 * The `count` rated levels where players and the estimate really disagree:
 * the calibrated prediction lies outside the rating's interval (a level
 * whose interval holds it is not evidence of a disagreement, however far
 * the point sits). Furthest first; empty when there are none.
 */
export function biggestDisagreements(levels: readonly ReportLevel[], count = 5): ReportLevel[] {
  return levels
    .filter((l) => l.disagreement !== null && l.row.ratingLow !== null && l.row.ratingHigh !== null && (l.row.priorSeconds! < l.row.ratingLow || l.row.priorSeconds! > l.row.ratingHigh))
    .sort((a, b) => Math.abs(b.disagreement!) - Math.abs(a.disagreement!) || a.index - b.index)
    .slice(0, count);
}

/** A rating's standing in words: '' (sound), 'provisional' (few players) or 'misfit' (the model does not describe its times). */
export function ratingStatus(row: Pick<LevelRatingRow, 'rating' | 'provisional' | 'check'>): '' | 'provisional' | 'misfit' {
  if (row.rating === null) return '';
  if (row.check?.misfit === true) return 'misfit';
  return row.provisional ? 'provisional' : '';
}
