/**
 * The version runner of every record the studio saves in the browser. Each
 * record's history (its label, current version and upgrade steps) lives
 * beside its zod schema, as the pack's chain lives beside the pack's
 * (`core/pack/migrations.ts`): `restore.ts` (level, playtests, settings),
 * `workspace.ts` (workspace, history, generator and at-difficulty results),
 * `sessions.ts` (batch report, lab session), `labModels.ts`, `players.ts`,
 * `layoutPrefs.ts`, `backups.ts` and `files/project.ts`. A record is read
 * as: its `version` -> the upgrade steps from it to the current version ->
 * its schema. So a record saved by any earlier build loads; one from a
 * newer build (or with no version) is refused with a sentence, and the
 * caller keeps it as a backup.
 *
 * Adding a version: write the step `[v, fromVn]` beside the schema (raw
 * JSON of version v in, version v + 1 out; it runs on untrusted input, so
 * it leaves what it does not understand for the schema to report), bump
 * `current` in its `recordHistory`, change the schema and the writer, and
 * add the old shape to the record's tests (`migrations.test.ts` checks
 * that every kind's chain is complete).
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

/** A record's history: its label, the version this build writes, and the steps from each older one. */
export function recordHistory(label: string, current: number, ...steps: [number, RecordMigration][]): RecordHistory {
  return { label, current, steps: new Map(steps) };
}

/**
 * `json` upgraded to the current version of its record (its `version` is then
 * current), or a sentence: not an object, no whole version number, a
 * version newer than this build, a missing step, or a step that threw.
 * Never throws.
 */
export function migrateRecord(history: RecordHistory, json: unknown): Result<Record<string, unknown>, string> {
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
