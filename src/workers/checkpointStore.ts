/**
 * Training checkpoints in IndexedDB (usable from the worker): the model files,
 * Adam's state, the counters and the settings, under one key per slot. Loads
 * are validated by `modelFromFiles` before use.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { ModelFiles } from '../ml/modelFiles';

export interface StoredCheckpoint {
  readonly files: ModelFiles;
  readonly optimizer: { readonly manifest: { name: string; shape: number[] }[]; readonly values: Float32Array } | null;
  readonly settings: unknown;
  /** The run's budget, so a resumed run keeps its epsilon schedule (absent in older checkpoints). */
  readonly budget?: { readonly minutes?: number; readonly episodes?: number; readonly envSteps?: number };
  /** Progress points for the charts (absent in older checkpoints). */
  readonly history?: readonly unknown[];
  readonly savedAt: string;
}

const DB = 'longcat-training';
const STORE = 'checkpoints';

let db: Promise<IDBPDatabase> | undefined;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
    },
  });
  return db;
}

export async function saveCheckpoint(slot: string, c: StoredCheckpoint): Promise<void> {
  await (await open()).put(STORE, c, slot);
}

export async function loadCheckpoint(slot: string): Promise<StoredCheckpoint | undefined> {
  return (await (await open()).get(STORE, slot)) as StoredCheckpoint | undefined;
}

export async function deleteCheckpoint(slot: string): Promise<void> {
  await (await open()).delete(STORE, slot);
}
