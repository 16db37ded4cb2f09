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
 * numbers, typed arrays), so what comes back is what went in. Each entry
 * starts with its stamp (`@<ms>` and a newline, see {@link JournalEntry}):
 * loading uses an entry only when it is newer than IndexedDB's copy of the
 * record (which carries the stamp it was written with, `db.ts`) and passes
 * the record's schema; any other entry is set aside (`load.ts`).
 */
import type { RecordName } from './db';

/** One journal entry as found: its stamp, and its value or why it could not be read. */
export interface JournalEntry {
  /** When the change was made (ms since 1970, this build's stamps); null for an entry written before stamps. */
  readonly at: number | null;
  /** The decoded value (undefined when `unreadable`). */
  readonly value: unknown;
  /** Why the text is not a value (cut short, hand-edited), or null. */
  readonly unreadable: string | null;
  /** The text as stored (what a backup keeps when it is unreadable). */
  readonly text: string;
}

export interface Journal {
  /** The journalled value of `name`, or undefined when there is none or it is unreadable. Never throws. */
  read(name: RecordName): unknown;
  /** The entry of `name` with its stamp, undefined when there is none. Never throws. */
  entry(name: RecordName): JournalEntry | undefined;
  /** Writes `value` for `name`, stamped `at` (default now); throws when it cannot (storage full or blocked). */
  write(name: RecordName, value: unknown, at?: number): void;
  /** Writes `text`, already the {@link encodeJournalValue} text of the value, for `name`; throws as `write` does. */
  writeText(name: RecordName, text: string, at?: number): void;
  /** Removes `name`'s entry (never throws). */
  remove(name: RecordName): void;
  /** The names with an entry. */
  names(): RecordName[];
}

export const JOURNAL_PREFIX = 'longcat-studio-journal:';

let lastStamp = 0;

/**
 * A stamp for a change made now: the clock, never below a stamp already
 * given or seen ({@link noteStamp}), so a later change never has an earlier
 * stamp within a page, even when the clock steps back.
 */
export function nextStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp);
  return lastStamp;
}

/** A stamp read back from IndexedDB: the stamps given after it are not below it. */
export function noteStamp(stamp: number): void {
  if (Number.isFinite(stamp)) lastStamp = Math.max(lastStamp, stamp);
}

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

const checkedText = (value: unknown, max: number, at: number): string => checkedSize(encodeJournalValue(value), max, at);

const checkedSize = (text: string, max: number, at: number): string => {
  if (text.length > max) throw new JournalTooLarge(text.length);
  return stampText(text, at);
};

/** The stored text of an entry: the stamp line, then the value's text. */
export const stampText = (text: string, at: number): string => `@${Math.round(at)}\n${text}`;

/** An entry's stored text read back: stamp and value (text without a stamp line is an entry from before stamps). */
export function parseEntry(stored: string): JournalEntry {
  let at: number | null = null;
  let body = stored;
  if (stored.startsWith('@')) {
    const nl = stored.indexOf('\n');
    const n = nl < 0 ? NaN : Number(stored.slice(1, nl));
    if (!Number.isSafeInteger(n) || n < 0) return { at: null, value: undefined, unreadable: 'its stamp cannot be read', text: stored };
    at = n;
    body = stored.slice(nl + 1);
  }
  try {
    return { at, value: decodeJournalValue(body), unreadable: null, text: stored };
  } catch (e) {
    return { at, value: undefined, unreadable: `it is not JSON (${e instanceof Error ? e.message : String(e)})`, text: stored };
  }
}

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
    read: (name) => entryOf(storage, name)?.value,
    entry: (name) => entryOf(storage, name),
    write: (name, value, at = nextStamp()) => storage.setItem(JOURNAL_PREFIX + name, checkedText(value, JOURNAL_MAX_CHARS, at)),
    writeText: (name, text, at = nextStamp()) => storage.setItem(JOURNAL_PREFIX + name, checkedSize(text, JOURNAL_MAX_CHARS, at)),
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

function entryOf(storage: Storage, name: RecordName): JournalEntry | undefined {
  let text: string | null;
  try {
    text = storage.getItem(JOURNAL_PREFIX + name);
  } catch {
    // Blocked storage: no entry; IndexedDB's copy is used.
    return undefined;
  }
  return text === null ? undefined : parseEntry(text);
}

/** localStorage, or null where reading it throws (blocked by the browser's settings). */
function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** An in-memory journal (tests): `data` holds the stored text (stamp line and value), as localStorage would. */
export function memoryJournal(options: { failWrites?: () => boolean; maxChars?: number } = {}): Journal & { data: Map<RecordName, string> } {
  const data = new Map<RecordName, string>();
  return {
    data,
    read: (name) => {
      const text = data.get(name);
      return text === undefined ? undefined : parseEntry(text).value;
    },
    entry: (name) => {
      const text = data.get(name);
      return text === undefined ? undefined : parseEntry(text);
    },
    write: (name, value, at = nextStamp()) => {
      if (options.failWrites?.() === true) throw new DOMException('', 'QuotaExceededError');
      data.set(name, checkedText(value, options.maxChars ?? JOURNAL_MAX_CHARS, at));
    },
    writeText: (name, text, at = nextStamp()) => {
      if (options.failWrites?.() === true) throw new DOMException('', 'QuotaExceededError');
      data.set(name, checkedSize(text, options.maxChars ?? JOURNAL_MAX_CHARS, at));
    },
    remove: (name) => void data.delete(name),
    names: () => [...data.keys()],
  };
}
