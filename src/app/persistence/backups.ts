/**
 * Backups of damaged saved work. When a saved record cannot be restored
 * whole (a pack with one bad level, a history that no longer parses, a
 * corrupt training checkpoint), the raw record is copied here before
 * anything can overwrite it, with the sentences that say what was wrong.
 * A backup stays until the designer dismisses it; it can be downloaded as
 * JSON. Read back through {@link BackupSchema} like every other record.
 */
import { migrateRecord, recordHistory } from './migrations';
import { z } from 'zod';

/** Problems listed per backup (and in every problem list the studio shows): the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;
export const BACKUP_VERSION = 1;
export const BACKUP_RECORD = recordHistory('a backup', BACKUP_VERSION);

export const BackupSchema = z.object({
  version: z.literal(BACKUP_VERSION),
  id: z.string().min(1).max(200),
  /** Which record it is (`pack`, `history`, `checkpoint`, ...). */
  record: z.string().min(1).max(100),
  savedAt: z.string().max(100),
  /** One sentence: what was wrong and what was kept. */
  summary: z.string().max(2000),
  /** The first problems, at most {@link MAX_LISTED_PROBLEMS}. */
  details: z.array(z.string().max(2000)).max(MAX_LISTED_PROBLEMS),
  /** How many problems were not listed. */
  moreDetails: z.number().int().min(0),
  raw: z.unknown(),
});
export type Backup = z.infer<typeof BackupSchema>;
/** A backup without its (possibly large) raw record: what the store and the UI keep. */
export type BackupSummary = Omit<Backup, 'raw'>;

/** The first {@link MAX_LISTED_PROBLEMS} items and how many more there are. */
export function capList<T>(items: readonly T[], max = MAX_LISTED_PROBLEMS): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

let sequence = 0;

/** A new backup of `raw` (a copy is made when it is stored). */
export function makeBackup(record: string, summary: string, problems: readonly string[], raw: unknown, now = new Date()): Backup {
  const { shown, more } = capList(problems);
  const id = `${now.toISOString()}-${record}-${(sequence++).toString(36)}`;
  return { version: BACKUP_VERSION, id, record, savedAt: now.toISOString(), summary, details: shown, moreDetails: more, raw };
}

export function summarize(b: Backup): BackupSummary {
  const { raw: _raw, ...rest } = b;
  return rest;
}

/**
 * The stored backups, parsed, newest first. An entry that is not a backup
 * (hand-edited, corrupt) is still listed, with the raw value kept, so it
 * can be downloaded or dismissed like any other.
 */
export function parseBackups(stored: ReadonlyMap<string, unknown>): BackupSummary[] {
  const out: BackupSummary[] = [];
  for (const [id, value] of stored) {
    const migrated = migrateRecord(BACKUP_RECORD, value);
    const r = BackupSchema.safeParse(migrated.ok ? migrated.value : value);
    if (r.success && r.data.id === id) out.push(summarize(r.data));
    else out.push({ version: BACKUP_VERSION, id, record: 'unknown', savedAt: '', summary: 'A backup whose description cannot be read; download it to see what it holds.', details: [], moreDetails: 0 });
  }
  return out.sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
}

/** The raw record as JSON text for download (typed arrays as plain lists, Infinity as null). */
export function backupText(value: unknown): string {
  return `${JSON.stringify(
    value,
    (_key, v: unknown) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v),
    2,
  )}\n`;
}
