/**
 * The write-ahead journal: a synchronous copy of every record that changed
 * and is not yet in IndexedDB. IndexedDB writes are asynchronous and the
 * autosave waits a moment to gather a burst of edits, so without this a
 * reload, a tab close or a crash right after an edit lost it. The store's
 * subscription writes the journal (localStorage, synchronous) in the same
 * turn as the change, before React draws it: an edit is on disk the moment
 * it is shown. Autosave removes a record's entry once IndexedDB holds that
 * value; loading reads the journal over IndexedDB (its entries are newer)
 * and writes them through.
 *
 * Values are JSON with the few things JSON loses spelled out (non-finite
 * numbers, typed arrays), so what comes back is what went in.
 */
import type { RecordName } from './db';

export interface Journal {
  /** The journalled value of `name`, or undefined when there is none. Never throws. */
  read(name: RecordName): unknown;
  /** Writes `value` for `name`; throws when it cannot (storage full or blocked). */
  write(name: RecordName, value: unknown): void;
  /** Writes `text`, already the {@link encodeJournalValue} text of the value, for `name`; throws as `write` does. */
  writeText(name: RecordName, text: string): void;
  /** Removes `name`'s entry (never throws). */
  remove(name: RecordName): void;
  /** The names with an entry. */
  names(): RecordName[];
}

export const JOURNAL_PREFIX = 'longcat-studio-journal:';

/**
 * The most characters one record may take in the journal. localStorage
 * holds about 5 million characters per site in Chromium and Firefox; a
 * record past this (a pack of several thousand levels with its features) is
 * left to IndexedDB alone.
 */
export const JOURNAL_MAX_CHARS = 1_500_000;

/** Thrown by a journal's `write` for a record past {@link JOURNAL_MAX_CHARS}. */
export class JournalTooLarge extends Error {
  constructor(readonly chars: number) {
    super(`a record of ${chars.toLocaleString('en')} characters is too large for the journal`);
    this.name = 'JournalTooLarge';
  }
}

const checkedText = (value: unknown, max: number): string => checkedSize(encodeJournalValue(value), max);

const checkedSize = (text: string, max: number): string => {
  if (text.length > max) throw new JournalTooLarge(text.length);
  return text;
};

const TYPED = {
  Float32Array,
  Float64Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Uint8ClampedArray,
} as const;
type TypedName = keyof typeof TYPED;

/** JSON text of `value`, keeping NaN, ±Infinity, -0-free numbers and typed arrays. */
export function encodeJournalValue(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
    // `this[key]` is the value before toJSON: typed arrays arrive here as themselves.
    const raw = (this as Record<string, unknown>)[key];
    if (typeof raw === 'number' && !Number.isFinite(raw)) return { $num: String(raw) };
    if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) {
      const name = raw.constructor.name as TypedName;
      if (name in TYPED) return { $typed: name, values: Array.from(raw as unknown as ArrayLike<number>, (x) => (Number.isFinite(x) ? x : { $num: String(x) })) };
    }
    return v;
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const number = (v: unknown): unknown => (isObject(v) && typeof v['$num'] === 'string' && Object.keys(v).length === 1 ? Number(v['$num']) : v);

/** The value {@link encodeJournalValue} wrote. Throws on text that is not JSON (the caller treats it as no entry). */
export function decodeJournalValue(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (!isObject(v)) return v;
    if (typeof v['$num'] === 'string' && Object.keys(v).length === 1) return Number(v['$num']);
    const typed = v['$typed'];
    if (typeof typed === 'string' && typed in TYPED && Array.isArray(v['values'])) {
      const Ctor = TYPED[typed as TypedName];
      return new Ctor((v['values'] as unknown[]).map((x) => Number(number(x))));
    }
    return v;
  });
}

/** The journal in `storage` (the page's localStorage); null when there is no storage at all. */
export function storageJournal(storage: Storage | null = typeof localStorage === 'undefined' ? null : safeLocalStorage()): Journal | null {
  if (storage === null) return null;
  return {
    read: (name) => {
      try {
        const text = storage.getItem(JOURNAL_PREFIX + name);
        return text === null ? undefined : decodeJournalValue(text);
      } catch {
        // Unreadable (hand-edited, cut short): as if there were none; IndexedDB's copy is used.
        return undefined;
      }
    },
    write: (name, value) => storage.setItem(JOURNAL_PREFIX + name, checkedText(value, JOURNAL_MAX_CHARS)),
    writeText: (name, text) => storage.setItem(JOURNAL_PREFIX + name, checkedSize(text, JOURNAL_MAX_CHARS)),
    remove: (name) => {
      try {
        storage.removeItem(JOURNAL_PREFIX + name);
      } catch {
        // Nothing to do: a stale entry is read over an older IndexedDB value only, never a newer one (see autosave).
      }
    },
    names: () => {
      const out: RecordName[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key !== null && key.startsWith(JOURNAL_PREFIX)) out.push(key.slice(JOURNAL_PREFIX.length) as RecordName);
        }
      } catch {
        // Blocked storage: no entries.
      }
      return out;
    },
  };
}

/** localStorage, or null where reading it throws (blocked by the browser's settings). */
function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** An in-memory journal (tests): `data` holds the encoded text, as localStorage would. */
export function memoryJournal(options: { failWrites?: () => boolean; maxChars?: number } = {}): Journal & { data: Map<RecordName, string> } {
  const data = new Map<RecordName, string>();
  return {
    data,
    read: (name) => {
      const text = data.get(name);
      return text === undefined ? undefined : decodeJournalValue(text);
    },
    write: (name, value) => {
      if (options.failWrites?.() === true) throw new DOMException('', 'QuotaExceededError');
      data.set(name, checkedText(value, options.maxChars ?? JOURNAL_MAX_CHARS));
    },
    writeText: (name, text) => {
      if (options.failWrites?.() === true) throw new DOMException('', 'QuotaExceededError');
      data.set(name, checkedSize(text, options.maxChars ?? JOURNAL_MAX_CHARS));
    },
    remove: (name) => void data.delete(name),
    names: () => [...data.keys()],
  };
}
