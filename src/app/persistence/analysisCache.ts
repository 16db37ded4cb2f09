/**
 * Pack levels' features kept across reloads: each analysis the pack's
 * background worker finishes is stored in its own IndexedDB database
 * (`longcat-analysis`, store `features`), keyed by the ruleset and the
 * level's grid (`featureKey`), with the engine's feature version. After a
 * reload the pack's levels are looked up there first and only the others are
 * analysed again, so a pack of thousands shows every number at once.
 *
 * Difficulty is not stored: it is derived from the features by the active
 * model whenever it is shown (`selectPackLevelDifficulty`), so a new or
 * refitted model never meets a stale difficulty. The features are derived
 * data, never the designer's work: an entry that does not pass its schema,
 * or was made by another engine version, is ignored (analysed again and
 * overwritten), never reported.
 */
import { openDB } from 'idb';
import { z } from 'zod';
import type { LevelFeatures } from '../../core/graph/features';
import { GeneratedLevelSchema } from './workspace';

export const ANALYSIS_DB = 'longcat-analysis';
export const FEATURES_STORE = 'features';
/**
 * The engine's feature version: bump it when a change to the engine gives a
 * level other features (a fix to the classifier, a new feature), so stored
 * ones are analysed again.
 */
export const ENGINE_FEATURES_VERSION = 1;

/** Entries per IndexedDB transaction (reads and writes), each chunk in a task of its own. */
const CHUNK = 250;

const EntrySchema = z.object({
  engine: z.literal(ENGINE_FEATURES_VERSION),
  /** The state cap the analysis ran under (a level past it has no features: null). */
  cap: z.number().int().min(1),
  features: GeneratedLevelSchema.shape.features.nullable(),
});

export interface AnalysisCache {
  /** The stored features of `keys` valid under `stateCap` (null: past that cap), by key. */
  lookup(keys: readonly string[], stateCap: number): Promise<Map<string, LevelFeatures | null>>;
  /** Stores finished analyses (made under `stateCap`). Never throws: a full disk only means they are analysed again. */
  store(found: ReadonlyMap<string, LevelFeatures | null>, stateCap: number): Promise<void>;
}

/** A stored entry as valid for `stateCap`: its features, null (past the cap), or undefined (not usable). */
export function usableEntry(raw: unknown, stateCap: number): LevelFeatures | null | undefined {
  const r = EntrySchema.safeParse(raw);
  if (!r.success) return undefined;
  const { cap, features } = r.data;
  // Past the cap under which it was made: only true for that same cap (a bigger one may finish it).
  if (features === null) return cap === stateCap ? null : undefined;
  // Whole features stay true under any cap that holds their states.
  return features.nStates <= stateCap ? (features as LevelFeatures) : undefined;
}

const entry = (features: LevelFeatures | null, stateCap: number) => ({ engine: ENGINE_FEATURES_VERSION, cap: stateCap, features });

/** The cache in this browser's IndexedDB; null where IndexedDB cannot be opened (then nothing is kept). */
export async function openAnalysisCache(): Promise<AnalysisCache | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const db = await openDB(ANALYSIS_DB, 1, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(FEATURES_STORE)) database.createObjectStore(FEATURES_STORE);
      },
      blocking: () => db.close(),
    });
    /** The keys stored (read once, then kept up to date here): a level never analysed costs no lookup. */
    const known = new Set<string>();
    try {
      for (const k of await db.getAllKeys(FEATURES_STORE)) if (typeof k === 'string') known.add(k);
    } catch {
      // Unreadable: every lookup misses; levels are analysed (and stored) as before.
    }
    /** Entries waiting to be written, written a chunk per transaction, each in a task of its own (after the page's own work). */
    const queue: [string, unknown][] = [];
    let writing: Promise<void> | null = null;
    const drain = async (): Promise<void> => {
      while (queue.length > 0) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const chunk = queue.splice(0, CHUNK);
        try {
          const tx = db.transaction(FEATURES_STORE, 'readwrite');
          await Promise.all([...chunk.map(([k, v]) => tx.store.put(v, k)), tx.done]);
        } catch {
          // Not kept (full disk, closed): analysed again after the next reload.
        }
      }
      writing = null;
    };
    return {
      lookup: async (all, stateCap) => {
        const out = new Map<string, LevelFeatures | null>();
        const keys = all.filter((k) => known.has(k));
        // A chunk of keys per transaction: 5,000 requests made in one task would be a long task of their own.
        for (let at = 0; at < keys.length; at += CHUNK) {
          const chunk = keys.slice(at, at + CHUNK);
          try {
            const tx = db.transaction(FEATURES_STORE);
            const values = await Promise.all(chunk.map((k) => tx.store.get(k)));
            values.forEach((v, i) => {
              const f = usableEntry(v, stateCap);
              if (f !== undefined) out.set(chunk[i]!, f);
            });
          } catch {
            // Unreadable (closed, blocked): nothing found; the levels are analysed.
          }
        }
        return out;
      },
      store: (found, stateCap) => {
        for (const [k, f] of found) {
          queue.push([k, entry(f, stateCap)]);
          known.add(k);
        }
        writing ??= drain();
        return writing;
      },
    };
  } catch {
    return null;
  }
}

/** An in-memory cache (tests): `data` holds the stored entries. */
export function memoryAnalysisCache(): AnalysisCache & { data: Map<string, unknown>; lookups: number } {
  const data = new Map<string, unknown>();
  const cache = {
    data,
    lookups: 0,
    lookup: async (keys: readonly string[], stateCap: number) => {
      cache.lookups++;
      const out = new Map<string, LevelFeatures | null>();
      for (const k of keys) {
        const f = usableEntry(structuredClone(data.get(k)), stateCap);
        if (f !== undefined) out.set(k, f);
      }
      return out;
    },
    store: async (found: ReadonlyMap<string, LevelFeatures | null>, stateCap: number) => {
      for (const [k, f] of found) data.set(k, structuredClone(entry(f, stateCap)));
    },
  };
  return cache;
}
