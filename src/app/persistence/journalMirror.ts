/**
 * The journal's second copy, in IndexedDB, for a kill of the whole browser.
 *
 * localStorage is written synchronously by the page, but Chromium keeps it
 * in the browser process and writes it to disk seconds later: a tab that
 * crashes or is killed loses nothing (the browser process still has the
 * entry), but a browser process killed outright loses every entry of its
 * last seconds (measured: an entry 3 s old was gone). An IndexedDB
 * transaction, once complete, survives that kill. So every journal entry is
 * also put in IndexedDB (keys `journal:<record>` beside the records, the
 * same stamped text), started in the same task as the change; puts are
 * queued one transaction at a time, a newer text for a record replacing a
 * queued one. At load the newer of the two copies of an entry is used (then
 * checked like any safety copy, `load.ts`), and a record's write to
 * IndexedDB removes its copy there in the same transaction when the copy
 * is not newer (`db.ts`).
 *
 * What this cannot save: a change whose transaction has not completed when
 * the browser dies (a few milliseconds after the change on an idle machine).
 */
import { encodeJournalValue, nextStamp, parseEntry, stampText, type Journal, type JournalEntry } from './journal';
import type { RecordName } from './db';

/** Where the copies live (`KeyValueStore`'s journal methods). */
export interface MirrorStore {
  /** Applies the puts (text) and removals (null) in one transaction, in order. */
  writeJournal(changes: readonly (readonly [RecordName, string | null])[]): Promise<void>;
}

export interface MirroredJournal extends Journal {
  /** Resolves once every copy queued so far is in IndexedDB (or failed). */
  settled(): Promise<void>;
}

/**
 * `local` (localStorage) with each write and removal copied to `store`;
 * `found`: the copies in IndexedDB at load (stamped texts by record).
 */
export function mirroredJournal(local: Journal, store: MirrorStore, found: ReadonlyMap<RecordName, string>): MirroredJournal {
  /** The copies as they will be once the queue is written. */
  const copies = new Map<RecordName, string>(found);
  const queued = new Map<RecordName, string | null>();
  let running: Promise<void> | null = null;
  const pump = (): void => {
    if (running !== null) return;
    running = (async () => {
      while (queued.size > 0) {
        const batch = [...queued];
        queued.clear();
        try {
          await store.writeJournal(batch);
        } catch {
          // A copy that could not be written: the localStorage entry stands (a tab's crash is still covered).
        }
      }
      running = null;
    })();
  };
  const put = (name: RecordName, text: string | null): void => {
    if (text === null) copies.delete(name);
    else copies.set(name, text);
    queued.set(name, text);
    pump();
  };
  const newest = (name: RecordName): JournalEntry | undefined => {
    const a = local.entry(name);
    const text = copies.get(name);
    const b = text === undefined ? undefined : parseEntry(text);
    if (a === undefined || b === undefined) return a ?? b;
    // A readable entry over one that is not; then the later stamp (the local one when equal).
    if ((a.unreadable === null) !== (b.unreadable === null)) return a.unreadable === null ? a : b;
    return (b.at ?? -1) > (a.at ?? -1) ? b : a;
  };
  return {
    read: (name) => newest(name)?.value,
    entry: newest,
    write: (name, value, at = nextStamp()) => {
      const text = encodeJournalValue(value);
      local.writeText(name, text, at);
      put(name, stampText(text, at));
    },
    writeText: (name, text, at = nextStamp()) => {
      local.writeText(name, text, at);
      put(name, stampText(text, at));
    },
    remove: (name) => {
      local.remove(name);
      if (copies.has(name) || queued.has(name)) put(name, null);
    },
    names: () => [...new Set([...local.names(), ...copies.keys()])],
    settled: async () => {
      while (running !== null) await running;
    },
  };
}
