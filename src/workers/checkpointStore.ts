/**
 * Training checkpoints in IndexedDB (usable from the worker): the storage
 * adapter for the one checkpoint format of `src/ml/checkpoint.ts`, one record
 * per slot. Records written before that format (settings, budget and history
 * at the top level) are read back in the current shape
 * (`migrateCheckpointRecord`, beside the session's schema in
 * `training.protocol.ts`); the checkpoint schema then parses whatever was
 * found.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { CheckpointStorage } from '../ml/checkpoint';
import { migrateCheckpointRecord } from './training.protocol';

const DB = 'longcat-training';
const STORE = 'checkpoints';

let db: Promise<IDBPDatabase> | undefined;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
    },
    // Another tab opens a newer version: close rather than block it (the next use opens again, and says why if it cannot).
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      db = undefined;
    },
    terminated() {
      db = undefined;
    },
  });
  return db;
}

/** The IndexedDB slot `slot` as {@link CheckpointStorage}. */
export function idbCheckpointStorage(slot: string): CheckpointStorage {
  return {
    async write(c) {
      await (await open()).put(STORE, c, slot);
    },
    async read() {
      return migrateCheckpointRecord(await (await open()).get(STORE, slot));
    },
    async remove() {
      await (await open()).delete(STORE, slot);
    },
  };
}
