/**
 * Every kind of record the studio saves in the browser, with its version
 * history in one place (the pattern of `core/pack/migrations.ts`, which
 * keeps the pack's own chain; tldraw keeps a record's versions and
 * migrations beside its type the same way). A record is read as: its
 * `version` -> the upgrade steps from it to the current version -> the
 * kind's zod schema (in `restore.ts`, `workspace.ts`, `sessions.ts`,
 * `labModels.ts`, `layoutPrefs.ts`, `backups.ts`). So a record saved by any
 * earlier build loads; one from a newer build (or with no version) is
 * refused with a sentence, and the caller keeps it as a backup.
 *
 * Adding a version: write the step `[v, fromVn]` (raw JSON of version v in,
 * version v + 1 out; it runs on untrusted input, so it leaves what it does
 * not understand for the schema to report), bump `current`, change the
 * schema and the writer, and add the old shape to `migrations.test.ts`.
 */
import { err, ok, type Result } from '../../core/util/result';
import type { RecordName } from './db';

/** Record kinds with a version chain here: the IndexedDB records but the pack (whose chain is `core/pack/migrations.ts`), layout prefs (localStorage), backups, and the project file (Ctrl+S). */
export type RecordKind = Exclude<RecordName, 'pack'> | 'layout' | 'backup' | 'project';

/** One upgrade step: the JSON object of version `v` in, that of `v + 1` out. */
export type RecordMigration = (json: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export interface RecordHistory {
  /** "the saved settings": how messages name the record. */
  readonly label: string;
  /** The version this build writes and the highest it reads. */
  readonly current: number;
  /** Steps keyed by the version they upgrade from (1 -> 2 under key 1). */
  readonly steps: ReadonlyMap<number, RecordMigration>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Playtest log v1 -> v2: the first builds saved `{ version: 1, records }`;
 * counting playtest starts per level added `starts`, which v1 logs may
 * lack. v2 always has it (none counted: `{}`).
 */
const playtestsV1toV2: RecordMigration = (json) => ({ ...json, version: 2, starts: json['starts'] ?? {} });

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

const chain = (...steps: [number, RecordMigration][]): ReadonlyMap<number, RecordMigration> => new Map(steps);

/** The history of every record kind. */
export const RECORD_HISTORY: Readonly<Record<RecordKind, RecordHistory>> = {
  level: { label: 'the saved level', current: 1, steps: chain() },
  playtests: { label: 'the saved playtest log', current: 2, steps: chain([1, playtestsV1toV2]) },
  settings: { label: 'the saved settings', current: 1, steps: chain() },
  labModels: { label: 'the saved difficulty models', current: 1, steps: chain() },
  workspace: { label: 'the saved workspace', current: 3, steps: chain([1, workspaceV1toV2], [2, workspaceV2toV3]) },
  history: { label: 'the saved undo history', current: 1, steps: chain() },
  generatorResults: { label: 'the saved generator results', current: 1, steps: chain() },
  atdResults: { label: 'the saved at-difficulty results', current: 1, steps: chain() },
  batchReport: { label: 'the saved batch report', current: 1, steps: chain() },
  labSession: { label: 'the saved lab session', current: 1, steps: chain() },
  players: { label: "the saved players' data", current: 1, steps: chain() },
  layout: { label: 'the saved layout', current: 1, steps: chain() },
  backup: { label: 'a backup', current: 1, steps: chain() },
  project: { label: 'the project file', current: 3, steps: chain([1, projectV1toV2], [2, projectV2toV3]) },
};

/** The version `kind` is written with. */
export const recordVersion = (kind: RecordKind): number => RECORD_HISTORY[kind].current;

/**
 * `json` upgraded to the current version of `kind` (its `version` is then
 * current), or a sentence: not an object, no whole version number, a
 * version newer than this build, a missing step, or a step that threw.
 * Never throws. `history` is a parameter so tests can run a made-up chain.
 */
export function migrateRecord(kind: RecordKind, json: unknown, history: RecordHistory = RECORD_HISTORY[kind]): Result<Record<string, unknown>, string> {
  const { label, current, steps } = history;
  if (!isObject(json)) return err(`${label} is not in a format this version reads (not an object)`);
  const version = json['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return err(`${label} is not in a format this version reads (no version number)`);
  if (version > current) return err(`${label} was made by a newer version of Longcat Studio (version ${version}; this build reads up to ${current})`);
  let out: Record<string, unknown> = json;
  for (let from = version; from < current; from++) {
    const step = steps.get(from);
    if (step === undefined) return err(`${label} is version ${from}, which this build cannot upgrade`);
    try {
      out = step(out);
    } catch (e) {
      return err(`${label} could not be upgraded from version ${from} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return ok(out);
}
