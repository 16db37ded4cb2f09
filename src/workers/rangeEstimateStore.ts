/**
 * Generate at difficulty's reachable-range estimates kept across reloads.
 * An estimate is the costliest part of a paint 8x8 request (1,000 evaluations
 * of the hardest, largest graphs), and it is the same for
 * every request with the same ruleset, size, pins and difficulty model
 * (its budget is evaluations, its seeds fixed), so the studio keeps each one
 * it computes in its own IndexedDB database (`longcat-ranges`, store
 * `estimates`) and a new worker reads it back instead of computing again.
 *
 * The key is the model's content id (`modelId`) and the estimate's key
 * (`rangeKey`: ruleset, size, budget, pins). Each record also holds both
 * keys, the record format and the estimator's version
 * (`RANGE_ESTIMATE_VERSION`); a record is used only when all of them match
 * and its walks fit the size. Estimates are derived data: a record that does
 * not pass (corrupt, another version, another key) is ignored, computed
 * again and overwritten, never reported. The core stays pure: it only hands
 * estimates in and out (`ReachableRanges.remember`, `onComputed`).
 */
import { openDB } from 'idb';
import { z } from 'zod';
import { RANGE_ESTIMATE_VERSION, type ReachableEstimate, type ReachableRanges } from '../core/generators/atDifficulty';

export const RANGES_DB = 'longcat-ranges';
export const ESTIMATES_STORE = 'estimates';
/** The record's own format (the estimate's meaning is versioned by RANGE_ESTIMATE_VERSION). */
export const RANGE_RECORD_FORMAT = 1;

const count = z.number().int().min(0);

export const RangeRecordSchema = z.object({
  format: z.literal(RANGE_RECORD_FORMAT),
  estimator: z.literal(RANGE_ESTIMATE_VERSION),
  /** The difficulty model's content id (`modelId`). */
  model: z.string().min(1),
  /** The estimate's key (`rangeKey`). */
  range: z.string().min(1),
  estimate: z
    .object({
      min: z.number().finite(),
      max: z.number().finite(),
      elites: z.array(z.object({ start: count, dirs: z.array(z.number().int().min(0).max(3)) })),
      evaluations: count,
      keptPins: count,
    })
    .refine((e) => e.min <= e.max && e.keptPins <= e.evaluations, 'min above max, or more walks kept the pins than were tried'),
});
export type RangeRecord = z.infer<typeof RangeRecordSchema>;

/** Raw storage: what is under an id, and writing one. Never trusted: every read goes through {@link usableRecord}. */
export interface RangeEstimateStore {
  read(id: string): Promise<unknown>;
  write(id: string, record: RangeRecord): Promise<void>;
}

/** The storage id of one estimate of one model. */
export const recordId = (model: string, range: string): string => `${model}|${range}`;

export function rangeRecord(model: string, range: string, e: ReachableEstimate): RangeRecord {
  return {
    format: RANGE_RECORD_FORMAT,
    estimator: RANGE_ESTIMATE_VERSION,
    model,
    range,
    estimate: { min: e.min, max: e.max, elites: e.elites.map((w) => ({ start: w.start, dirs: [...w.dirs] })), evaluations: e.evaluations, keptPins: e.keptPins },
  };
}

/** A stored record as an estimate for `model`, `range` and a grid of `cells` cells; null when it is not usable. */
export function usableRecord(raw: unknown, model: string, range: string, cells: number): ReachableEstimate | null {
  const r = RangeRecordSchema.safeParse(raw);
  if (!r.success) return null;
  const { model: m, range: k, estimate } = r.data;
  if (m !== model || k !== range) return null;
  if (estimate.elites.some((w) => w.start >= cells)) return null;
  return estimate;
}

/**
 * The persistent side of one worker's estimates: `prepare` puts a stored
 * estimate into the model's {@link ReachableRanges} before a request runs;
 * `computed` (the RangeCache's `onComputed`) stores each new one. With no
 * store (no IndexedDB: Node, a private window that refuses it) both do
 * nothing and estimates live as long as the worker.
 */
export interface RangeKeeper {
  prepare(ranges: ReachableRanges, model: string, range: string, cells: number): Promise<void>;
  computed(model: string, range: string, estimate: ReachableEstimate): void;
  /** Resolves when every write asked for so far has finished (tests). */
  settled(): Promise<void>;
}

export function rangeKeeper(store: () => Promise<RangeEstimateStore | null>): RangeKeeper {
  let opened: Promise<RangeEstimateStore | null> | undefined;
  const open = (): Promise<RangeEstimateStore | null> => (opened ??= store().catch(() => null));
  let writes: Promise<void> = Promise.resolve();
  return {
    async prepare(ranges, model, range, cells) {
      if (ranges.has(range)) return;
      const s = await open();
      if (s === null) return;
      let raw: unknown;
      try {
        raw = await s.read(recordId(model, range));
      } catch {
        return; // Unreadable: computed (and written) as if never stored.
      }
      const estimate = usableRecord(raw, model, range, cells);
      if (estimate !== null && !ranges.has(range)) ranges.remember(range, estimate);
    },
    computed(model, range, estimate) {
      const record = rangeRecord(model, range, estimate);
      writes = writes.then(async () => {
        const s = await open();
        try {
          await s?.write(recordId(model, range), record);
        } catch {
          // Not kept (full disk, closed): computed again by the next worker.
        }
      });
    },
    settled: () => writes,
  };
}

/** The store in this browser's IndexedDB; null where IndexedDB cannot be opened. */
export async function openRangeEstimateStore(): Promise<RangeEstimateStore | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = openDB(RANGES_DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(ESTIMATES_STORE)) d.createObjectStore(ESTIMATES_STORE);
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
    },
  });
  await db;
  return {
    read: async (id) => (await db).get(ESTIMATES_STORE, id),
    write: async (id, record) => {
      await (await db).put(ESTIMATES_STORE, record, id);
    },
  };
}

/** An in-memory store (tests): `data` holds the raw records, `reads` counts lookups. */
export function memoryRangeStore(): RangeEstimateStore & { data: Map<string, unknown>; reads: number } {
  const data = new Map<string, unknown>();
  const s = {
    data,
    reads: 0,
    read: async (id: string) => {
      s.reads++;
      return structuredClone(data.get(id));
    },
    write: async (id: string, record: RangeRecord) => {
      data.set(id, structuredClone(record));
    },
  };
  return s;
}
