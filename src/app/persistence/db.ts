/**
 * The studio's IndexedDB: one object store of named records (`level`,
 * `pack`, `playtests`, `settings`, `labModels`, `workspace`, `history`, `generatorResults`, `atdResults`,
 * `batchReport`, `labSession`) and, beside them, backups of damaged records
 * (keys `backup:<id>`, see `backups.ts`). Values are plain JSON (a backup may
 * hold typed arrays); every read goes through `restore.ts` before it reaches
 * the store.
 *
 * Several tabs: the connection closes itself when another tab opens a newer
 * version of the database (`versionchange`), and says so through
 * `onClosed`, so the other tab's upgrade is never blocked by this one; when
 * this tab's open is blocked by an older tab, `onBlocked` says so.
 */
import { openDB } from 'idb';

export const DB_NAME = 'longcat-studio';
export const DB_VERSION = 1;
export const KV_STORE = 'kv';
/** Key prefix of backups in {@link KV_STORE}. */
export const BACKUP_PREFIX = 'backup:';

export type RecordName = 'level' | 'pack' | 'playtests' | 'settings' | 'labModels' | 'workspace' | 'history' | 'generatorResults' | 'atdResults' | 'batchReport' | 'labSession';

export const RECORD_NAMES: readonly RecordName[] = ['level', 'pack', 'playtests', 'settings', 'labModels', 'workspace', 'history', 'generatorResults', 'atdResults', 'batchReport', 'labSession'];

export interface KeyValueStore {
  get(name: RecordName): Promise<unknown>;
  set(name: RecordName, value: unknown): Promise<void>;
  remove(name: RecordName): Promise<void>;
  /** Every backup as stored (untrusted: `backups.ts` parses them), by id. */
  backups(): Promise<Map<string, unknown>>;
  putBackup(id: string, value: unknown): Promise<void>;
  removeBackup(id: string): Promise<void>;
}

export interface OpenOptions {
  /** Another tab opened a newer version: this connection is closed; saving stops. */
  onClosed?: (reason: string) => void;
  /** This tab's open waits for an older tab to close its connection. */
  onBlocked?: () => void;
}

/** Opens (and creates) the database; rejects when IndexedDB is unavailable. */
export async function openStudioDb(options: OpenOptions = {}): Promise<KeyValueStore> {
  let closed: string | null = null;
  const db = await openDB(DB_NAME, DB_VERSION, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(KV_STORE)) database.createObjectStore(KV_STORE);
    },
    blocked: () => options.onBlocked?.(),
    blocking: () => {
      // A newer version is being opened elsewhere: let it through rather than block it.
      db.close();
      closed = 'the studio was opened in a newer version in another tab';
      options.onClosed?.(closed);
    },
    terminated: () => {
      closed = 'the browser closed the database';
      options.onClosed?.(closed);
    },
  });
  const live = (): void => {
    if (closed !== null) throw new Error(`not saved: ${closed}`);
  };
  return {
    get: async (name) => (live(), db.get(KV_STORE, name)),
    set: async (name, value) => {
      live();
      await db.put(KV_STORE, value, name);
    },
    remove: async (name) => {
      live();
      await db.delete(KV_STORE, name);
    },
    backups: async () => {
      live();
      const range = IDBKeyRange.bound(BACKUP_PREFIX, `${BACKUP_PREFIX}\uffff`);
      const tx = db.transaction(KV_STORE);
      const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
      return new Map(keys.map((k, i) => [String(k).slice(BACKUP_PREFIX.length), values[i]]));
    },
    putBackup: async (id, value) => {
      live();
      await db.put(KV_STORE, value, BACKUP_PREFIX + id);
    },
    removeBackup: async (id) => {
      live();
      await db.delete(KV_STORE, BACKUP_PREFIX + id);
    },
  };
}

/** An in-memory store (tests, and when IndexedDB is unavailable). */
export function memoryStore(initial: Partial<Record<RecordName, unknown>> = {}): KeyValueStore & { data: Map<RecordName, unknown>; saved: Map<string, unknown> } {
  const data = new Map<RecordName, unknown>(Object.entries(initial) as [RecordName, unknown][]);
  const saved = new Map<string, unknown>();
  return {
    data,
    saved,
    get: async (name) => structuredClone(data.get(name)),
    set: async (name, value) => {
      data.set(name, structuredClone(value));
    },
    remove: async (name) => {
      data.delete(name);
    },
    backups: async () => new Map([...saved].map(([k, v]) => [k, structuredClone(v)])),
    putBackup: async (id, value) => {
      saved.set(id, structuredClone(value));
    },
    removeBackup: async (id) => {
      saved.delete(id);
    },
  };
}
