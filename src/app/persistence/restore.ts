/**
 * Validation of everything read back from IndexedDB (STYLE §4): saved data
 * may be from an older build, hand-edited or corrupt, so each record is
 * checked and either restored or refused with a sentence, never trusted.
 */
import { describeParseError, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { exportPack, importPackJson } from '../../core/pack/pack';
import type { LevelPack } from '../../core/pack/schema';
import { err, ok, type Result } from '../../core/util/result';
import { isGeneratorName } from '../../core/generators/registry';
import { MAX_GENERATE_COUNT } from '../../workers/generators.protocol';
import type { GraphView } from '../store/analysisSlice';
import type { GeneratorSettingsState } from '../store/generatorsSlice';
import type { PlaytestRecord } from '../store/playtestSlice';
import type { DockTab } from '../store/uiSlice';

export const SAVE_VERSION = 1;

export interface SavedLevel {
  readonly version: typeof SAVE_VERSION;
  readonly rows: string[];
  readonly name: string;
}

export interface SavedSettings {
  readonly version: typeof SAVE_VERSION;
  readonly generator: GeneratorSettingsState;
  readonly stateCap: number;
  readonly fullGraphLimit: number;
  readonly graphView: GraphView;
  readonly dockTab: DockTab;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export function saveLevel(level: Level, name: string): SavedLevel {
  return { version: SAVE_VERSION, rows: toRows(level), name };
}

/** The saved level, checked with `parseRows`. */
export function restoreLevel(json: unknown): Result<{ level: Level; name: string }, string> {
  if (!isObject(json) || json['version'] !== SAVE_VERSION) return err('the saved level is not in a format this version reads');
  const rows = json['rows'];
  if (!Array.isArray(rows) || !rows.every((r): r is string => typeof r === 'string')) return err('the saved level has no rows of text');
  const parsed = parseRows(rows);
  if (!parsed.ok) return err(`the saved level is invalid (${describeParseError(parsed.error)})`);
  const name = typeof json['name'] === 'string' ? json['name'].slice(0, 200) : '';
  return ok({ level: parsed.value, name });
}

/** Packs are saved as their export JSON (an object) and read back through `importPackJson`. */
export function savePack(pack: LevelPack): unknown {
  return JSON.parse(exportPack(pack));
}

export function restorePack(json: unknown): Result<LevelPack, string> {
  const r = importPackJson(json);
  if (r.ok) return ok(r.value.pack);
  const first = r.error[0];
  const more = r.error.length > 1 ? ` (and ${r.error.length - 1} more problems)` : '';
  return err(`the saved pack is invalid: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`);
}

export function savePlayLog(records: readonly PlaytestRecord[]): unknown {
  return { version: SAVE_VERSION, records };
}

function isRecord(v: unknown): v is PlaytestRecord {
  if (!isObject(v)) return false;
  return (
    typeof v['id'] === 'string' &&
    typeof v['levelKey'] === 'string' &&
    typeof v['levelName'] === 'string' &&
    Array.isArray(v['rows']) &&
    (v['rows'] as unknown[]).every((r) => typeof r === 'string') &&
    typeof v['seconds'] === 'number' && Number.isFinite(v['seconds']) && v['seconds'] >= 0 &&
    isInt(v['restarts'], 0, Number.MAX_SAFE_INTEGER) &&
    isInt(v['moves'], 0, Number.MAX_SAFE_INTEGER) &&
    isInt(v['solutionMoves'], 0, Number.MAX_SAFE_INTEGER) &&
    typeof v['finishedAt'] === 'string'
  );
}

/** The playtest log; malformed records are refused one by one (the rest is kept). */
export function restorePlayLog(json: unknown): Result<{ records: PlaytestRecord[]; dropped: number }, string> {
  if (!isObject(json) || json['version'] !== SAVE_VERSION || !Array.isArray(json['records'])) return err('the saved playtest log is not in a format this version reads');
  const all = json['records'] as unknown[];
  const records = all.filter(isRecord);
  return ok({ records, dropped: all.length - records.length });
}

export function restoreSettings(json: unknown): Result<SavedSettings, string> {
  const bad = err('the saved settings are invalid');
  if (!isObject(json) || json['version'] !== SAVE_VERSION) return bad;
  const g = json['generator'];
  if (!isObject(g) || !isGeneratorName(String(g['generator']))) return bad;
  if (!isInt(g['width'], 3, 16) || !isInt(g['height'], 3, 16) || !isInt(g['seed'], 0, 0xffffffff) || !isInt(g['count'], 1, MAX_GENERATE_COUNT)) return bad;
  if (!isInt(json['stateCap'], 1, 5_000_000) || !isInt(json['fullGraphLimit'], 1, 1_000_000)) return bad;
  const view = json['graphView'], tab = json['dockTab'];
  if (view !== 'auto' && view !== 'full' && view !== 'collapsed') return bad;
  if (tab !== 'pack' && tab !== 'generators') return bad;
  return ok({
    version: SAVE_VERSION,
    generator: { generator: g['generator'] as GeneratorSettingsState['generator'], width: g['width'], height: g['height'], seed: g['seed'], count: g['count'] },
    stateCap: json['stateCap'],
    fullGraphLimit: json['fullGraphLimit'],
    graphView: view,
    dockTab: tab,
  });
}
