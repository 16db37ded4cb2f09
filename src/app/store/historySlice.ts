/**
 * The store's one undo history (see `history.ts` for the model and the API
 * editor tools use). Every change of the document — the editor's level,
 * its name, the pack — goes through `applyDocEdit` (or its level / pack
 * forms) and becomes one entry the history list shows and can jump back to.
 */
import type { Level } from '../../core/level/level';
import type { LevelPack } from '../../core/pack/schema';
import {
  EMPTY_HISTORY,
  jumpHistory,
  recordEntry,
  redoHistory,
  sameDoc,
  syncOpenLevel,
  undoHistory,
  type DocState,
  type History,
  type OpenLevel,
} from './history';
import type { SliceCreator, StudioState } from './types';

export interface EditOptions {
  /** Show a toast with Undo (delete, import, sort...: actions that are easy to regret). */
  readonly toast?: string;
  /** Merge with the previous entry of the same key made moments before (typing a name). */
  readonly merge?: string;
}

export interface HistorySlice {
  history: History;
  /** The pack level the editor edits in place, or null. */
  openInPack: OpenLevel | null;
  /** The document when the gesture being previewed began (a drag), or null. */
  previewBase: DocState | null;

  /** Runs `edit` on the whole document and records one entry named `label`; false when nothing changed. */
  applyDocEdit(label: string, edit: (doc: DocState) => DocState, options?: EditOptions): boolean;
  /** Runs `edit` on the editor's level (return the same object for "no change"); the open pack level follows. */
  applyLevelEdit(label: string, edit: (level: Level) => Level, options?: EditOptions): boolean;
  applyPackEdit(label: string, edit: (pack: LevelPack) => LevelPack, options?: EditOptions): boolean;
  /** Shows `level` at once without recording (a drag in progress); `commitPreview` records the gesture. */
  previewLevel(level: Level): void;
  commitPreview(label: string): void;
  cancelPreview(): void;
  undo(): void;
  redo(): void;
  /** Puts back the document after the first `index` entries (the history list). */
  jumpTo(index: number): void;
  /** Undoes entry `id` if it is still the last one done (a toast's Undo); otherwise says why not. */
  undoEntry(id: string): void;
  /** Runs `edits` (any number of the actions above) as one history entry named `label`. */
  groupEdits(label: string, edits: () => void): boolean;
  /** Replaces the history (persistence: a validated saved history). */
  restoreHistory(history: History): void;
}

/** The document fields of the store. */
export function currentDoc(s: Pick<StudioState, 'level' | 'levelName' | 'pack' | 'openInPack'>): DocState {
  return { level: s.level, levelName: s.levelName, pack: s.pack, open: s.openInPack };
}

/** The store fields to set for `doc` (level changes also leave a shown state, replay or hover). */
export function docFields(s: Pick<StudioState, 'level'>, doc: DocState): Partial<StudioState> {
  return {
    level: doc.level,
    levelName: doc.levelName,
    pack: doc.pack,
    openInPack: doc.open,
    ...(doc.level !== s.level ? { selectedNode: null, hoveredNode: null, replay: null } : {}),
  };
}

export const createHistorySlice: SliceCreator<HistorySlice> = (deps) => (set, get) => {
  /** > 0 inside `groupEdits`: the group records one entry at its end. */
  let grouping = 0;
  const record = (label: string, before: DocState, after: DocState, options?: EditOptions): void => {
    if (grouping > 0) return;
    const id = deps.newId();
    const history = recordEntry(get().history, { id, label, at: deps.now(), before, after, ...(options?.merge !== undefined ? { mergeKey: options.merge } : {}) });
    set({ history });
    if (options?.toast !== undefined) get().notify('info', options.toast, id);
  };
  /**
   * True (and a message says why) when this tab may not change the
   * document: another tab owns the saved workspace, or the database was
   * closed under this one. An edit accepted here would never be saved.
   */
  const refused = (): boolean => {
    const role = get().tabRole;
    if (role !== 'read-only' && role !== 'closed') return false;
    const text = role === 'read-only'
      ? 'This tab is read-only: the studio is open in another tab, which saves your work. Edit there, or choose “Take over here” to edit in this tab.'
      : 'This tab stopped saving (another tab opened a newer version); reload it to edit again.';
    if (get().messages.at(-1)?.text !== text) get().notify('error', text);
    return true;
  };
  /** A gesture still being previewed is committed before anything else touches the history. */
  const settle = (): void => {
    if (get().previewBase !== null) get().commitPreview('Edit');
  };
  return {
    history: EMPTY_HISTORY,
    openInPack: null,
    previewBase: null,

    applyDocEdit: (label, edit, options) => {
      if (refused()) return false;
      settle();
      const s = get();
      const before = currentDoc(s);
      const after = syncOpenLevel(edit(before));
      if (sameDoc(before, after)) return false;
      set(docFields(s, after));
      record(label, before, after, options);
      return true;
    },
    applyLevelEdit: (label, edit, options) => get().applyDocEdit(label, (doc) => {
      const level = edit(doc.level);
      return level === doc.level ? doc : { ...doc, level };
    }, options),
    applyPackEdit: (label, edit, options) => get().applyDocEdit(label, (doc) => {
      const pack = edit(doc.pack);
      return pack === doc.pack ? doc : { ...doc, pack };
    }, options),
    previewLevel: (level) => {
      if (refused()) return;
      const s = get();
      if (level === s.level) return;
      const base = s.previewBase ?? currentDoc(s);
      const after = syncOpenLevel({ ...currentDoc(s), level });
      set({ ...docFields(s, after), previewBase: base });
    },
    commitPreview: (label) => {
      const s = get();
      const base = s.previewBase;
      if (base === null) return;
      set({ previewBase: null });
      record(label, base, currentDoc(s));
    },
    cancelPreview: () => {
      const s = get();
      if (s.previewBase === null) return;
      set({ ...docFields(s, s.previewBase), previewBase: null });
    },
    undo: () => {
      if (refused()) return;
      settle();
      const r = undoHistory(get().history);
      if (r !== null) set({ ...docFields(get(), r.doc), history: r.history });
    },
    redo: () => {
      if (refused()) return;
      settle();
      const r = redoHistory(get().history);
      if (r !== null) set({ ...docFields(get(), r.doc), history: r.history });
    },
    jumpTo: (index) => {
      if (refused()) return;
      settle();
      const r = jumpHistory(get().history, index);
      if (r !== null) set({ ...docFields(get(), r.doc), history: r.history });
    },
    undoEntry: (id) => {
      settle();
      const { history } = get();
      const last = history.entries[history.index - 1];
      if (last?.id === id) {
        get().undo();
        return;
      }
      const entry = history.entries.find((e) => e.id === id);
      const why = entry === undefined
        ? 'That change is no longer in the history.'
        : history.entries.indexOf(entry) >= history.index
          ? `“${entry.label}” is already undone.`
          : `Later changes came after “${entry.label}”; go back to it in the history list.`;
      get().notify('error', why);
    },
    groupEdits: (label, edits) => {
      settle();
      const before = currentDoc(get());
      grouping++;
      try {
        edits();
        settle();
      } finally {
        grouping--;
      }
      const after = currentDoc(get());
      if (grouping > 0 || sameDoc(before, after)) return !sameDoc(before, after);
      record(label, before, after);
      return true;
    },
    restoreHistory: (history) => set({ history, previewBase: null }),
  };
};
