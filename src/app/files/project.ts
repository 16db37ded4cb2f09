/**
 * The project file (Ctrl+S / Ctrl+O): the whole project in one JSON file.
 * The document: the pack (in the pack format, difficulties derived by the
 * active model), the level in the editor with its name, and which pack level
 * it is. Beside it (version 2): the playtest log, the predictor lab's
 * session (data, runs, ablation, fit) and saved difficulty models, and the
 * players' results files (v3: and the attempt files of the Players view), each in the shape its IndexedDB record has and
 * read back by that record's own restore code. Left out, and said so in
 * docs/persistence.md: the undo history (opening a project is itself one
 * undoable step of the studio's history) and trained generator models
 * (their checkpoints are downloaded from the Training view).
 * Reading one checks everything (migrations, zod for the envelope, the
 * pack's own importer, `parseRows`, each part's restore); a bad file
 * changes nothing and says what is wrong.
 */
import { z } from 'zod';
import { describeParseError, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { exportPack, importPackJson } from '../../core/pack/pack';
import type { LevelPack } from '../../core/pack/schema';
import { err, ok, type Result } from '../../core/util/result';
import type { OpenLevel } from '../store/history';
import { formatResults, parseResults } from '../../core/play/results';
import { migrateRecord, recordHistory, type RecordMigration } from '../persistence/migrations';
import { restorePlayLog, savePlayLog } from '../persistence/restore';
import { restoreLabSession, saveLabSession, type LabSession } from '../persistence/sessions';
import { restoreLabModels, saveLabModels } from '../persistence/labModels';
import type { PlaytestRecord } from '../store/playtestSlice';
import type { SavedModel } from '../store/labSlice';
import type { ResultFile } from '../store/playResultsSlice';
import type { PlayerFileText } from '../store/playerDataSlice';
import { MAX_SAVED_PLAYER_FILES, MAX_SAVED_PLAYER_TEXT, type SavedPlayerFile } from '../persistence/players';

export const PROJECT_FORMAT = 'longcat-project';

/**
 * Project file v1 -> v2: v1 held the document only (pack, level, open
 * level); v2 adds the playtest log, the lab session and models and the
 * players' results (none in a v1 file).
 */
const projectV1toV2: RecordMigration = (json) => ({ ...json, version: 2, playtests: null, labSession: null, labModels: null, playerResults: [] });

/**
 * Project file v2 -> v3: v3 adds the attempt files imported in the Players
 * view (`playerAttempts`, name and text each); a v2 file has none.
 */
const projectV2toV3: RecordMigration = (json) => ({ ...json, version: 3, playerAttempts: [] });

export const PROJECT_RECORD = recordHistory('the project file', 3, [1, projectV1toV2], [2, projectV2toV3]);
export const PROJECT_VERSION = PROJECT_RECORD.current;

const ProjectSchema = z.object({
  format: z.literal(PROJECT_FORMAT),
  version: z.literal(PROJECT_VERSION),
  level: z.object({ rows: z.array(z.string().max(16)).max(16), name: z.string().max(200) }),
  openInPack: z.string().min(1).max(100).nullable(),
  pack: z.unknown(),
  // Each in its saved record's shape (null: none); read by that record's restore code.
  playtests: z.unknown(),
  labSession: z.unknown(),
  labModels: z.unknown(),
  playerResults: z.array(z.object({ name: z.string().max(300), text: z.string() })).max(1000),
  // The attempt files imported in the Players view (v3), as the `players` record keeps them.
  playerAttempts: z.array(z.object({ name: z.string().max(400), text: z.string().max(MAX_SAVED_PLAYER_TEXT) })).max(MAX_SAVED_PLAYER_FILES),
});

export interface Project {
  readonly level: Level;
  readonly levelName: string;
  readonly pack: LevelPack;
  readonly open: OpenLevel | null;
  readonly playtests: { readonly records: PlaytestRecord[]; readonly starts: Record<string, number> } | null;
  readonly labSession: LabSession | null;
  readonly labModels: { readonly models: SavedModel[]; readonly activeId: string | null } | null;
  readonly playerResults: ResultFile[];
  readonly playerAttempts: SavedPlayerFile[];
}

/** What a project file holds besides the document. */
export interface ProjectExtras {
  readonly playLog: readonly PlaytestRecord[];
  readonly playStarts: Readonly<Record<string, number>>;
  readonly lab: LabSession;
  readonly savedModels: readonly SavedModel[];
  readonly activeModelId: string | null;
  readonly playResultFiles: readonly ResultFile[];
  /** The Players view's attempt files (a file not yet read into text is left out). */
  readonly playerFiles: readonly PlayerFileText[];
}

/** The project as file text (2-space JSON; the pack inside is exactly its export). */
export function projectText(p: { level: Level; levelName: string; pack: LevelPack; openId: string | null } & ProjectExtras): string {
  const doc = {
    format: PROJECT_FORMAT,
    version: PROJECT_VERSION,
    level: { rows: toRows(p.level), name: p.levelName },
    openInPack: p.openId,
    pack: JSON.parse(exportPack(p.pack)) as unknown,
    playtests: savePlayLog(p.playLog, p.playStarts),
    labSession: saveLabSession(p.lab),
    labModels: saveLabModels(p.savedModels, p.activeModelId),
    playerResults: p.playResultFiles.map((f) => ({ name: f.name, text: formatResults(f.results) })),
    playerAttempts: p.playerFiles.flatMap((f) => (typeof f.text === 'string' ? [{ name: f.name, text: f.text }] : [])),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** True when parsed JSON claims to be a project (so the importer can tell it from a pack). */
export function isProjectJson(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as Record<string, unknown>)['format'] === PROJECT_FORMAT;
}

/** Reads a project file: every problem as "path: message", or the project. */
export function parseProject(text: string): Result<Project, string[]> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return err([`the file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
  const migrated = migrateRecord(PROJECT_RECORD, json);
  if (!migrated.ok) return err([`version: ${migrated.error.replace(/^the project file /, '')}`]);
  const r = ProjectSchema.safeParse(migrated.value);
  if (!r.success) return err(r.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`));
  const pack = importPackJson(r.data.pack);
  if (!pack.ok) return err(pack.error.map((p) => `pack.${p.path}: ${p.message}`));
  const level = parseRows(r.data.level.rows);
  if (!level.ok) return err([`level.rows: ${describeParseError(level.error)}`]);
  const id = r.data.openInPack;
  const openLevel = id === null ? undefined : pack.value.pack.levels.find((l) => l.id === id);
  if (id !== null && openLevel === undefined) return err([`openInPack: no level of the pack has the id ${JSON.stringify(id)}`]);
  let playtests: Project['playtests'] = null;
  if (r.data.playtests !== null) {
    const log = restorePlayLog(r.data.playtests);
    if (!log.ok) return err([`playtests: ${log.error}`]);
    if (log.value.dropped > 0) return err([`playtests: ${log.value.dropped} playtest records are malformed`]);
    playtests = { records: log.value.records, starts: log.value.starts };
  }
  let labSession: LabSession | null = null;
  if (r.data.labSession !== null) {
    const lab = restoreLabSession(r.data.labSession);
    if (!lab.ok) return err([`labSession: ${lab.error}`]);
    labSession = lab.value;
  }
  let labModels: Project['labModels'] = null;
  if (r.data.labModels !== null) {
    const models = restoreLabModels(r.data.labModels);
    if (models.problems.length > 0) return err(models.problems.map((m) => `labModels: ${m}`));
    labModels = { models: models.models, activeId: models.activeId };
  }
  const playerResults: ResultFile[] = [];
  for (const [i, f] of r.data.playerResults.entries()) {
    const results = parseResults(f.text);
    if (!results.ok) return err(results.error.map((m) => `playerResults.${i} (${f.name}): ${m}`));
    playerResults.push({ name: f.name, results: results.value });
  }
  return ok({
    level: level.value,
    levelName: r.data.level.name,
    pack: pack.value.pack,
    open: openLevel === undefined ? null : { id: openLevel.id, baseRows: openLevel.rows, baseName: openLevel.name },
    playtests,
    labSession,
    labModels,
    playerResults,
    playerAttempts: r.data.playerAttempts,
  });
}
