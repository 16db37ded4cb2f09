/**
 * Loading saved work at start-up and saving it as it changes. Each record
 * is validated on load (`restore.ts`); a corrupt one is reported and
 * replaced by a clean start, never allowed to crash the page. Saves are
 * debounced and only write the records whose slice changed.
 */
import type { StudioStore } from '../store/store';
import type { StudioState } from '../store/types';
import type { KeyValueStore, RecordName } from './db';
import { restoreLabModels, saveLabModels } from './labModels';
import { restoreLevel, restorePack, restorePlayLog, restoreSettings, saveLevel, savePack, savePlayLog, SAVE_VERSION } from './restore';

/** Reads every saved record into the store. Returns the sentences about what could not be restored. */
export async function loadSaved(store: StudioStore, kv: KeyValueStore): Promise<string[]> {
  const problems: string[] = [];
  const read = async (name: RecordName): Promise<unknown> => {
    try {
      return await kv.get(name);
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
    } else problems.push(`${r.error}; starting with a fresh level`);
  }
  if (pack !== undefined) {
    const r = restorePack(pack);
    if (r.ok) s.setPack(r.value);
    else problems.push(`${r.error}; starting with an empty pack`);
  }
  if (playtests !== undefined) {
    const r = restorePlayLog(playtests);
    if (r.ok) {
      s.setPlayLog(r.value.records);
      if (r.value.dropped > 0) problems.push(`${r.value.dropped} saved playtest records were malformed and were dropped`);
    } else problems.push(`${r.error}; starting with an empty playtest log`);
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
    } else problems.push(`${r.error}; using the default settings`);
  }
  // The predictor lab's saved models and the active choice (a corrupt active model falls back to the default).
  const labModels = await read('labModels');
  if (labModels !== undefined) {
    const r = restoreLabModels(labModels);
    store.getState().restoreLabModels(r.models, r.activeId);
    problems.push(...r.problems);
  }
  return problems;
}

type Part = { name: RecordName; changed: (a: StudioState, b: StudioState) => boolean; value: (s: StudioState) => unknown };

const PARTS: Part[] = [
  { name: 'level', changed: (a, b) => a.level !== b.level || a.levelName !== b.levelName, value: (s) => saveLevel(s.level, s.levelName) },
  { name: 'pack', changed: (a, b) => a.pack !== b.pack, value: (s) => savePack(s.pack) },
  { name: 'playtests', changed: (a, b) => a.playLog !== b.playLog, value: (s) => savePlayLog(s.playLog) },
  {
    name: 'settings',
    changed: (a, b) =>
      a.generatorSettings !== b.generatorSettings || a.stateCap !== b.stateCap || a.fullGraphLimit !== b.fullGraphLimit || a.graphView !== b.graphView || a.dockTab !== b.dockTab,
    value: (s) => ({
      version: SAVE_VERSION,
      generator: s.generatorSettings,
      stateCap: s.stateCap,
      fullGraphLimit: s.fullGraphLimit,
      graphView: s.graphView,
      dockTab: s.dockTab,
    }),
  },
  {
    name: 'labModels',
    changed: (a, b) => a.savedModels !== b.savedModels || a.activeModelId !== b.activeModelId,
    value: (s) => saveLabModels(s.savedModels, s.activeModelId),
  },
];

/** Saves changed records `delayMs` after the last change; returns a function that flushes and stops. */
export function startAutosave(store: StudioStore, kv: KeyValueStore, delayMs = 250): { flush: () => Promise<void>; stop: () => void } {
  const dirty = new Set<RecordName>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (dirty.size === 0) return writing;
    const names = [...dirty];
    dirty.clear();
    const s = store.getState();
    s.setSaveStatus('saving');
    writing = writing.then(async () => {
      try {
        for (const name of names) await kv.set(name, PARTS.find((p) => p.name === name)!.value(store.getState()));
        if (dirty.size === 0) store.getState().setSaveStatus('saved');
      } catch (e) {
        store.getState().setSaveStatus('failed');
        store.getState().notify('error', `Saving failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    return writing;
  };

  const unsubscribe = store.subscribe((s, prev) => {
    let any = false;
    for (const part of PARTS) {
      if (part.changed(s, prev)) {
        dirty.add(part.name);
        any = true;
      }
    }
    if (!any) return;
    store.getState().setSaveStatus('saving');
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  });
  return {
    flush,
    stop: () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
