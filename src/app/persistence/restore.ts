/**
 * Validation of everything read back from IndexedDB (STYLE §4): saved data
 * may be from an older build, hand-edited or corrupt, so each record is
 * checked (zod schemas, then the engine's own parsers for grids and packs)
 * and either restored or refused with a sentence, never trusted.
 */
import { MAX_TRACE_LENGTH, TRACE_PATTERN } from '../../core/players/trace';
import { RULESET_NAMES } from '../../core/rules/ruleset';
import { z } from 'zod';
import { describeParseError, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { compactLevelJson, compactPackJson, importPackJson } from '../../core/pack/pack';
import type { PackFieldDef } from '../../core/pack/fields';
import { salvagePackJson } from '../../core/pack/salvage';
import type { LevelPack } from '../../core/pack/schema';
import { err, ok, type Result } from '../../core/util/result';
import { SeedSchema, SideSchema } from '../../core/util/schemas';
import { GENERATOR_NAMES } from '../../core/generators/registry';
import { MAX_GENERATE_COUNT } from '../../workers/generators.protocol';
import type { GraphView } from '../store/analysisSlice';
import type { GeneratorSettingsState } from '../store/generatorsSlice';
import type { PlaytestRecord } from '../store/playtestSlice';
import type { DockTab } from '../store/uiSlice';
import { migrateRecord, recordHistory, type RecordMigration } from './migrations';

export const SAVE_VERSION = 1;

export const LEVEL_RECORD = recordHistory('the saved level', SAVE_VERSION);
export const SETTINGS_RECORD = recordHistory('the saved settings', SAVE_VERSION);

/**
 * Playtest log v1 -> v2: the first builds saved `{ version: 1, records }`;
 * counting playtest starts per level added `starts`, which v1 logs may
 * lack. v2 always has it (none counted: `{}`).
 */
const playtestsV1toV2: RecordMigration = (json) => ({ ...json, version: 2, starts: json['starts'] ?? {} });

export const PLAYTESTS_RECORD = recordHistory('the saved playtest log', 2, [1, playtestsV1toV2]);

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

export function saveLevel(level: Level, name: string): SavedLevel {
  return { version: SAVE_VERSION, rows: toRows(level), name };
}

const SavedLevelSchema = z.object({
  version: z.literal(SAVE_VERSION),
  rows: z.array(z.string()),
  name: z.string().optional().catch(undefined),
});

/** The saved level: the zod schema for its shape, then `parseRows` for the grid. */
export function restoreLevel(json: unknown): Result<{ level: Level; name: string }, string> {
  const migrated = migrateRecord(LEVEL_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const shape = SavedLevelSchema.safeParse(migrated.value);
  if (!shape.success) {
    const versionOk = isObject(json) && json['version'] === SAVE_VERSION;
    return err(versionOk ? 'the saved level has no rows of text' : 'the saved level is not in a format this version reads');
  }
  const parsed = parseRows(shape.data.rows);
  if (!parsed.ok) return err(`the saved level is invalid (${describeParseError(parsed.error)})`);
  return ok({ level: parsed.value, name: (shape.data.name ?? '').slice(0, 200) });
}

/**
 * Packs are saved as their export JSON (an object: the value of `exportPack`'s text) and read back
 * through `importPackJson`. Parsed from the journal's text, whose levels are remembered.
 */
export function savePack(pack: LevelPack): unknown {
  return JSON.parse(savedPackJournalText(pack));
}

/** Each pack level's journal text, under the field definitions it was written with (levels are never changed in place). */
const levelTexts = new WeakMap<object, { defs: readonly PackFieldDef[]; text: string }>();

/**
 * The journal's text of {@link savePack}'s value (what `encodeJournalValue`
 * would write for it: the export JSON is plain JSON, with nothing for the
 * journal to spell out), built from each level's remembered text: after an
 * edit, a sort or an import only the new levels are encoded, and the pack is
 * one join, not an export, a parse and an encode of every level.
 */
export function savedPackJournalText(pack: LevelPack): string {
  return compactPackJson(pack, (level, defs) => {
    const known = levelTexts.get(level);
    if (known !== undefined && known.defs === defs) return known.text;
    const text = compactLevelJson(level, defs);
    levelTexts.set(level, { defs, text });
    return text;
  });
}

/**
 * Encodes and remembers each level's journal text of `pack` now (a pack about to be taken into the store, such
 * as a checked import), so the change's own task, which must write the safety copy before it ends, only joins
 * them. Idempotent; the levels' texts are kept only while the levels are.
 */
export function warmPackJournalText(pack: LevelPack): void {
  savedPackJournalText(pack);
}

export function restorePack(json: unknown): Result<LevelPack, string> {
  const r = importPackJson(json);
  if (r.ok) return ok(r.value.pack);
  const first = r.error[0];
  const more = r.error.length > 1 ? ` (and ${r.error.length - 1} more problems)` : '';
  return err(`the saved pack is invalid: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`);
}

/** A saved pack read level by level: what could be kept, and sentences about the rest (empty when it was intact). */
export interface SalvagedSavedPack {
  readonly pack: LevelPack;
  /** One sentence for the designer, or null when the record was intact. */
  readonly summary: string | null;
  /** Every problem, `path: message` (the caller caps what it lists). */
  readonly problems: string[];
}

const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The saved pack, salvaged: every valid level kept, the others set aside
 * (they stay in the backup the caller writes), a bad name replaced.
 */
export function salvageSavedPack(json: unknown): SalvagedSavedPack {
  const r = salvagePackJson(json);
  if (r.intact) return { pack: r.pack, summary: null, problems: [] };
  const problems = [
    ...r.packProblems.map((p) => `${p.path}: ${p.message}`),
    ...r.setAside.flatMap((l) => l.problems.map((p) => `${p.path}${l.name !== null ? ` (“${l.name}”)` : ''}: ${p.message}`)),
  ];
  const kept = r.pack.levels.length;
  const bad = r.setAside.length;
  const first = r.setAside[0];
  const firstText = first === undefined ? '' : ` (levels[${first.index}]${first.name !== null ? ` “${first.name}”` : ''}: ${first.problems[0]?.message ?? 'unreadable'})`;
  const summary =
    bad > 0
      ? `The saved pack had ${plural(bad, 'level')} that could not be read${firstText}; ${plural(kept, 'good level')} ${kept === 1 ? 'was' : 'were'} kept and the bad ${bad === 1 ? 'one was' : 'ones were'} set aside`
      : kept === 0
        ? `The saved pack is invalid (${problems[0] ?? 'unknown problem'}); starting with an empty pack`
        : `The saved pack was damaged (${problems[0] ?? 'unknown problem'}); all ${plural(kept, 'level')} ${kept === 1 ? 'was' : 'were'} kept`;
  return { pack: r.pack, summary, problems };
}

export function savePlayLog(records: readonly PlaytestRecord[], starts: Readonly<Record<string, number>> = {}): unknown {
  return { version: PLAYTESTS_RECORD.current, records, starts };
}

/** Playtests started per level key (optional: logs saved before it existed have none). */
const StartsSchema = z.record(z.string().max(400), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const PlaytestRecordSchema = z.object({
  id: z.string(),
  levelKey: z.string(),
  levelName: z.string(),
  rows: z.array(z.string()),
  seconds: z.number().finite().min(0),
  restarts: count,
  moves: count,
  solutionMoves: count,
  finishedAt: z.string(),
  /** Added with traces: records saved before have none (optional, nothing to migrate). */
  trace: z.string().max(MAX_TRACE_LENGTH).regex(TRACE_PATTERN).exactOptional(),
  rules: z.enum(RULESET_NAMES).exactOptional(),
});

/** The log around the records; each record (and the starts) is then checked on its own. */
const PlayLogSchema = z.object({ version: z.literal(PLAYTESTS_RECORD.current), records: z.array(z.unknown()), starts: z.unknown() });

/** The playtest log; malformed records are refused one by one (the rest is kept, as parsed). */
export function restorePlayLog(json: unknown): Result<{ records: PlaytestRecord[]; dropped: number; starts: Record<string, number> }, string> {
  const migrated = migrateRecord(PLAYTESTS_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const log = PlayLogSchema.safeParse(migrated.value);
  if (!log.success) return err('the saved playtest log is not in a format this version reads');
  const all = log.data.records;
  const records = all.flatMap((r) => {
    const p = PlaytestRecordSchema.safeParse(r);
    return p.success ? [p.data] : [];
  });
  const starts = StartsSchema.safeParse(log.data.starts);
  return ok({ records, dropped: all.length - records.length + (starts.success ? 0 : 1), starts: starts.success ? starts.data : {} });
}

const SavedSettingsSchema = z.object({
  version: z.literal(SAVE_VERSION),
  generator: z.object({
    generator: z.enum(GENERATOR_NAMES),
    width: SideSchema,
    height: SideSchema,
    seed: SeedSchema,
    count: z.number().int().min(1).max(MAX_GENERATE_COUNT),
  }),
  stateCap: z.number().int().min(1).max(5_000_000),
  fullGraphLimit: z.number().int().min(1).max(1_000_000),
  graphView: z.enum(['auto', 'full', 'collapsed']),
  dockTab: z.enum(['pack', 'generators', 'suggestions', 'history']),
});

export function restoreSettings(json: unknown): Result<SavedSettings, string> {
  const migrated = migrateRecord(SETTINGS_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = SavedSettingsSchema.safeParse(migrated.value);
  if (!r.success) return err('the saved settings are invalid');
  const g = r.data.generator;
  return ok({
    version: SAVE_VERSION,
    generator: { generator: g.generator, width: g.width, height: g.height, seed: g.seed, count: g.count },
    stateCap: r.data.stateCap,
    fullGraphLimit: r.data.fullGraphLimit,
    graphView: r.data.graphView,
    dockTab: r.data.dockTab,
  });
}
