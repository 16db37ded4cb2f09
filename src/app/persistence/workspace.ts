/**
 * Saving and restoring the workspace beyond the document itself: the view
 * the designer was in, the pack level open in the editor, the
 * at-difficulty and batch settings, the undo history, and the generators'
 * and generate-at-difficulty's last results. Every record is
 * checked with a zod schema on load; a bad one is reported with its path
 * and the studio goes on without it.
 *
 * The history is saved with its snapshots pooled: documents share levels,
 * packs and pack levels by identity in memory, and the saved form keeps
 * that sharing (each distinct object once, referenced by index), so 200
 * entries over a large pack cost little more than the pack itself.
 */
import { MEASURE_NAMES } from '../../core/range/measures';
import { z } from 'zod';
import { describeParseError, parseRows } from '../../core/level/format';
import { levelKey, toRows, type Level } from '../../core/level/level';
import { FEATURE_NAMES } from '../../core/graph/features';
import { GENERATOR_NAMES } from '../../core/generators/registry';
import { MAX_GENERATE_COUNT } from '../../workers/generators.protocol';
import type { GeneratedLevel } from '../../workers/generators.api';
import type { GeneratorRun } from '../store/generatorsSlice';
import { PackLevelSchema, MAX_NAME_LENGTH, type LevelPack, type PackLevel } from '../../core/pack/schema';
import { CURRENT_PACK_VERSION } from '../../core/pack/migrations';
import { DEFAULT_RULESET } from '../../core/rules/registry';
import { RULESET_NAMES } from '../../core/rules/ruleset';
import { packRules } from '../store/rules';
import { err, ok, type Result } from '../../core/util/result';
import { PinRowsField, SeedSchema, SideSchema } from '../../core/util/schemas';
import { BANDS, type BandName } from '../../core/difficulty/predict';
import { BATCH_GENERATORS, MAX_AT_DIFFICULTY_COUNT, MAX_CURVE_COUNT, MAX_EVALUATION_COUNT } from '../../workers/batch.protocol';
import { HISTORY_LIMIT, type DocState, type History, type HistoryEntry, type OpenLevel } from '../store/history';
import type { AtDifficultyRun, AtDifficultySettings, BatchSettings } from '../store/batchSlice';
import type { HitRateForm, HitRateRun, RangeViewSettings } from '../store/batchMaps';
import { BatchMapsSchema, saveHitRateRun } from './batchMapsSchema';
import { LintRulesSchema, type LintRules } from '../../core/repo/lint';
import type { FoundLevel } from '../../workers/batch.api';
import { STUDIO_VIEWS, type StudioView } from '../viewNames';
import { migrateRecord, recordHistory, type RecordMigration } from './migrations';
import { encodeJournalValue } from './journal';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

export const WORKSPACE_VERSION = 1;

export const HISTORY_RECORD = recordHistory('the saved undo history', WORKSPACE_VERSION);
export const GENERATOR_RESULTS_RECORD = recordHistory('the saved generator results', WORKSPACE_VERSION);
export const ATD_RESULTS_RECORD = recordHistory('the saved at-difficulty results', WORKSPACE_VERSION);

export const side = SideSchema;
export const seed = SeedSchema;
export const rows = z.array(z.string().max(16)).min(3).max(16);

const OpenLevelSchema = z.object({ id: z.string().min(1).max(100), baseRows: rows, baseName: z.string().max(MAX_NAME_LENGTH) });

const AtdSettingsSchema = z.object({
  mode: z.enum(['number', 'band']),
  target: z.number().min(0).max(1e6),
  band: z.enum(BANDS.map((b) => b.name) as [BandName, ...BandName[]]),
  width: side,
  height: side,
  count: z.number().int().min(1).max(MAX_AT_DIFFICULTY_COUNT),
  seed,
  uniqueSolution: z.boolean(),
  openMin: z.number().int().min(0).max(256).nullable(),
  openMax: z.number().int().min(0).max(256).nullable(),
  notInPack: z.boolean(),
  curveFrom: z.number().min(0).max(1e6),
  curveTo: z.number().min(0).max(1e6),
  curveCount: z.number().int().min(2).max(MAX_CURVE_COUNT),
  /** Added later: absent in older saved settings (automatic). */
  timeLimitSeconds: z.number().min(1).max(600).nullable().optional(),
  // Added after version 1 records were written: absent reads as no second target.
  also: z.object({ measure: z.enum(MEASURE_NAMES), target: z.number().min(0).max(1e9) }).nullable().optional(),
});

export const BatchSettingsSchema = z.object({
  generator: z.enum(BATCH_GENERATORS),
  width: side,
  height: side,
  count: z.number().int().min(1).max(MAX_EVALUATION_COUNT),
  seed,
  temperatures: z.string().max(200),
  // Added after the records were written: absent reads as no sweep (and the form's first lists).
  sweep: z.enum(['size', 'pins']).nullable().optional(),
  sweepSizes: z.string().max(200).optional(),
  sweepPins: z.string().max(200).optional(),
});

/** The pinned cells: row-major cells of a `WxH` level (size '' and no cells when none are pinned). */
const PinsSchema = z
  .object({ size: z.string().regex(/^(\d{1,2}x\d{1,2})?$/), cells: z.array(z.number().int().min(0).max(255)).max(256) })
  .refine((p) => p.size !== '' || p.cells.length === 0, { message: 'pinned cells need the size they were set on' })
  .refine((p) => {
    if (p.size === '') return true;
    const [w, h] = p.size.split('x').map(Number);
    return p.cells.every((c) => c < w! * h!) && new Set(p.cells).size === p.cells.length;
  }, { message: 'a pinned cell lies outside its level, or is pinned twice' });

/**
 * Workspace v1 -> v2: v2 keeps the pinned cells (the Suggestions tab's pins,
 * which generators keep too) and whether generators keep them. v1 saved no
 * pins: none, and keeping on (the default of a fresh studio).
 */
const workspaceV1toV2: RecordMigration = (json) => ({ ...json, version: 2, pins: { size: '', cells: [] }, keepPins: true });

/**
 * Workspace v2 -> v3: v3 keeps the Batch view's maps' settings: the
 * expressive range's axes, bins and overlays, and the hit-rate map's form.
 * v2 saved none: what a v2 build showed (difficulty against leniency in 20
 * bins, pack and rated levels drawn; the hit-rate form's first values).
 */
const workspaceV2toV3: RecordMigration = (json) => ({
  ...json,
  version: 3,
  batchMaps: {
    range: { x: 'difficulty', y: 'leniency', bins: 20, showPack: true, showRated: true },
    hitRate: { targets: '10:70:20', alsoMeasure: 'leniency', alsoValues: '0.3:0.7:0.2', requests: 3, evaluations: 2000, shade: 'hitRate' },
  },
});

/**
 * Workspace v3 -> v4: v4 keeps the designer's rules checked live under the
 * gauge (the rules and where they came from). A v3 build kept none: after a
 * reload it checked nothing, so none.
 */
const workspaceV3toV4: RecordMigration = (json) => ({ ...json, version: 4, lint: null });

/**
 * Workspace v4 -> v5: v5 keeps the hit-rate map's last run (its grid and
 * the cells done), so a reload draws the map again. A v4 build kept no
 * run: none.
 */
const workspaceV4toV5: RecordMigration = (json) => {
  const maps = json['batchMaps'];
  return { ...json, version: 5, batchMaps: typeof maps === 'object' && maps !== null && !Array.isArray(maps) ? { ...maps, hitRateRun: null } : maps };
};

/** The workspace record's own chain (v2 added the pins, v3 the Batch maps' settings, v4 the lint rules, v5 the hit-rate map's run). */
export const WORKSPACE_RECORD = recordHistory('the saved workspace', 5, [1, workspaceV1toV2], [2, workspaceV2toV3], [3, workspaceV3toV4], [4, workspaceV4toV5]);
export const WORKSPACE_RECORD_VERSION = WORKSPACE_RECORD.current;

export const WorkspaceSchema = z.object({
  version: z.literal(WORKSPACE_RECORD_VERSION),
  view: z.enum(STUDIO_VIEWS),
  openInPack: OpenLevelSchema.nullable(),
  atdSettings: AtdSettingsSchema,
  batchSettings: BatchSettingsSchema,
  pins: PinsSchema,
  keepPins: z.boolean(),
  batchMaps: BatchMapsSchema,
  lint: z.object({ rules: LintRulesSchema, source: z.string().max(MAX_NAME_LENGTH) }).nullable(),
});

export interface SavedWorkspace {
  readonly view: StudioView;
  readonly openInPack: OpenLevel | null;
  readonly atdSettings: AtDifficultySettings;
  readonly batchSettings: BatchSettings;
  /** The pinned cells and the size they were set on. */
  readonly pins: { readonly size: string; readonly cells: readonly number[] };
  /** Whether generators keep the pinned cells. */
  readonly keepPins: boolean;
  /** The Batch view's maps' settings, and the hit-rate map's last run (absent or null: none to keep). */
  readonly batchMaps: { readonly range: RangeViewSettings; readonly hitRate: HitRateForm; readonly hitRateRun?: HitRateRun | null };
  /** The rules checked live under the gauge and where they came from (a file name, or "the default rules"); null: none loaded. */
  readonly lint: { readonly rules: LintRules; readonly source: string } | null;
}

export function saveWorkspace(w: SavedWorkspace): unknown {
  return {
    version: WORKSPACE_RECORD_VERSION,
    view: w.view,
    openInPack: w.openInPack,
    atdSettings: w.atdSettings,
    batchSettings: w.batchSettings,
    pins: { size: w.pins.size, cells: [...w.pins.cells] },
    keepPins: w.keepPins,
    batchMaps: { range: { ...w.batchMaps.range }, hitRate: { ...w.batchMaps.hitRate }, hitRateRun: saveHitRateRun(w.batchMaps.hitRateRun ?? null) },
    lint: w.lint === null ? null : { rules: { ...w.lint.rules }, source: w.lint.source },
  };
}

/** The first problem of a zod error as "path: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'unknown problem';
  return `${issue.path.length > 0 ? issue.path.join('.') : '$'}: ${issue.message}`;
}

export function restoreWorkspace(json: unknown): Result<SavedWorkspace, string> {
  const migrated = migrateRecord(WORKSPACE_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = WorkspaceSchema.safeParse(migrated.value);
  if (!r.success) return err(`the saved workspace is invalid (${firstIssue(r.error)})`);
  return ok(r.data);
}

// ---------------------------------------------------------------- history

const PackMetaSchema = z.object({
  name: z.string().max(MAX_NAME_LENGTH),
  /** The pack's ruleset (SPEC §12); absent in histories saved before rulesets and for Longcat packs. */
  rules: z.enum(RULESET_NAMES).optional(),
  description: z.string().max(10_000).optional(),
  createdWith: z.string().max(MAX_NAME_LENGTH).optional(),
  levels: z.array(z.number().int().min(0)),
});

const DocSchema = z.object({
  level: z.number().int().min(0),
  levelName: z.string().max(MAX_NAME_LENGTH),
  pack: z.number().int().min(0),
  open: OpenLevelSchema.nullable(),
});

const EntrySchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().max(400),
  at: z.number().finite(),
  before: z.number().int().min(0),
  after: z.number().int().min(0),
  mergeKey: z.string().max(200).optional(),
});

export const HistoryRecordSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  index: z.number().int().min(0),
  entries: z.array(EntrySchema).max(HISTORY_LIMIT),
  docs: z.array(DocSchema),
  packs: z.array(PackMetaSchema),
  packLevels: z.array(PackLevelSchema),
  levels: z.array(rows),
});

type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

/** Indexes objects by identity, in order of first sight. */
class Pool<T extends object, S> {
  private readonly index = new Map<T, number>();
  readonly saved: S[] = [];
  constructor(private readonly save: (value: T) => S) {}
  ref(value: T): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.saved.length;
      this.index.set(value, i);
      this.saved.push(this.save(value));
    }
    return i;
  }
}

export function saveHistory(history: History): unknown {
  const levels = new Pool<Level, string[]>((l) => toRows(l));
  const packLevels = new Pool<PackLevel, PackLevel>((l) => l);
  const packs = new Pool<LevelPack, HistoryRecord['packs'][number]>((p) => ({
    name: p.name,
    ...(packRules(p) !== DEFAULT_RULESET.name ? { rules: packRules(p) } : {}),
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.createdWith !== undefined ? { createdWith: p.createdWith } : {}),
    levels: p.levels.map((l) => packLevels.ref(l)),
  }));
  const docs = new Pool<DocState, HistoryRecord['docs'][number]>((d) => ({ level: levels.ref(d.level), levelName: d.levelName, pack: packs.ref(d.pack), open: d.open === null ? null : { ...d.open, baseRows: [...d.open.baseRows] } }));
  const entries = history.entries.map((e) => ({
    id: e.id,
    label: e.label,
    at: e.at,
    before: docs.ref(e.before),
    after: docs.ref(e.after),
    ...(e.mergeKey !== undefined ? { mergeKey: e.mergeKey } : {}),
  }));
  return { version: WORKSPACE_VERSION, index: history.index, entries, docs: docs.saved, packs: packs.saved, packLevels: packLevels.saved, levels: levels.saved };
}

/** Each pack level's journal text (pack levels are never changed in place). */
const levelJournalTexts = new WeakMap<PackLevel, string>();

/**
 * The journal's text of {@link saveHistory}'s value (equal to
 * `encodeJournalValue(saveHistory(history))`), with each pack level's text
 * remembered: after an edit only the levels it made are encoded, not the
 * several thousand an import brought in.
 */
export function savedHistoryJournalText(history: History): string {
  const { packLevels, levels, ...head } = saveHistory(history) as { packLevels: PackLevel[]; levels: unknown } & Record<string, unknown>;
  const texts = packLevels.map((l) => {
    let text = levelJournalTexts.get(l);
    if (text === undefined) {
      text = encodeJournalValue(l);
      levelJournalTexts.set(l, text);
    }
    return text;
  });
  // The record's keys in saveHistory's order: ..., packs, packLevels, levels.
  return `${encodeJournalValue(head).slice(0, -1)},"packLevels":[${texts.join(',')}],${encodeJournalValue({ levels }).slice(1)}`;
}

/**
 * The saved history, checked: the schema, every grid through `parseRows`,
 * every index in range, unique ids within each pack. Shared objects come
 * back shared.
 */
export function restoreHistoryRecord(json: unknown): Result<History, string> {
  const migrated = migrateRecord(HISTORY_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = HistoryRecordSchema.safeParse(migrated.value);
  if (!r.success) return err(`the saved undo history is invalid (${firstIssue(r.error)})`);
  const rec = r.data;
  const levels: Level[] = [];
  for (const [i, rs] of rec.levels.entries()) {
    const p = parseRows(rs);
    if (!p.ok) return err(`the saved undo history has a bad level (levels.${i}: ${describeParseError(p.error)})`);
    levels.push(p.value);
  }
  for (const [i, l] of rec.packLevels.entries()) {
    const p = parseRows(l.rows);
    if (!p.ok) return err(`the saved undo history has a bad pack level (packLevels.${i}: ${describeParseError(p.error)})`);
  }
  const packLevels: PackLevel[] = rec.packLevels;
  const packs: LevelPack[] = [];
  for (const [i, p] of rec.packs.entries()) {
    if (p.levels.some((j) => j >= packLevels.length)) return err(`the saved undo history refers to a missing pack level (packs.${i})`);
    const ls = p.levels.map((j) => packLevels[j]!);
    if (new Set(ls.map((l) => l.id)).size !== ls.length) return err(`the saved undo history has a pack with repeated ids (packs.${i})`);
    const pack: LevelPack = {
      format: 'longcat-pack',
      version: CURRENT_PACK_VERSION,
      // Histories saved before rulesets hold Longcat packs.
      rules: p.rules ?? DEFAULT_RULESET.name,
      name: p.name,
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.createdWith !== undefined ? { createdWith: p.createdWith } : {}),
      levels: ls,
    };
    packs.push(pack);
  }
  const docs: DocState[] = [];
  for (const [i, d] of rec.docs.entries()) {
    const level = levels[d.level], pack = packs[d.pack];
    if (level === undefined || pack === undefined) return err(`the saved undo history refers to a missing level or pack (docs.${i})`);
    docs.push({ level, levelName: d.levelName, pack, open: d.open });
  }
  const entries: HistoryEntry[] = [];
  for (const [i, e] of rec.entries.entries()) {
    const before = docs[e.before], after = docs[e.after];
    if (before === undefined || after === undefined) return err(`the saved undo history refers to a missing document (entries.${i})`);
    entries.push({ id: e.id, label: e.label, at: e.at, before, after, ...(e.mergeKey !== undefined ? { mergeKey: e.mergeKey } : {}) });
  }
  if (rec.index > entries.length) return err('the saved undo history points past its last entry');
  return ok({ entries, index: rec.index });
}

// ---------------------------------------------------------------- generator results

/** A feature value: finite, or Infinity (structured clone keeps it; unsolvable levels have infinite expectations). */
export const featureValue = z.union([z.number().finite(), z.literal(Infinity)]);
const count = z.number().int().min(0);

export const GeneratedLevelSchema = z.object({
  index: count,
  id: z.string().min(1).max(200),
  rows,
  key: z.string().max(400),
  solution: z.string().regex(/^[UDLR]*$/).max(512).nullable(),
  counts: z.object({ success: count, fail: count, solution: count, dead: count, indeterminate: count }),
  features: z
    .object(Object.fromEntries(FEATURE_NAMES.map((f) => [f, featureValue])) as Record<(typeof FEATURE_NAMES)[number], typeof featureValue>)
    // solutionPaths is null for rulesets with cycles (SPEC §12); shortestSolutionCount is absent from records saved before it existed.
    .extend({ solutionPaths: featureValue.nullable(), shortestSolutionCount: z.number().min(0).exactOptional() }),
});

export const GeneratorResultsSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  // rules: absent in results saved before rulesets (they were Longcat's).
  // pins: the pinned cells the levels keep (absent: none kept, and in results saved before pins).
  settings: z.object({ generator: z.enum(GENERATOR_NAMES), rules: z.enum(RULESET_NAMES).default(DEFAULT_RULESET_NAME), width: side, height: side, seed, count: z.number().int().min(1).max(MAX_GENERATE_COUNT), pins: PinRowsField.optional() }),
  levels: z.array(GeneratedLevelSchema).max(MAX_GENERATE_COUNT * 4),
  iterations: count,
  duplicates: count,
});

/** The generators dock's last finished run (levels and all), or null when there is none to keep. */
export function saveGeneratorResults(run: GeneratorRun): unknown {
  if (run.status !== 'done' || run.settings === null) return null;
  return { version: WORKSPACE_VERSION, settings: run.settings, levels: run.levels, iterations: run.iterations, duplicates: run.duplicates };
}

/** The saved run, checked: the schema, every grid through `parseRows`, and each key recomputed from its rows (never trusted). */
export function restoreGeneratorResults(json: unknown): Result<GeneratorRun | null, string> {
  if (json === null) return ok(null);
  const migrated = migrateRecord(GENERATOR_RESULTS_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = GeneratorResultsSchema.safeParse(migrated.value);
  if (!r.success) return err(`the saved generator results are invalid (${firstIssue(r.error)})`);
  const levels: GeneratedLevel[] = [];
  for (const [i, l] of r.data.levels.entries()) {
    const grid = parseRows(l.rows);
    if (!grid.ok) return err(`the saved generator results have a bad level (levels.${i}: ${describeParseError(grid.error)})`);
    levels.push({ ...l, key: levelKey(grid.value) });
  }
  return ok({ status: 'done', settings: r.data.settings, levels, iterations: r.data.iterations, duplicates: r.data.duplicates, message: null });
}

// ---------------------------------------------------------------- at-difficulty results

const FoundLevelSchema = z.object({
  rows,
  key: z.string().max(400),
  difficulty: z.number().finite(),
  features: GeneratedLevelSchema.shape.features,
  solution: z.string().regex(/^[UDLR]*$/).max(512),
  openCells: count,
  attempts: count,
  milliseconds: z.number().finite().min(0),
  target: z.number().finite(),
});

export const AtdResultsSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  request: z.object({
    label: z.string().max(200),
    target: z.number().finite(),
    window: z.object({ from: z.number().finite(), to: z.number() }),
    width: side,
    height: side,
    seed,
    count: z.number().int().min(1).max(MAX_AT_DIFFICULTY_COUNT),
    // Absent in results saved before rulesets (they were Longcat's).
    rules: z.enum(RULESET_NAMES).default(DEFAULT_RULESET_NAME),
    // The pinned cells the levels keep (absent: none kept, and in results saved before pins).
    pins: PinRowsField.optional(),
  }),
  levels: z.array(FoundLevelSchema).max(MAX_AT_DIFFICULTY_COUNT),
  message: z.string().max(1000).nullable(),
  outOfReach: z.boolean(),
  reachable: z.object({ min: z.number().finite(), max: z.number().finite() }).nullable(),
  milliseconds: z.number().finite().min(0).nullable(),
  added: z.array(z.string().max(400)).max(MAX_AT_DIFFICULTY_COUNT),
});

/** The last finished generate-at-difficulty run, or null when there is none to keep. */
export function saveAtdResults(run: AtDifficultyRun): unknown {
  if (run.status !== 'done' || run.request === null) return null;
  return { version: WORKSPACE_VERSION, request: run.request, levels: run.levels, message: run.message, outOfReach: run.outOfReach, reachable: run.reachable, milliseconds: run.milliseconds, added: run.added };
}

/** The saved run, checked: the schema, each grid through `parseRows`, keys recomputed from rows. */
export function restoreAtdResults(json: unknown): Result<AtDifficultyRun | null, string> {
  if (json === null) return ok(null);
  const migrated = migrateRecord(ATD_RESULTS_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = AtdResultsSchema.safeParse(migrated.value);
  if (!r.success) return err(`the saved at-difficulty results are invalid (${firstIssue(r.error)})`);
  const levels: FoundLevel[] = [];
  for (const [i, l] of r.data.levels.entries()) {
    const grid = parseRows(l.rows);
    if (!grid.ok) return err(`the saved at-difficulty results have a bad level (levels.${i}: ${describeParseError(grid.error)})`);
    levels.push({ ...l, key: levelKey(grid.value) });
  }
  const { request, message, outOfReach, reachable, milliseconds, added } = r.data;
  return ok({ status: 'done', request, levels, message, outOfReach, reachable, milliseconds, added });
}
