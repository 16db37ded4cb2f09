/**
 * The level pack: the designer's document. Every operation here goes
 * through the history (`applyPackEdit` / `applyDocEdit`), so add, delete,
 * rename, reorder, sort, dedupe and import are all undoable; the pure
 * commands live in `packEdits.ts`. Difficulties are never stored here:
 * they are derived from features and the active model (`selectors.ts`).
 */
import type { LevelFeatures } from '../../core/graph/features';
import { levelKey, type Level } from '../../core/level/level';
import { parseRows } from '../../core/level/format';
import { createPack, importPack, type ImportedPack, type PackProblem } from '../../core/pack/pack';
import type { Result } from '../../core/util/result';
import { MAX_PACK_LEVELS, type LevelPack, type PackLevel, type PackLevelSource, type PackPlayOrder } from '../../core/pack/schema';
import { contentOf } from './levelEdits';
import {
  appendPackLevels,
  dedupeLevels,
  insertLevels,
  moveLevel,
  removeLevel,
  renameLevel,
  renamePack,
  setPlayOrder,
  rowsKey,
  sortLevels,
  updateLevel,
} from './packEdits';
import { DEFAULT_RULESET, rulesetByName } from '../../core/rules/registry';
import type { RulesetName } from '../../core/rules/ruleset';
import { featureKey, graphRules, packRules, rulesMismatch, withPackRules } from './rules';
import { selectPackLevelDifficulty, selectPackLevelStatus } from './selectors';
import type { SliceCreator } from './types';

export { rowsKey, slug, uniqueId } from './packEdits';

export interface PackImportReport {
  readonly fileName: string;
  readonly ok: boolean;
  readonly problems: readonly PackProblem[];
  readonly warnings: readonly PackProblem[];
}

export interface NewPackEntry {
  readonly level: Level;
  readonly name: string;
  readonly features: LevelFeatures | null;
  /** The ruleset `features` were computed under (default Longcat); an entry from other rules than the pack's is refused. */
  readonly rules?: RulesetName;
  readonly source?: Partial<PackLevelSource>;
  /** Preferred id (made unique if taken). */
  readonly id?: string;
}

/** A file read and checked, waiting for the designer to choose append or replace. */
export interface PendingImport {
  readonly fileName: string;
  readonly pack: LevelPack;
  readonly warnings: readonly PackProblem[];
}

export type ImportMode = 'append' | 'replace';

export interface PackSlice {
  pack: LevelPack;
  packImport: PackImportReport | null;
  pendingImport: PendingImport | null;
  /**
   * Features of pack rows computed by the studio, by `featureKey(rules, rowsKey)`: derived data
   * (not part of the document, not in the history). `null`: past the state cap.
   */
  featureCache: ReadonlyMap<string, LevelFeatures | null>;

  /** Adds a level at the end (or after `after`); warns when it is a duplicate or unsolvable. Returns its id, or null when the pack is full. */
  addToPack(entry: NewPackEntry, after?: string): string | null;
  /**
   * Adds `entries` at the end as one undo step named `label`: every
   * generator's "Add all to pack" goes through here. Returns the ids added
   * (in order; fewer when the pack fills up, which a message says).
   */
  addAllToPack(label: string, entries: readonly NewPackEntry[]): string[];
  /** Adds the editor's level and opens it in place; returns its id. */
  addCurrentLevelToPack(): string | null;
  /** Opens a pack level in the editor, edited in place. */
  openPackLevel(id: string): void;
  /** A new empty level (the editor's size) after the open one, opened. */
  newPackLevel(): string | null;
  /** A copy of a level right after it, opened. */
  duplicatePackLevel(id: string): string | null;
  renamePackLevel(id: string, name: string): void;
  setPackLevelNotes(id: string, notes: string): void;
  setPackLevelTags(id: string, tags: readonly string[]): void;
  removePackLevel(id: string): void;
  movePackLevel(from: number, to: number): void;
  /** Easiest first by the active model; unsolvable levels go last. Stable. Refused (with a message) while levels are still being analysed. */
  sortPackByDifficulty(): void;
  /** Removes later copies of the same grid; returns how many were removed. */
  dedupePack(): number;
  setPackName(name: string): void;
  /** How play links and the standalone player order the levels (undefined: the pack's order). Undoable. */
  setPackPlayOrder(playOrder: PackPlayOrder | undefined): void;
  /** Checks a pack file: a bad one lists every problem and changes nothing; a good one waits for `resolveImport`. */
  importPackText(text: string, fileName: string): boolean;
  /** The second half of {@link importPackText}: a pack file already read and checked by `importPack` (in a worker, or in a task of its own). */
  acceptCheckedPack(fileName: string, checked: Result<Pick<ImportedPack, 'pack' | 'warnings'>, PackProblem[]>): boolean;
  /** Appends the pending import's levels or replaces the pack with it (undoable), or drops it. */
  resolveImport(mode: ImportMode | 'cancel'): void;
  /** Adds checked levels (e.g. from the level text format) at the end, undoable. */
  importLevels(entries: readonly { level: Level; name: string }[], fileName: string): number;
  dismissImportReport(): void;
  /**
   * Starts a new, empty pack under `rules` (SPEC §12: a pack has one ruleset);
   * undoable, with a toast. The editor's level stays and is analysed under the new rules.
   */
  newPack(rules: RulesetName): void;
  /**
   * Opens `level` (a share link's) to be played by `rules`: as `openLevel`
   * when the pack's rules are those; else, in the same undo step, a new empty
   * pack of `rules` (a level is always its pack's game), with a toast.
   */
  openLevelAs(level: Level, name: string, rules: RulesetName): void;
  /** Restores a saved pack (persistence: not an edit). */
  setPack(pack: LevelPack): void;
  /** Remembers a grid's features under `key` = `featureKey(rules, rowsKey)` (see `rules.ts`). */
  rememberFeatures(key: string, features: LevelFeatures | null): void;
  /** Remembers many at once: one store update (the pack's analysis in batches). O(cache + batch). */
  rememberFeaturesBatch(found: ReadonlyMap<string, LevelFeatures | null>): void;
}

export const EMPTY_PACK_NAME = 'My pack';

export function emptyPack(): LevelPack {
  return createPack(EMPTY_PACK_NAME, [], { createdWith: 'Longcat Studio 0.1.0' });
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const createPackSlice: SliceCreator<PackSlice> = () => (set, get) => {
  /** Warnings for a level about to be added: already in the pack, or unsolvable. */
  const warnAbout = (level: Level, features: LevelFeatures | null, name: string): void => {
    const key = levelKey(level);
    const same = get().pack.levels.find((l) => rowsKey(l.rows) === key);
    if (same !== undefined) get().notify('error', `“${name}” is the same grid as “${same.name}”, already in the pack.`);
    if (features !== null && features.nSolutions === 0) get().notify('error', `“${name}” has no solution.`);
  };
  const openDoc = (pack: LevelPack, id: string): { level: Level; levelName: string; open: { id: string; baseRows: string[]; baseName: string } } | null => {
    const l = pack.levels.find((x) => x.id === id);
    if (l === undefined) return null;
    const parsed = parseRows(l.rows);
    if (!parsed.ok) return null;
    return { level: contentOf(parsed.value), levelName: l.name, open: { id, baseRows: l.rows, baseName: l.name } };
  };
  return {
    pack: emptyPack(),
    packImport: null,
    pendingImport: null,
    featureCache: new Map(),

    addToPack: (entry, after) => {
      const { pack } = get();
      const from = entry.rules ?? DEFAULT_RULESET.name;
      if (from !== packRules(pack)) {
        get().notify('error', rulesMismatch(from, packRules(pack)));
        return null;
      }
      if (pack.levels.length >= MAX_PACK_LEVELS) return null;
      warnAbout(entry.level, entry.features, entry.name);
      const at = after === undefined ? pack.levels.length : pack.levels.findIndex((l) => l.id === after) + 1;
      let id: string | null = null;
      get().applyPackEdit(`Add “${entry.name}”`, (p) => {
        const r = insertLevels(p, [{ level: entry.level, name: entry.name, ...(entry.features !== null ? { features: { ...entry.features } } : {}), ...(entry.source !== undefined ? { source: entry.source } : {}), ...(entry.id !== undefined ? { id: entry.id } : {}) }], at);
        id = r.ids[0] ?? null;
        return r.pack;
      });
      if (entry.features !== null) get().rememberFeatures(featureKey(packRules(get().pack), levelKey(entry.level)), entry.features);
      return id;
    },
    addAllToPack: (label, entries) => {
      if (entries.length === 0) return [];
      // Levels made under other rules than the pack's are refused as a whole: their features mean something else here.
      const into = packRules(get().pack);
      const foreign = entries.find((e) => (e.rules ?? DEFAULT_RULESET.name) !== into);
      if (foreign !== undefined) {
        get().notify('error', rulesMismatch(foreign.rules ?? DEFAULT_RULESET.name, into));
        return [];
      }
      const before = new Set(get().pack.levels.map((l) => rowsKey(l.rows)));
      let ids: string[] = [];
      get().applyPackEdit(label, (p) => {
        const r = insertLevels(p, entries.map((e) => ({ level: e.level, name: e.name, ...(e.features !== null ? { features: { ...e.features } } : {}), ...(e.source !== undefined ? { source: e.source } : {}), ...(e.id !== undefined ? { id: e.id } : {}) })));
        ids = r.ids;
        return r.pack;
      }, { toast: `Added ${plural(entries.length, 'level')} to the pack.` });
      const added = entries.slice(0, ids.length);
      // One store update for the features the levels came with.
      const cache = new Map(get().featureCache);
      for (const e of added) if (e.features !== null) cache.set(featureKey(into, levelKey(e.level)), e.features);
      if (added.some((e) => e.features !== null)) set({ featureCache: cache });
      const repeated = added.filter((e) => before.has(levelKey(e.level))).length;
      if (repeated > 0) get().notify('error', `${plural(repeated, 'level')} of these ${repeated === 1 ? 'is' : 'are'} the same grid as a level already in the pack.`);
      const unsolvable = added.filter((e) => e.features !== null && e.features.nSolutions === 0).length;
      if (unsolvable > 0) get().notify('error', `${plural(unsolvable, 'added level')} ${unsolvable === 1 ? 'has' : 'have'} no solution.`);
      if (ids.length < entries.length) get().notify('error', `The pack is full: ${plural(entries.length - ids.length, 'level')} were not added.`);
      return ids;
    },
    addCurrentLevelToPack: () => {
      const { level, levelName, analysis, pack } = get();
      if (pack.levels.length >= MAX_PACK_LEVELS) return null;
      const graph = analysis.graph;
      const features = graph !== null && graph.levelKey === levelKey(level) && graphRules(graph) === packRules(pack) ? graph.features : null;
      warnAbout(level, features, levelName);
      let id: string | null = null;
      get().applyDocEdit(`Add “${levelName || 'level'}”`, (doc) => {
        const r = insertLevels(doc.pack, [{ level: doc.level, name: doc.levelName, ...(features !== null ? { features: { ...features } } : {}) }]);
        id = r.ids[0] ?? null;
        if (id === null) return doc;
        const added = r.pack.levels.find((l) => l.id === id)!;
        return { ...doc, pack: r.pack, levelName: added.name, open: { id, baseRows: added.rows, baseName: added.name } };
      });
      return id;
    },
    openPackLevel: (id) => {
      if (get().openInPack?.id === id) return;
      const target = get().pack.levels.find((l) => l.id === id);
      if (target === undefined) return;
      get().applyDocEdit(`Open “${target.name}”`, (doc) => {
        const o = openDoc(doc.pack, id);
        return o === null ? doc : { ...doc, ...o };
      });
      set({ mode: 'edit', play: null });
    },
    newPackLevel: () => {
      const { level, pack } = get();
      if (pack.levels.length >= MAX_PACK_LEVELS) return null;
      const cells = new Uint8Array(level.width * level.height);
      const blank: Level = { width: level.width, height: level.height, cells, head: 0 };
      let id: string | null = null;
      get().applyDocEdit('New level', (doc) => {
        const after = doc.open === null ? doc.pack.levels.length : doc.pack.levels.findIndex((l) => l.id === doc.open!.id) + 1;
        const r = insertLevels(doc.pack, [{ level: blank, name: 'new level' }], after);
        id = r.ids[0] ?? null;
        if (id === null) return doc;
        const o = openDoc(r.pack, id);
        return o === null ? doc : { ...doc, pack: r.pack, ...o };
      });
      return id;
    },
    duplicatePackLevel: (sourceId) => {
      const src = get().pack.levels.find((l) => l.id === sourceId);
      if (src === undefined || get().pack.levels.length >= MAX_PACK_LEVELS) return null;
      let id: string | null = null;
      get().applyDocEdit(`Duplicate “${src.name}”`, (doc) => {
        const parsed = parseRows(src.rows);
        if (!parsed.ok) return doc;
        const at = doc.pack.levels.findIndex((l) => l.id === sourceId) + 1;
        const r = insertLevels(doc.pack, [{ level: parsed.value, name: `${src.name} copy`, features: src.features, source: src.source }], at);
        id = r.ids[0] ?? null;
        if (id === null) return doc;
        const withMeta = updateLevel(r.pack, id, { ...(src.notes !== undefined ? { notes: src.notes } : {}), ...(src.tags !== undefined ? { tags: src.tags } : {}) });
        const o = openDoc(withMeta, id);
        return o === null ? doc : { ...doc, pack: withMeta, ...o };
      });
      return id;
    },
    renamePackLevel: (id, name) => {
      const old = get().pack.levels.find((l) => l.id === id);
      if (old === undefined) return;
      get().applyDocEdit(`Rename “${old.name}”`, (doc) => {
        const pack = renameLevel(doc.pack, id, name);
        if (pack === doc.pack) return doc;
        // The open level's name in the editor follows (and stays the baseline's concern, not a modification).
        if (doc.open?.id !== id) return { ...doc, pack };
        const renamed = pack.levels.find((l) => l.id === id)!;
        return { ...doc, pack, levelName: renamed.name };
      });
    },
    setPackLevelNotes: (id, notes) => {
      get().applyPackEdit('Edit notes', (p) => {
        const l = p.levels.find((x) => x.id === id);
        const clean = notes.slice(0, 2000);
        return l === undefined || (l.notes ?? '') === clean ? p : updateLevel(p, id, { notes: clean });
      }, { merge: `notes:${id}` });
    },
    setPackLevelTags: (id, tags) => {
      const clean = [...new Set(tags.map((t) => t.trim().toLowerCase().slice(0, 40)).filter((t) => t !== ''))].slice(0, 20);
      get().applyPackEdit('Edit tags', (p) => {
        const l = p.levels.find((x) => x.id === id);
        return l === undefined || (l.tags ?? []).join(',') === clean.join(',') ? p : updateLevel(p, id, { tags: clean });
      });
    },
    removePackLevel: (id) => {
      const l = get().pack.levels.find((x) => x.id === id);
      if (l === undefined) return;
      get().applyDocEdit(`Delete “${l.name}”`, (doc) => {
        const pack = removeLevel(doc.pack, id);
        // The editor keeps the level; it is just no longer in the pack.
        return { ...doc, pack, open: doc.open?.id === id ? null : doc.open };
      }, { toast: `Deleted “${l.name}”.` });
    },
    movePackLevel: (from, to) => {
      const l = get().pack.levels[from];
      if (l !== undefined) get().applyPackEdit(`Move “${l.name}” to ${to + 1}`, (p) => moveLevel(p, from, to));
    },
    sortPackByDifficulty: () => {
      const s = get();
      // A level still being analysed has no difficulty yet: sorting now would put it last for no reason.
      const pending = s.pack.levels.filter((l) => selectPackLevelStatus(s, l) === 'pending').length;
      if (pending > 0) {
        s.notify('error', `${plural(pending, 'level')} ${pending === 1 ? 'is' : 'are'} still being analysed, so the pack was not sorted; sort again when every difficulty is shown.`);
        return;
      }
      const changed = s.applyPackEdit('Sort by difficulty', (p) => sortLevels(p, (l) => selectPackLevelDifficulty(s, l)), { toast: 'Sorted the pack easiest first.' });
      if (!changed) s.notify('info', 'The pack is already sorted easiest first.');
    },
    dedupePack: () => {
      let removed = 0;
      get().applyDocEdit('Remove duplicates', (doc) => {
        const r = dedupeLevels(doc.pack);
        removed = r.removed;
        const openGone = doc.open !== null && !r.pack.levels.some((l) => l.id === doc.open!.id);
        return { ...doc, pack: r.pack, open: openGone ? null : doc.open };
      }, { toast: 'Removed duplicate levels.' });
      return removed;
    },
    setPackName: (name) => void get().applyPackEdit('Rename pack', (p) => renamePack(p, name), { merge: 'packName' }),
    setPackPlayOrder: (playOrder) => void get().applyPackEdit('Play order', (p) => setPlayOrder(p, playOrder)),
    importPackText: (text, fileName) => get().acceptCheckedPack(fileName, importPack(text)),
    acceptCheckedPack: (fileName, r) => {
      if (!r.ok) {
        set({ packImport: { fileName, ok: false, problems: r.error, warnings: [] }, pendingImport: null });
        return false;
      }
      set({ packImport: null, pendingImport: { fileName, pack: r.value.pack, warnings: r.value.warnings } });
      // An empty pack has nothing to lose: no need to ask.
      if (get().pack.levels.length === 0) get().resolveImport('replace');
      return true;
    },
    resolveImport: (mode) => {
      const pending = get().pendingImport;
      set({ pendingImport: null });
      if (pending === null || mode === 'cancel') return;
      const n = pending.pack.levels.length;
      const from = packRules(pending.pack), into = packRules(get().pack);
      if (mode === 'append' && from !== into) {
        // A pack has one ruleset (SPEC §12): the same rows are another puzzle under other rules.
        get().notify('error', `${pending.fileName} is a ${rulesetByName(from).title} pack and this one is ${rulesetByName(into).title}: replace the pack, or start a new ${rulesetByName(from).title} pack, to use its levels. Nothing was changed.`);
        return;
      }
      if (mode === 'replace') {
        get().applyDocEdit(`Import ${pending.fileName} (replace)`, (doc) => ({ ...doc, pack: pending.pack, open: null }), {
          toast: `Replaced the pack with “${pending.pack.name}” (${plural(n, 'level')}).`,
        });
      } else {
        let added = 0;
        get().applyPackEdit(`Import ${pending.fileName} (append)`, (p) => {
          const r = appendPackLevels(p, pending.pack.levels);
          added = r.ids.length;
          return r.pack;
        }, { toast: `Appended ${plural(n, 'level')} from ${pending.fileName}.` });
        if (added < n) get().notify('error', `The pack is full: ${plural(n - added, 'level')} of ${pending.fileName} were not added.`);
      }
      set({ packImport: { fileName: pending.fileName, ok: true, problems: [], warnings: pending.warnings } });
    },
    importLevels: (entries, fileName) => {
      let added = 0;
      get().applyPackEdit(`Import ${fileName}`, (p) => {
        const r = insertLevels(p, entries.map((e) => ({ level: e.level, name: e.name })));
        added = r.ids.length;
        return r.pack;
      }, { toast: `Added ${plural(entries.length, 'level')} from ${fileName}.` });
      if (added < entries.length) get().notify('error', `The pack is full: ${plural(entries.length - added, 'level')} were not added.`);
      return added;
    },
    rememberFeaturesBatch: (found) => {
      if (found.size === 0) return;
      const next = new Map(get().featureCache);
      for (const [key, features] of found) next.set(key, features);
      set({ featureCache: next });
    },
    dismissImportReport: () => set({ packImport: null }),
    newPack: (rules) => {
      const old = get().pack;
      const title = rulesetByName(rules).title;
      get().applyDocEdit(`New ${title} pack`, (doc) => ({ ...doc, pack: withPackRules(emptyPack(), rules), open: null }), {
        toast: old.levels.length === 0 ? `Started a new ${title} pack.` : `Started a new ${title} pack; Undo brings back “${old.name}” (${plural(old.levels.length, 'level')}).`,
      });
    },
    openLevelAs: (level, name, rules) => {
      const old = get().pack;
      if (packRules(old) === rules) {
        get().openLevel(level, name);
        return;
      }
      const title = rulesetByName(rules).title;
      get().applyDocEdit(`Open “${name}” (${title})`, (doc) => ({ ...doc, pack: withPackRules(emptyPack(), rules), level: contentOf(level), levelName: name, open: null }), {
        toast: old.levels.length === 0 ? `Started a new ${title} pack for it.` : `Started a new ${title} pack for it; Undo brings back “${old.name}” (${plural(old.levels.length, 'level')}).`,
      });
      set({ mode: 'edit', play: null });
    },
    setPack: (pack) => set({ pack }),
    rememberFeatures: (key, features) => {
      const cache = get().featureCache;
      if (cache.has(key) && cache.get(key) === features) return;
      const next = new Map(cache);
      next.set(key, features);
      set({ featureCache: next });
    },
  };
};

/** The rows of a pack level as the editor's level (null when they do not parse: never, for a checked pack). */
export function packLevelGrid(l: PackLevel): Level | null {
  const parsed = parseRows(l.rows);
  return parsed.ok ? contentOf(parsed.value) : null;
}
