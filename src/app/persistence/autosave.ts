/**
 * Loading saved work at start-up and saving it as it changes. Each record
 * is validated on load (`restore.ts`); a corrupt one is reported and
 * replaced by a clean start, never allowed to crash the page. Saves are
 * debounced and only write the records whose slice changed.
 */
import type { StudioStore } from '../store/store';
import type { StudioState } from '../store/types';
import type { KeyValueStore, RecordName } from './db';
import { restoreLabModels } from './labModels';
import { restoreLevel, restorePlayLog, restoreSettings, salvageSavedPack } from './restore';
import { PARTS, type Part } from './parts';
import { makeBackup, type Backup } from './backups';
import { JournalTooLarge, type Journal } from './journal';
import { describeSaveError } from './saveErrors';
import { restoreAtdResults, restoreGeneratorResults, restoreHistoryRecord, restoreWorkspace } from './workspace';
import { restoreBatchReport, restoreLabSession } from './sessions';
import { docAt, sameRows, type DocState } from '../store/history';
import { currentDoc, docFields } from '../store/historySlice';
import { toRows } from '../../core/level/level';

/**
 * Reads every saved record into the store. Returns the sentences about what
 * could not be restored. A record that was not restored whole is first
 * copied into a backup (with its sentences), then rewritten from what was
 * restored, so the next autosave never overwrites the only copy of
 * anything; when a backup cannot be written this throws and nothing is
 * rewritten (the caller must not start autosave). `readOnly` (another tab
 * owns the workspace): nothing is written. `journal`: records found there
 * are read instead of IndexedDB's (they are newer; the caller's autosave
 * writes them through).
 */
export async function loadSaved(store: StudioStore, kv: KeyValueStore, options: { readOnly?: boolean; journal?: Journal | null } = {}): Promise<string[]> {
  const journal = options.journal ?? null;
  const problems: string[] = [];
  const raws = new Map<RecordName, unknown>();
  const backups: Backup[] = [];
  /** `raw` of record `name` was not restored whole: keep it (once per record). */
  const damaged = (name: RecordName, summary: string, details: readonly string[] = [], quiet = false): void => {
    if (!quiet) problems.push(`${summary}; the saved record is kept as a backup`);
    if (!backups.some((b) => b.record === name)) backups.push(makeBackup(name, `${summary}.`, details, raws.get(name)));
  };
  const read = async (name: RecordName): Promise<unknown> => {
    // A journalled value is newer than IndexedDB's: it changed and the page went away before the write.
    const journalled = journal?.read(name);
    if (journalled !== undefined) {
      raws.set(name, journalled);
      return journalled;
    }
    try {
      const value = await kv.get(name);
      raws.set(name, value);
      return value;
    } catch (e) {
      problems.push(`could not read the saved ${name}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  };
  const [level, pack, playtests, settings] = [await read('level'), await read('pack'), await read('playtests'), await read('settings')];
  const s = store.getState();
  if (level !== undefined) {
    const r = restoreLevel(level);
    if (r.ok) {
      // Restoring is not an edit: no undo step back to the starter level.
      store.setState({ level: r.value.level, levelName: r.value.name });
    } else damaged('level', `${r.error}; starting with a fresh level`);
  }
  if (pack !== undefined) {
    const r = salvageSavedPack(pack);
    s.setPack(r.pack);
    if (r.summary !== null) damaged('pack', r.summary, r.problems);
  }
  if (playtests !== undefined) {
    const r = restorePlayLog(playtests);
    if (r.ok) {
      s.setPlayLog(r.value.records, r.value.starts);
      if (r.value.dropped > 0) damaged('playtests', `${r.value.dropped} saved playtest records were malformed and were set aside`);
    } else damaged('playtests', `${r.error}; starting with an empty playtest log`);
  }
  if (settings !== undefined) {
    const r = restoreSettings(settings);
    if (r.ok) {
      store.setState({
        generatorSettings: r.value.generator,
        stateCap: r.value.stateCap,
        fullGraphLimit: r.value.fullGraphLimit,
        graphView: r.value.graphView,
        dockTab: r.value.dockTab,
      });
    } else damaged('settings', `${r.error}; using the default settings`);
  }
  // The workspace (view, open pack level, settings) and the undo history, once the document is back.
  const workspace = await read('workspace');
  if (workspace !== undefined) {
    const r = restoreWorkspace(workspace);
    if (r.ok) {
      const { pack } = store.getState();
      const open = r.value.openInPack !== null && pack.levels.some((l) => l.id === r.value.openInPack!.id) ? r.value.openInPack : null;
      store.setState({
        view: r.value.view, openInPack: open, atdSettings: r.value.atdSettings, batchSettings: r.value.batchSettings,
        suggestPins: [...r.value.pins.cells].sort((a, b) => a - b), suggestPinsSize: r.value.pins.size, keepPins: r.value.keepPins,
      });
    } else damaged('workspace', `${r.error}; using the default view and settings`);
  }
  const history = await read('history');
  if (history !== undefined) {
    const r = restoreHistoryRecord(history);
    if (!r.ok) damaged('history', `${r.error}; starting a new undo history`);
    else {
      const at = docAt(r.value, r.value.index);
      const st = store.getState();
      if (at !== null && sameContent(at, currentDoc(st))) {
        // The store takes the history's own objects, so undo compares by identity as it does before a reload.
        store.setState({ ...docFields(st, at), history: r.value });
      } else if (at !== null) {
        // (When the level or pack was not restored whole, that message already says so: the backup is kept without another.)
        damaged('history', 'the saved undo history does not match the saved level and pack; starting a new undo history', [], problems.length > 0);
      }
    }
  }
  const generated = await read('generatorResults');
  if (generated !== undefined) {
    const r = restoreGeneratorResults(generated);
    if (!r.ok) damaged('generatorResults', `${r.error}; they were set aside`);
    else if (r.value !== null) store.setState({ generatorRun: r.value });
  }
  const found = await read('atdResults');
  if (found !== undefined) {
    const r = restoreAtdResults(found);
    if (!r.ok) damaged('atdResults', `${r.error}; they were set aside`);
    else if (r.value !== null) store.setState({ atdRun: r.value });
  }
  const report = await read('batchReport');
  if (report !== undefined) {
    const r = restoreBatchReport(report);
    if (!r.ok) damaged('batchReport', `${r.error}; it was set aside`);
    else if (r.value !== null) store.setState({ batchRun: r.value, batchRunIndex: -1 });
  }
  const lab = await read('labSession');
  if (lab !== undefined) {
    const r = restoreLabSession(lab);
    if (!r.ok) damaged('labSession', `${r.error}; the lab starts empty`);
    else store.setState(r.value);
  }
  // The predictor lab's saved models and the active choice (a corrupt active model falls back to the default).
  const labModels = await read('labModels');
  if (labModels !== undefined) {
    const r = restoreLabModels(labModels);
    store.getState().restoreLabModels(r.models, r.activeId);
    if (r.problems.length > 0) {
      problems.push(...r.problems.slice(0, -1));
      damaged('labModels', r.problems.at(-1)!, r.problems);
    }
  }
  if (backups.length > 0 && options.readOnly !== true) {
    // The copies first: a failure here stops everything before a damaged record can be overwritten.
    for (const b of backups) await kv.putBackup(b.id, b);
    const state = store.getState();
    for (const b of backups) {
      const name = b.record as RecordName;
      const value = PARTS.find((p) => p.name === name)!.value(state);
      if (value === undefined) await kv.remove(name);
      else await kv.set(name, value);
      journal?.remove(name);
    }
  }
  return problems;
}

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
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (dirty.size === 0) return writing;
    const s = state();
    // A value that cannot be serialised (a bug put a malformed record in the store) fails its write, not the page.
    const batch = [...dirty].map((name) => {
      try {
        return { name, revision: revision.get(name) ?? 0, value: taken.has(name) ? taken.get(name) : part(name).value(s), error: null };
      } catch (e) {
        return { name, revision: revision.get(name) ?? 0, value: undefined, error: e };
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
          if (item.value !== undefined) await kv.set(item.name, item.value);
          if ((revision.get(item.name) ?? 0) === item.revision && !dirty.has(item.name)) {
            unsaved.delete(item.name);
            unjournaled.delete(item.name);
            taken.delete(item.name);
            journal?.remove(item.name);
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
      const journalling = journal !== null && !slow.has(p.name);
      if (p.eager !== true && !journalling) {
        taken.delete(p.name);
        unjournaled.add(p.name);
        continue;
      }
      if (journalling && p.journalText !== undefined && p.eager !== true) {
        // The journal's text straight from the state (cheaper than the value and its encoding); the write takes the value then.
        taken.delete(p.name);
        try {
          journal.writeText(p.name, p.journalText(s));
          unjournaled.delete(p.name);
        } catch (e) {
          journal.remove(p.name);
          unjournaled.add(p.name);
          if (e instanceof JournalTooLarge) slow.add(p.name);
        }
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
        else journal.write(p.name, value);
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
  return {
    flush,
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      if (retryTimer !== null) clearTimeout(retryTimer);
      timer = retryTimer = null;
    },
    unsaved: () => unsaved.size > 0,
    atRisk: () => [...unsaved].some((n) => journal === null || unjournaled.has(n)),
  };
}

/** Same level, name and pack content (the saved history belongs to the saved work). O(pack size). */
function sameContent(a: DocState, b: DocState): boolean {
  if (a.levelName !== b.levelName || !sameRows(toRows(a.level), toRows(b.level))) return false;
  if (a.pack.name !== b.pack.name || a.pack.levels.length !== b.pack.levels.length) return false;
  return a.pack.levels.every((l, i) => {
    const m = b.pack.levels[i]!;
    return l.id === m.id && l.name === m.name && sameRows(l.rows, m.rows) && (l.notes ?? '') === (m.notes ?? '') && (l.tags ?? []).join() === (m.tags ?? []).join();
  });
}
