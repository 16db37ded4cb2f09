/**
 * The studio's IndexedDB: one object store of named records (`level`,
 * `pack`, `playtests`, `settings`, `labModels`, `workspace`, `history`, `generatorResults`, `atdResults`,
 * `batchReport`, `labSession`). Values are plain JSON; every read goes
 * through `restore.ts` before it reaches the store.
 */
import { openDB } from 'idb';

export const DB_NAME = 'longcat-studio';
export const DB_VERSION = 1;
export const KV_STORE = 'kv';

export type RecordName = 'level' | 'pack' | 'playtests' | 'settings' | 'labModels' | 'workspace' | 'history' | 'generatorResults' | 'atdResults' | 'batchReport' | 'labSession';

export interface KeyValueStore {
  get(name: RecordName): Promise<unknown>;
  set(name: RecordName, value: unknown): Promise<void>;
}

/** Opens (and creates) the database; rejects when IndexedDB is unavailable. */
export async function openStudioDb(): Promise<KeyValueStore> {
  const db = await openDB(DB_NAME, DB_VERSION, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(KV_STORE)) database.createObjectStore(KV_STORE);
    },
  });
  return {
    get: (name) => db.get(KV_STORE, name),
    set: async (name, value) => {
      await db.put(KV_STORE, value, name);
    },
  };
}

/** An in-memory store (tests, and when IndexedDB is unavailable). */
export function memoryStore(initial: Partial<Record<RecordName, unknown>> = {}): KeyValueStore & { data: Map<RecordName, unknown> } {
  const data = new Map<RecordName, unknown>(Object.entries(initial) as [RecordName, unknown][]);
  return {
    data,
    get: async (name) => structuredClone(data.get(name)),
    set: async (name, value) => {
      data.set(name, structuredClone(value));
    },
  };
}
