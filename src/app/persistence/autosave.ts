/**
 * Saving work as it changes (loading it is `load.ts`, re-exported here).
 * Saves are debounced and only write the records whose slice changed; each
 * change gets a stamp, which its journal entry and its IndexedDB write both
 * carry, so loading can tell which copy is newer.
 */
import type { StudioStore } from '../store/store';
import type { StudioState } from '../store/types';
import type { KeyValueStore, RecordName } from './db';
import { PARTS, type Part } from './parts';
import { JournalTooLarge, nextStamp, type Journal } from './journal';
import { describeSaveError } from './saveErrors';

export { loadSaved } from './load';

export interface AutosaveOptions {
  /** How long to wait after the last change before writing (a burst of edits is one write). */
  readonly delayMs?: number;
  /** The write-ahead journal (`journal.ts`); null: none (a reload before the write loses the change). */
  readonly journal?: Journal | null;
  /** Records to write at once: they were read from the journal at load and are not in IndexedDB yet. */
  readonly pending?: readonly RecordName[];
  /** Milliseconds before retry `attempt` (1, 2, ...) after a failed write. */
  readonly retryMs?: (attempt: number) => number;
}

export interface Autosave {
  /** Writes what is pending now; resolves when every write queued so far has ended (failed or not). */
  flush(): Promise<void>;
  stop(): void;
  /** True while a change is not yet in IndexedDB. */
  unsaved(): boolean;
  /** True while a change is neither in IndexedDB nor in the journal: leaving the page now would lose it. */
  atRisk(): boolean;
}

const defaultRetry = (attempt: number): number => Math.min(10_000, 1000 * 2 ** (attempt - 1));

/**
 * Saves changed records `delayMs` after the last change. Every change is
 * first written to the journal, synchronously. A failed write keeps every
 * record it did not write as unsaved, says why in plain words and retries
 * (1 s, 2 s, 4 s, 8 s, then every 10 s); the status reads "saved" only once every
 * change is in IndexedDB.
 */
export function startAutosave(store: StudioStore, kv: KeyValueStore, options: number | AutosaveOptions = {}): Autosave {
  const o: AutosaveOptions = typeof options === 'number' ? { delayMs: options } : options;
  const delayMs = o.delayMs ?? 250;
  const journal = o.journal ?? null;
  const retryMs = o.retryMs ?? defaultRetry;
  /** Changed and not yet queued for writing. */
  const dirty = new Set<RecordName>(o.pending ?? []);
  /** Changed and not yet confirmed written (dirty, or queued). */
  const unsaved = new Set<RecordName>(o.pending ?? []);
  /** Unsaved records whose latest value is not in the journal. */
  const unjournaled = new Set<RecordName>();
  /**
   * Records too large for the journal (see `JOURNAL_MAX_CHARS`): left to
   * IndexedDB and the unload prompt for the rest of the session, so a very
   * large pack is not serialised twice per edit. (Decided by size, never by
   * time: a busy machine must not make the journal skip one record of the
   * document and keep the others.)
   */
  const slow = new Set<RecordName>();
  /** Per record, a counter of changes: a write clears `unsaved` only if no change came after its value was taken. */
  const revision = new Map<RecordName, number>();
  /** Per record, the stamp of its latest change (its journal entry and its IndexedDB write carry it). */
  const stamps = new Map<RecordName, number>();
  /** Per record with a delta form (the pack): the value IndexedDB holds (as the store had it) and its stamp. */
  const bases = new Map<RecordName, { base: unknown; stamp: number }>();
  /** Records whose journal entry is a delta against `bases` (rewritten when the base moves). */
  const deltas = new Set<RecordName>();
  /** Values taken when they changed (eager parts, and every part when journalling). */
  const taken = new Map<RecordName, unknown>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let queued = 0;
  let failures = 0;
  let stopped = false;
  let writing: Promise<void> = Promise.resolve();
  const state = (): StudioState => store.getState();
  const part = (name: RecordName): Part => PARTS.find((p) => p.name === name)!;

  /** Journals `p`'s change since IndexedDB's value (when it has a delta form and that value is known); true when written. */
  const writeDelta = (p: Part, s: StudioState, at: number): boolean => {
    const b = bases.get(p.name);
    if (journal === null || p.journalDelta === undefined || b === undefined) return false;
    try {
      journal.writeText(p.name, p.journalDelta.text(s, b.base, b.stamp), at);
      unjournaled.delete(p.name);
      deltas.add(p.name);
      return true;
    } catch {
      journal.remove(p.name);
      deltas.delete(p.name);
      return false;
    }
  };

  /** Writes `p`'s journal text (a part with `journalText`) for state `s`, stamped `at`; past the size limit, its delta or nothing. */
  const writeText = (p: Part, s: StudioState, at: number): void => {
    try {
      journal!.writeText(p.name, p.journalText!(s), at);
      unjournaled.delete(p.name);
      deltas.delete(p.name);
    } catch (e) {
      journal!.remove(p.name);
      deltas.delete(p.name);
      if (e instanceof JournalTooLarge) slow.add(p.name);
      if (!writeDelta(p, s, at)) unjournaled.add(p.name);
    }
  };

  /** Parts whose journal entry waits for the task after their change (`journalLater`). */
  const later = new Set<RecordName>();
  let laterTimer: ReturnType<typeof setTimeout> | null = null;
  const journalDeferred = (): void => {
    laterTimer = null;
    const s = state();
    for (const name of later) {
      // Already in IndexedDB, or grown past the journal meanwhile: nothing to write.
      if (unsaved.has(name) && unjournaled.has(name) && !slow.has(name) && !stopped) writeText(part(name), s, stamps.get(name) ?? nextStamp());
    }
    later.clear();
  };

  const settle = (): void => {
    if (failures > 0) return;
    if (dirty.size === 0 && queued === 0 && timer === null) state().setSaveStatus('saved');
  };

  const failed = (e: unknown): void => {
    failures++;
    const problem = describeSaveError(e);
    state().setSaveProblem(problem.kind === 'other-tab' || stopped ? problem.short : `${problem.short}; retrying`);
    state().setSaveStatus('failed');
    if (failures === 1) {
      console.warn('Longcat Studio: saving failed:', e);
      state().notify('error', `Not saved: ${problem.sentence}`);
    }
    if (problem.kind === 'other-tab' || stopped) return;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryMs(failures));
  };

  const flush = async (): Promise<void> => {
    // (Leaving the page flushes: a safety copy still waiting for its task is written now.)
    if (laterTimer !== null) {
      clearTimeout(laterTimer);
      journalDeferred();
    }
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (dirty.size === 0) return writing;
    const s = state();
    // A value that cannot be serialised (a bug put a malformed record in the store) fails its write, not the page.
    const batch = [...dirty].map((name) => {
      try {
        const base = part(name).journalDelta?.base(s);
        return { name, revision: revision.get(name) ?? 0, stamp: stamps.get(name) ?? nextStamp(), value: taken.has(name) ? taken.get(name) : part(name).value(s), base, error: null };
      } catch (e) {
        return { name, revision: revision.get(name) ?? 0, stamp: 0, value: undefined, base: undefined, error: e };
      }
    });
    dirty.clear();
    queued++;
    if (failures === 0) s.setSaveStatus('saving');
    writing = writing.then(async () => {
      let error: unknown = null;
      for (const item of batch) {
        if (error !== null) {
          dirty.add(item.name);
          continue;
        }
        try {
          if (item.error !== null) throw item.error;
          if (item.value !== undefined) await kv.set(item.name, item.value, item.stamp);
          if (item.base !== undefined && item.value !== undefined) bases.set(item.name, { base: item.base, stamp: item.stamp });
          if ((revision.get(item.name) ?? 0) === item.revision && !dirty.has(item.name)) {
            unsaved.delete(item.name);
            unjournaled.delete(item.name);
            taken.delete(item.name);
            deltas.delete(item.name);
            journal?.remove(item.name);
          } else if (deltas.has(item.name)) {
            // A newer change is journalled as a delta against the value this write replaced: against this one now.
            writeDelta(part(item.name), state(), stamps.get(item.name) ?? nextStamp());
          }
        } catch (e) {
          error = e;
          dirty.add(item.name);
        }
      }
      queued--;
      if (error !== null) {
        failed(error);
        return;
      }
      if (failures > 0) {
        failures = 0;
        state().setSaveProblem(null);
        state().setSaveStatus('saving');
        state().notify('info', 'Saved again: every change is stored in this browser.');
      }
      // What failed earlier and waits for its retry goes now.
      if (dirty.size > 0 && timer === null && retryTimer === null) timer = setTimeout(() => void flush(), 0);
      settle();
    });
    return writing;
  };

  const unsubscribe = store.subscribe((s, prev) => {
    let any = false;
    for (const p of PARTS) {
      if (!p.changed(s, prev)) continue;
      any = true;
      dirty.add(p.name);
      unsaved.add(p.name);
      revision.set(p.name, (revision.get(p.name) ?? 0) + 1);
      const at = nextStamp();
      stamps.set(p.name, at);
      const journalling = journal !== null && !slow.has(p.name);
      if (p.eager !== true && !journalling) {
        taken.delete(p.name);
        // Too large for the journal whole: its change since IndexedDB's value, when that fits.
        if (!writeDelta(p, s, at)) unjournaled.add(p.name);
        continue;
      }
      if (journalling && p.journalText !== undefined && p.eager !== true) {
        // The journal's text straight from the state (cheaper than the value and its encoding); the write takes the value then.
        taken.delete(p.name);
        if (p.journalLater?.(s) === true) {
          // Written in a task of its own, right after this one (the change itself is journalled by its own parts now).
          unjournaled.add(p.name);
          later.add(p.name);
          laterTimer ??= setTimeout(journalDeferred, 0);
          continue;
        }
        later.delete(p.name);
        writeText(p, s, at);
        continue;
      }
      let value: unknown;
      try {
        value = p.value(s);
      } catch {
        // Not serialisable (a bug): the write will fail and say so; nothing to journal.
        taken.delete(p.name);
        unjournaled.add(p.name);
        journal?.remove(p.name);
        continue;
      }
      taken.set(p.name, value);
      if (!journalling) {
        unjournaled.add(p.name);
        continue;
      }
      try {
        if (value === undefined) journal.remove(p.name);
        else journal.write(p.name, value, at);
        unjournaled.delete(p.name);
      } catch (e) {
        // Storage full or blocked, or too large: the entry would be stale, so it goes; leaving the page now asks first.
        journal.remove(p.name);
        unjournaled.add(p.name);
        if (e instanceof JournalTooLarge) slow.add(p.name);
      }
    }
    if (!any) return;
    if (failures === 0) store.getState().setSaveStatus('saving');
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  });
  if (dirty.size > 0) timer = setTimeout(() => void flush(), 0);
  // The value IndexedDB holds now, for deltas: the store's, as loaded (unless it came from the journal and is not written yet).
  for (const p of PARTS) {
    if (p.journalDelta === undefined || unsaved.has(p.name)) continue;
    const base = p.journalDelta.base(state());
    kv.stamp(p.name).then(
      (stamp) => {
        if (stamp !== null && !bases.has(p.name)) bases.set(p.name, { base, stamp });
      },
      () => {},
    );
  }
  return {
    flush,
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      if (retryTimer !== null) clearTimeout(retryTimer);
      if (laterTimer !== null) clearTimeout(laterTimer);
      timer = retryTimer = laterTimer = null;
    },
    unsaved: () => unsaved.size > 0,
    atRisk: () => [...unsaved].some((n) => journal === null || unjournaled.has(n)),
  };
}
