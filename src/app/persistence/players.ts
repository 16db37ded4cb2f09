/**
 * Players' data across reloads (record `players`) and in the project file:
 * the attempt files imported in the Players view (attempts CSV, results
 * files, analytics exports; the text as imported, rated again against the
 * pack once restored) and the play-results files the predictor lab pooled.
 * Both are records of the designer's work: the files are the data, so the
 * text is what is kept, never a rating made from it (ratings follow the
 * pack and the active model).
 *
 * Read back like every record: its version chain (`PLAYERS_RECORD`), a zod
 * schema for the shape, then each results file through `parseResults`; a
 * file that does not pass is set aside (counted in `dropped`) and the rest
 * is kept.
 */
import { z } from 'zod';
import { parseResults, formatResults } from '../../core/play/results';
import { err, ok, type Result } from '../../core/util/result';
import type { PlayerFileText } from '../store/playerDataSlice';
import type { ResultFile } from '../store/playResultsSlice';
import { migrateRecord, recordHistory } from './migrations';

/** Most files of each kind kept (the players worker reads at most 200 per rating). */
export const MAX_SAVED_PLAYER_FILES = 200;
/** Most characters of one saved attempts file (a bigger one is refused when saved, with a message, rather than cut). */
export const MAX_SAVED_PLAYER_TEXT = 64 * 1024 * 1024;

const FileSchema = z.object({ name: z.string().max(400), text: z.string() });

export const PLAYERS_RECORD = recordHistory("the saved players' data", 1);

const PlayersSchema = z.object({
  version: z.literal(PLAYERS_RECORD.current),
  attempts: z.array(z.unknown()).max(MAX_SAVED_PLAYER_FILES),
  results: z.array(z.unknown()).max(MAX_SAVED_PLAYER_FILES),
});

/** A file's text as saved: only text is kept (a file still held as a Blob is read before it is stored, see the controller). */
export interface SavedPlayerFile {
  readonly name: string;
  readonly text: string;
}

/** The `players` record, or null when there is nothing to keep. */
export function savePlayers(attempts: readonly PlayerFileText[], results: readonly ResultFile[]): unknown {
  if (attempts.length === 0 && results.length === 0) return null;
  return {
    version: PLAYERS_RECORD.current,
    // A Blob not yet read is not text: it is saved once the controller has read it (it replaces the Blob then).
    attempts: attempts.flatMap((f) => (typeof f.text === 'string' ? [{ name: f.name, text: f.text }] : [])),
    results: results.map((f) => ({ name: f.name, text: formatResults(f.results) })),
  };
}

export interface RestoredPlayers {
  readonly attempts: SavedPlayerFile[];
  readonly results: ResultFile[];
  /** Files set aside (malformed), each with a sentence. */
  readonly dropped: string[];
}

/** The saved players' data; null (none saved) restores as empty. Files that do not pass are set aside one by one. */
export function restorePlayers(json: unknown): Result<RestoredPlayers, string> {
  if (json === null) return ok({ attempts: [], results: [], dropped: [] });
  const migrated = migrateRecord(PLAYERS_RECORD, json);
  if (!migrated.ok) return err(migrated.error);
  const r = PlayersSchema.safeParse(migrated.value);
  if (!r.success) return err("the saved players' data is not in a format this version reads");
  const dropped: string[] = [];
  const attempts: SavedPlayerFile[] = [];
  for (const [i, raw] of r.data.attempts.entries()) {
    const f = FileSchema.safeParse(raw);
    if (!f.success) dropped.push(`attempts file ${i + 1} is not a name and a text`);
    else if (f.data.text.length > MAX_SAVED_PLAYER_TEXT) dropped.push(`attempts file “${f.data.name}” is over ${MAX_SAVED_PLAYER_TEXT.toLocaleString('en')} characters`);
    else attempts.push(f.data);
  }
  const results: ResultFile[] = [];
  for (const [i, raw] of r.data.results.entries()) {
    const f = FileSchema.safeParse(raw);
    if (!f.success) {
      dropped.push(`results file ${i + 1} is not a name and a text`);
      continue;
    }
    const parsed = parseResults(f.data.text);
    if (parsed.ok) results.push({ name: f.data.name, results: parsed.value });
    else dropped.push(`results file “${f.data.name}”: ${parsed.error[0] ?? 'unreadable'}`);
  }
  return ok({ attempts, results, dropped });
}
