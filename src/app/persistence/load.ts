/**
 * Loading saved work at start-up. Each record is read from IndexedDB, or
 * from its journal entry (the safety copy in localStorage, `journal.ts`)
 * when that entry is both newer than IndexedDB's record (by their stamps)
 * and restores whole through the record's own schema and parsers. Any other
 * safety copy (unreadable, another shape, from a newer build, older than
 * the saved record) is set aside: kept as a backup, said in a sentence,
 * removed from the journal, and IndexedDB's record is used. A safety copy
 * never replaces good saved work with something this build cannot read.
 *
 * A saved record that cannot be restored whole is reported and replaced by a
 * clean start (a backup first), never allowed to crash the page.
 */
import type { StudioStore } from '../store/store';
import type { KeyValueStore, RecordName } from './db';
import { restoreLabModels } from './labModels';
import { restoreLevel, restorePlayLog, restoreSettings, salvageSavedPack } from './restore';
import { PARTS } from './parts';
import { makeBackup, type Backup } from './backups';
import { nextStamp, noteStamp, type Journal, type JournalEntry } from './journal';
import { restoreAtdResults, restoreGeneratorResults, restoreHistoryRecord, restoreWorkspace } from './workspace';
import { restoreBatchReport, restoreLabSession } from './sessions';
import { restorePlayers } from './players';
import { applyPackDelta, isPackDelta } from './packDelta';
import { docAt, recordEntry, sameRows, type DocState, type HistoryEntry } from '../store/history';
import { currentDoc, docFields } from '../store/historySlice';
import { toRows } from '../../core/level/level';

/** How each record is named to a designer in a message about its safety copy. */
export const RECORD_WORDS: Readonly<Record<RecordName, string>> = {
  level: 'the level in the editor',
  pack: 'the level pack',
  playtests: 'the playtest log',
  settings: 'the settings',
  labModels: 'the difficulty models',
  workspace: 'the open view and settings',
  history: 'the undo history',
  generatorResults: "the generators' last levels",
  atdResults: 'the last at-difficulty levels',
  batchReport: 'the batch report',
  labSession: "the predictor lab's session",
  players: "the players' data",
};

/** The undo step from the saved history to work recovered from safety copies (when the history's own copy was older). */
export const RECOVERED_STEP_LABEL = 'Changes recovered after the page closed';
/** The undo step from the saved history to the saved work when the work was saved after the history (the page closed in between). */
export const HISTORY_BEHIND_STEP_LABEL = 'Changes saved after the undo history';

/** A record read and restored: its raw value, the restore's result, and where it came from. */
interface Read<T> {
  readonly raw: unknown;
  readonly result: T;
}

/**
 * Reads every saved record into the store. Returns the sentences about what
 * could not be restored. A record that was not restored whole is first
 * copied into a backup (with its sentences), then rewritten from what was
 * restored, so the next autosave never overwrites the only copy of
 * anything; when a backup cannot be written this throws and nothing is
 * rewritten (the caller must not start autosave). `readOnly` (another tab
 * owns the workspace): nothing is written or removed. `journal`: safety
 * copies, read over IndexedDB's records when valid and newer (the caller's
 * autosave writes those through; the journal's names after loading are
 * what is pending).
 */
export async function loadSaved(
  store: StudioStore,
  kv: KeyValueStore,
  options: { readOnly?: boolean; journal?: Journal | null; onRecovered?: (sentence: string) => void } = {},
): Promise<string[]> {
  const journal = options.journal ?? null;
  const readOnly = options.readOnly === true;
  const problems: string[] = [];
  const raws = new Map<RecordName, unknown>();
  const backups: Backup[] = [];
  /** Journal entries set aside: kept as backups, then removed from the journal (not rewritten: IndexedDB's record stands). */
  const asideBackups: Backup[] = [];
  const asideNames: RecordName[] = [];
  /** Records read from their safety copy: changes made just before the page went away, recovered. */
  const recovered: RecordName[] = [];
  /** `raw` of record `name` was not restored whole: keep it (once per record). */
  const damaged = (name: RecordName, summary: string, details: readonly string[] = [], quiet = false): void => {
    if (!quiet) problems.push(`${summary}; the saved record is kept as a backup`);
    if (!backups.some((b) => b.record === name)) backups.push(makeBackup(name, `${summary}.`, details, raws.get(name)));
  };
  const setAside = (name: RecordName, entry: JournalEntry, why: string): void => {
    const words = RECORD_WORDS[name];
    const sentence = `A safety copy of ${words} in this browser's local storage ${why}; the last save of ${words} was used instead, and the copy is kept as a backup`;
    problems.push(sentence);
    asideBackups.push(makeBackup(`${name} (safety copy)`, `${sentence}.`, [], entry.unreadable !== null ? entry.text : entry.value));
  };

  /**
   * Record `name`, restored by `restore`: the journal's entry when it is newer than IndexedDB's record and
   * restores `whole`, else IndexedDB's record (undefined when there is none or it cannot be read).
   */
  const read = async <T>(name: RecordName, restore: (raw: unknown) => T, whole: (r: T) => boolean): Promise<Read<T> | undefined> => {
    const entry = journal?.entry(name);
    let savedStamp: number | null = null;
    if (entry !== undefined) {
      try {
        savedStamp = await kv.stamp(name);
      } catch {
        savedStamp = null;
      }
      if (savedStamp !== null) noteStamp(savedStamp);
      const older = savedStamp !== null && (entry.at === null || entry.at < savedStamp);
      if (entry.unreadable !== null) setAside(name, entry, `could not be read (${entry.unreadable})`);
      else if (older) setAside(name, entry, 'is older than the last save');
      else {
        // The pack's change since the saved pack (a pack too large for the journal whole): applied to that pack.
        const delta = name === 'pack' && isPackDelta(entry.value) ? applyPackDelta(entry.value, await kv.get(name).catch(() => undefined), savedStamp) : null;
        const value = delta?.ok === true ? delta.pack : entry.value;
        const result = delta?.ok === false ? null : restore(value);
        if (result !== null && whole(result)) {
          raws.set(name, value);
          recovered.push(name);
          return { raw: value, result };
        }
        setAside(name, entry, delta?.ok === false ? delta.why : 'is not in a shape this version reads');
      }
      asideNames.push(name);
    }
    try {
      const value = await kv.get(name);
      raws.set(name, value);
      return value === undefined ? undefined : { raw: value, result: restore(value) };
    } catch (e) {
      problems.push(`could not read the saved ${name}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  };

  const level = await read('level', restoreLevel, (r) => r.ok);
  const pack = await read('pack', salvageSavedPack, (r) => r.summary === null);
  const playtests = await read('playtests', restorePlayLog, (r) => r.ok && r.value.dropped === 0);
  const settings = await read('settings', restoreSettings, (r) => r.ok);
  const s = store.getState();
  if (level !== undefined) {
    const r = level.result;
    // Restoring is not an edit: no undo step back to the starter level.
    if (r.ok) store.setState({ level: r.value.level, levelName: r.value.name });
    else damaged('level', `${r.error}; starting with a fresh level`);
  }
  if (pack !== undefined) {
    const r = pack.result;
    s.setPack(r.pack);
    if (r.summary !== null) damaged('pack', r.summary, r.problems);
  }
  if (playtests !== undefined) {
    const r = playtests.result;
    if (r.ok) {
      s.setPlayLog(r.value.records, r.value.starts);
      if (r.value.dropped > 0) damaged('playtests', `${r.value.dropped} saved playtest records were malformed and were set aside`);
    } else damaged('playtests', `${r.error}; starting with an empty playtest log`);
  }
  if (settings !== undefined) {
    const r = settings.result;
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
  const workspace = await read('workspace', restoreWorkspace, (r) => r.ok);
  if (workspace !== undefined) {
    const r = workspace.result;
    if (r.ok) {
      const { pack: current } = store.getState();
      const open = r.value.openInPack !== null && current.levels.some((l) => l.id === r.value.openInPack!.id) ? r.value.openInPack : null;
      store.setState({
        view: r.value.view, openInPack: open, atdSettings: r.value.atdSettings, batchSettings: r.value.batchSettings,
        suggestPins: [...r.value.pins.cells].sort((a, b) => a - b), suggestPinsSize: r.value.pins.size, keepPins: r.value.keepPins,
        rangeView: r.value.batchMaps.range, hitRateForm: r.value.batchMaps.hitRate,
        ...(r.value.batchMaps.hitRateRun !== null ? { hitRateRun: r.value.batchMaps.hitRateRun } : {}),
        lintRules: r.value.lint?.rules ?? null, lintRulesSource: r.value.lint?.source ?? null,
      });
    } else damaged('workspace', `${r.error}; using the default view and settings`);
  }
  /** The saved history was given one more step, to the work recovered from safety copies: written back below. */
  let historyRebuilt = false;
  /** That step goes to work saved (not recovered) after the history: said in its own sentence. */
  let historyBehind = false;
  const history = await read('history', restoreHistoryRecord, (r) => r.ok);
  if (history !== undefined) {
    const r = history.result;
    if (!r.ok) damaged('history', `${r.error}; starting a new undo history`);
    else {
      const at = docAt(r.value, r.value.index);
      const st = store.getState();
      if (at !== null && sameContent(at, currentDoc(st))) {
        // The store takes the history's own objects, so undo compares by identity as it does before a reload.
        store.setState({ ...docFields(st, at), history: r.value });
      } else if (at !== null && (recovered.includes('pack') || recovered.includes('level'))) {
        // The document's last changes came from their safety copies and the history's did not (a big pack's history
        // is journalled a task after the change, or is too large for the journal): the history as saved, and one more
        // step from there to the recovered work, so undo still reaches everything before.
        const recoveredStep: HistoryEntry = { id: `recovered-${nextStamp()}`, label: RECOVERED_STEP_LABEL, at: Date.now(), before: at, after: currentDoc(st) };
        store.setState({ history: recordEntry(r.value, recoveredStep) });
        historyRebuilt = true;
      } else if (at !== null && problems.length > 0) {
        // (When the level or pack was not restored whole, that message already says so: the backup is kept without another.)
        damaged('history', 'the saved undo history does not match the saved level and pack; starting a new undo history', [], true);
      } else if (at !== null) {
        // The level and pack were saved whole after the history's last write (a big pack's history is
        // written a task after the change, and a browser kill can fall between): the history as saved and
        // one step from its document to the saved work, so undo still reaches everything the history
        // holds, and redo comes back.
        const step: HistoryEntry = { id: `behind-${nextStamp()}`, label: HISTORY_BEHIND_STEP_LABEL, at: Date.now(), before: at, after: currentDoc(st) };
        store.setState({ history: recordEntry(r.value, step) });
        historyRebuilt = true;
        historyBehind = true;
      }
    }
  }
  const generated = await read('generatorResults', restoreGeneratorResults, (r) => r.ok);
  if (generated !== undefined) {
    const r = generated.result;
    if (!r.ok) damaged('generatorResults', `${r.error}; they were set aside`);
    else if (r.value !== null) store.setState({ generatorRun: r.value });
  }
  const found = await read('atdResults', restoreAtdResults, (r) => r.ok);
  if (found !== undefined) {
    const r = found.result;
    if (!r.ok) damaged('atdResults', `${r.error}; they were set aside`);
    else if (r.value !== null) store.setState({ atdRun: r.value });
  }
  const report = await read('batchReport', restoreBatchReport, (r) => r.ok);
  if (report !== undefined) {
    const r = report.result;
    if (!r.ok) damaged('batchReport', `${r.error}; it was set aside`);
    else if (r.value !== null) store.setState({ batchRun: r.value, batchRunIndex: -1 });
  }
  const lab = await read('labSession', restoreLabSession, (r) => r.ok);
  if (lab !== undefined) {
    const r = lab.result;
    if (!r.ok) damaged('labSession', `${r.error}; the lab starts empty`);
    else store.setState(r.value);
  }
  // The predictor lab's saved models and the active choice (a corrupt active model falls back to the default).
  const labModels = await read('labModels', restoreLabModels, (r) => r.problems.length === 0);
  if (labModels !== undefined) {
    const r = labModels.result;
    store.getState().restoreLabModels(r.models, r.activeId);
    if (r.problems.length > 0) {
      problems.push(...r.problems.slice(0, -1));
      damaged('labModels', r.problems.at(-1)!, r.problems);
    }
  }
  // Players' attempts and results files (rated again against the pack by the players' controller).
  const players = await read('players', restorePlayers, (r) => r.ok && r.value.dropped.length === 0);
  if (players !== undefined) {
    const r = players.result;
    if (!r.ok) damaged('players', `${r.error}; the players' files were set aside`);
    else {
      const st = store.getState();
      st.clearPlayResults();
      if (r.value.results.length > 0) st.addPlayResults(r.value.results, []);
      st.setPlayerFiles(r.value.attempts);
      if (r.value.dropped.length > 0) damaged('players', `${r.value.dropped.length} saved players' files could not be read and were set aside (${r.value.dropped[0]})`, r.value.dropped);
    }
  }
  if (recovered.length > 0 && !readOnly) {
    const words = recovered.map((n) => RECORD_WORDS[n]);
    const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
    const undo = historyRebuilt && !historyBehind ? ` Undo takes them back as one step (“${RECOVERED_STEP_LABEL}”); the separate steps they were made in were not kept.` : '';
    options.onRecovered?.(`Recovered your last changes to ${list}: the page closed before they were saved, and they were kept in this browser's local storage.${undo}`);
  }
  if (historyBehind && !readOnly) {
    options.onRecovered?.(`Your last changes were saved, but the undo history was saved before them (the page closed in between): Undo takes them back as one step (“${HISTORY_BEHIND_STEP_LABEL}”); the separate steps they were made in were not kept.`);
  }
  if (readOnly) return problems;
  // The copies first: a failure here stops everything before a damaged record can be overwritten.
  for (const b of [...asideBackups, ...backups]) await kv.putBackup(b.id, b);
  for (const name of asideNames) journal?.remove(name);
  if (backups.length > 0) {
    const state = store.getState();
    for (const b of backups) {
      const name = b.record as RecordName;
      const value = PARTS.find((p) => p.name === name)!.value(state);
      if (value === undefined) await kv.remove(name);
      else await kv.set(name, value);
      journal?.remove(name);
    }
  }
  if (historyRebuilt) {
    // Saved at once (its old safety copy, if any, is older than the step): when this cannot be written, the next change saves it.
    const value = PARTS.find((p) => p.name === 'history')!.value(store.getState());
    try {
      await kv.set('history', value);
      journal?.remove('history');
    } catch {
      // Nothing is lost: the recovered work stays in its safety copies until autosave writes it.
    }
  }
  return problems;
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
