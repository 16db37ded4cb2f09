/**
 * Layout preferences (the width the designer dragged the graph column to).
 * Kept in localStorage rather than with the work in IndexedDB: they are not
 * part of a project, and a synchronous read lets the first paint already
 * have the right layout. Read through a schema like every saved record; a
 * bad or missing value gives the default layout.
 */
import { migrateRecord, recordHistory } from './migrations';
import { z } from 'zod';

const KEY = 'longcat-studio.layout';

export const LAYOUT_RECORD = recordHistory('the saved layout', 1);

const LayoutPrefsSchema = z.object({
  version: z.literal(LAYOUT_RECORD.current),
  /** Width of the studio's right column (gauge and graph), CSS px; null for the default share. */
  graphColumnWidth: z.number().int().min(100).max(10_000).nullable(),
});

export type LayoutPrefs = z.infer<typeof LayoutPrefsSchema>;

export const DEFAULT_LAYOUT: LayoutPrefs = { version: 1, graphColumnWidth: null };

/** The saved preferences, or the defaults when there are none or they do not parse. */
export function readLayoutPrefs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LayoutPrefs {
  try {
    const raw = storage?.getItem(KEY);
    if (raw === null || raw === undefined) return DEFAULT_LAYOUT;
    const migrated = migrateRecord(LAYOUT_RECORD, JSON.parse(raw));
    if (!migrated.ok) return DEFAULT_LAYOUT;
    const parsed = LayoutPrefsSchema.safeParse(migrated.value);
    return parsed.success ? parsed.data : DEFAULT_LAYOUT;
  } catch {
    // Storage refused (privacy mode) or not JSON: the default layout.
    return DEFAULT_LAYOUT;
  }
}

/** Saves the preferences; false when the browser refuses (the layout then lasts for this page only). */
export function writeLayoutPrefs(prefs: LayoutPrefs, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): boolean {
  try {
    storage?.setItem(KEY, JSON.stringify(LayoutPrefsSchema.parse(prefs)));
    return storage !== undefined;
  } catch {
    return false;
  }
}
