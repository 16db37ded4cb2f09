/**
 * The studio's IndexedDB: one object store of named records (`level`,
 * `pack`, `playtests`, `settings`, `labModels`, `workspace`, `history`, `generatorResults`, `atdResults`,
 * `batchReport`, `labSession`, `players`) and, beside them, backups of damaged records
 * (keys `backup:<id>`, see `backups.ts`). Values are plain JSON (a backup may
 * hold typed arrays); every read goes through `restore.ts` before it reaches
 * the store.
 *
 * Several tabs: the connection closes itself when another tab opens a newer
 * version of the database (`versionchange`), and says so through
 * `onClosed`, so the other tab's upgrade is never blocked by this one; when
 * this tab's open is blocked by an older tab, `onBlocked` says so.
 *
 * Each record is written with its stamp (key `stamp:<name>`, in the same
 * transaction): when the change it holds was made. A journal entry
 * (`journal.ts`) is read over the record only when its stamp is newer.
 */
import { openDB } from 'idb';
import { nextStamp } from './journal';

export const DB_NAME = 'longcat-studio';
export const DB_VERSION = 1;
export const KV_STORE = 'kv';
/** Key prefix of backups in {@link KV_STORE}. */
export const BACKUP_PREFIX = 'backup:';
/** Key prefix of the records' stamps in {@link KV_STORE}. */
export const STAMP_PREFIX = 'stamp:';

export type RecordName = 'level' | 'pack' | 'playtests' | 'settings' | 'labModels' | 'workspace' | 'history' | 'generatorResults' | 'atdResults' | 'batchReport' | 'labSession' | 'players';

export const RECORD_NAMES: readonly RecordName[] = ['level', 'pack', 'playtests', 'settings', 'labModels', 'workspace', 'history', 'generatorResults', 'atdResults', 'batchReport', 'labSession', 'players'];

export interface KeyValueStore {
  get(name: RecordName): Promise<unknown>;
  /** Writes `value` with its stamp (when the change was made; default now), both or neither. */
  set(name: RecordName, value: unknown, stamp?: number): Promise<void>;
  /** The stamp `name` was last written with; null when it has none (written before stamps, or never). */
  stamp(name: RecordName): Promise<number | null>;
  remove(name: RecordName): Promise<void>;
  /** Every backup as stored (untrusted: `backups.ts` parses them), by id. */
  backups(): Promise<Map<string, unknown>>;
  putBackup(id: string, value: unknown): Promise<void>;
  removeBackup(id: string): Promise<void>;
  /** The journal's copies kept here (`journalMirror.ts`): stamped texts by record. Optional (a store without them keeps none). */
  journalTexts?(): Promise<Map<RecordName, string>>;
  /** Puts (text) and removes (null) journal copies, in one transaction. */
  writeJournal?(changes: readonly (readonly [RecordName, string | null])[]): Promise<void>;
}

/** Key prefix of the journal's copies in {@link KV_STORE} (`journalMirror.ts`). */
export const JOURNAL_COPY_PREFIX = 'journal:';

/** The stamp at the head of a journal copy's text (`@<ms>` line), or null. */
function copyStamp(text: unknown): number | null {
  if (typeof text !== 'string' || !text.startsWith('@')) return null;
  const n = Number(text.slice(1, text.indexOf('\n')));
  return Number.isSafeInteger(n) ? n : null;
}

/** A record written with `stamp` makes its journal copy stale unless the copy is newer (a later change). */
const copyIsStale = (text: unknown, stamp: number): boolean => {
  const at = copyStamp(text);
  return at === null || at <= stamp;
};

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
    set: async (name, value, stamp = nextStamp()) => {
      live();
      const tx = db.transaction(KV_STORE, 'readwrite');
      // The record's journal copy goes in the same transaction, unless it holds a later change.
      const copy = tx.store.get(JOURNAL_COPY_PREFIX + name).then((text) => (text !== undefined && copyIsStale(text, stamp) ? tx.store.delete(JOURNAL_COPY_PREFIX + name) : undefined));
      await Promise.all([tx.store.put(value, name), tx.store.put(stamp, STAMP_PREFIX + name), copy, tx.done]);
    },
    stamp: async (name) => {
      live();
      const v: unknown = await db.get(KV_STORE, STAMP_PREFIX + name);
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    },
    remove: async (name) => {
      live();
      const tx = db.transaction(KV_STORE, 'readwrite');
      await Promise.all([tx.store.delete(name), tx.store.put(Date.now(), STAMP_PREFIX + name), tx.done]);
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
    journalTexts: async () => {
      live();
      const range = IDBKeyRange.bound(JOURNAL_COPY_PREFIX, `${JOURNAL_COPY_PREFIX}\uffff`);
      const tx = db.transaction(KV_STORE);
      const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
      const out = new Map<RecordName, string>();
      keys.forEach((k, i) => {
        const name = String(k).slice(JOURNAL_COPY_PREFIX.length) as RecordName;
        if (RECORD_NAMES.includes(name) && typeof values[i] === 'string') out.set(name, values[i] as string);
      });
      return out;
    },
    writeJournal: async (changes) => {
      live();
      const tx = db.transaction(KV_STORE, 'readwrite');
      await Promise.all([...changes.map(([name, text]) => (text === null ? tx.store.delete(JOURNAL_COPY_PREFIX + name) : tx.store.put(text, JOURNAL_COPY_PREFIX + name))), tx.done]);
    },
  };
}

/** An in-memory store (tests, and when IndexedDB is unavailable). */
export function memoryStore(initial: Partial<Record<RecordName, unknown>> = {}): KeyValueStore & Required<Pick<KeyValueStore, 'journalTexts' | 'writeJournal'>> & { data: Map<RecordName, unknown>; saved: Map<string, unknown>; stamps: Map<RecordName, number>; copies: Map<RecordName, string> } {
  const data = new Map<RecordName, unknown>(Object.entries(initial) as [RecordName, unknown][]);
  const saved = new Map<string, unknown>();
  const stamps = new Map<RecordName, number>();
  const copies = new Map<RecordName, string>();
  return {
    data,
    saved,
    stamps,
    copies,
    get: async (name) => structuredClone(data.get(name)),
    set: async (name, value, stamp = nextStamp()) => {
      data.set(name, structuredClone(value));
      stamps.set(name, stamp);
      if (copies.has(name) && copyIsStale(copies.get(name), stamp)) copies.delete(name);
    },
    journalTexts: async () => new Map(copies),
    writeJournal: async (changes) => {
      for (const [name, text] of changes) {
        if (text === null) copies.delete(name);
        else copies.set(name, text);
      }
    },
    stamp: async (name) => stamps.get(name) ?? null,
    remove: async (name) => {
      data.delete(name);
      stamps.set(name, Date.now());
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
