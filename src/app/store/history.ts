/**
 * One undo history for the whole document: the level in the editor, its
 * name, and the pack (every pack operation). Pure functions over immutable
 * values; the store's `historySlice` is the only caller that keeps state.
 *
 * The model is a list of snapshots with structural sharing: an entry holds
 * the document before and after one user action, and since levels, packs
 * and pack levels are never mutated, a snapshot costs a few references, not
 * a copy. Undo puts `before` back, redo puts `after` back, and jumping to a
 * point of the history list puts back the document as it was there.
 *
 * ## The API for editor tools (store actions, `historySlice.ts`)
 *
 * - `applyLevelEdit(label, edit)`: `edit(level) => level` runs on the
 *   editor's level and, if it returned a different object, records one
 *   undoable entry named `label` ("Fill", "Paste"). Return the same object
 *   for "nothing changed" (no entry). The open pack level follows.
 * - `previewLevel(level)` then `commitPreview(label)` (or `cancelPreview()`):
 *   for drags (a stroke, a rectangle being drawn): the grid shows each
 *   preview at once, and the whole gesture becomes one entry on commit.
 * - `applyPackEdit(label, edit, { destructive })`: the same for the pack;
 *   `destructive` also shows a toast with Undo.
 * - `applyDocEdit(label, edit)`: both at once (open a level, import).
 * - `undo()`, `redo()`, `jumpTo(index)`.
 */
import { toRows, type Level } from '../../core/level/level';
import type { LevelPack, PackLevel } from '../../core/pack/schema';

/** The pack level being edited in place, and what it was when opened (for the "modified" marker). */
export interface OpenLevel {
  readonly id: string;
  readonly baseRows: readonly string[];
  readonly baseName: string;
}

/** Everything undo can bring back. */
export interface DocState {
  readonly level: Level;
  readonly levelName: string;
  readonly pack: LevelPack;
  /** The pack level the editor edits in place, or null for a level not in the pack. */
  readonly open: OpenLevel | null;
}

export interface HistoryEntry {
  readonly id: string;
  /** What the user did, as the history list shows it ("Paint wall", "Sort by difficulty"). */
  readonly label: string;
  /** Wall-clock milliseconds. */
  readonly at: number;
  readonly before: DocState;
  readonly after: DocState;
  /**
   * Entries with the same key in a quick run merge into one (typing a name
   * is one entry, not one per letter): see {@link MERGE_WINDOW_MS}.
   */
  readonly mergeKey?: string;
}

/** `entries[0..index)` are done, `entries[index..)` can be redone. */
export interface History {
  readonly entries: readonly HistoryEntry[];
  readonly index: number;
}

/** Most entries kept (oldest dropped first). */
export const HISTORY_LIMIT = 200;

export const EMPTY_HISTORY: History = { entries: [], index: 0 };

/** Edits with the same merge key less than this apart (ms) are one entry. */
export const MERGE_WINDOW_MS = 1500;

/** True when two documents are the same objects (nothing to record). O(1). */
export function sameDoc(a: DocState, b: DocState): boolean {
  return a.level === b.level && a.levelName === b.levelName && a.pack === b.pack && a.open === b.open;
}

/**
 * Records one action: drops the redo tail, appends the entry, keeps the
 * last `limit` entries. An entry with the last one's `mergeKey`, soon after
 * it, extends that entry instead. Returns the history unchanged when `before` and
 * `after` are the same document.
 */
export function recordEntry(history: History, entry: HistoryEntry, limit = HISTORY_LIMIT): History {
  if (sameDoc(entry.before, entry.after)) return history;
  const last = history.index === history.entries.length ? history.entries[history.index - 1] : undefined;
  if (last !== undefined && entry.mergeKey !== undefined && last.mergeKey === entry.mergeKey && entry.at - last.at < MERGE_WINDOW_MS && sameDoc(last.after, entry.before)) {
    const rest = history.entries.slice(0, -1);
    // Typing back to where the run began leaves no entry at all.
    if (sameDoc(last.before, entry.after)) return { entries: rest, index: rest.length };
    const merged = [...rest, { ...last, after: entry.after, at: entry.at }];
    return { entries: merged, index: merged.length };
  }
  const entries = [...history.entries.slice(0, history.index), entry];
  const kept = entries.length > limit ? entries.slice(entries.length - limit) : entries;
  return { entries: kept, index: kept.length };
}

/** The document after the first `index` entries (0: before the first kept entry). */
export function docAt(history: History, index: number): DocState | null {
  if (index < 0 || index > history.entries.length || history.entries.length === 0) return null;
  return index === 0 ? history.entries[0]!.before : history.entries[index - 1]!.after;
}

/** Moves to `index` (0..entries.length): the history and the document to show, or null when out of range or already there. */
export function jumpHistory(history: History, index: number): { history: History; doc: DocState } | null {
  if (index === history.index) return null;
  const doc = docAt(history, index);
  return doc === null ? null : { history: { ...history, index }, doc };
}

export function undoHistory(history: History): { history: History; doc: DocState; entry: HistoryEntry } | null {
  const r = jumpHistory(history, history.index - 1);
  return r === null ? null : { ...r, entry: history.entries[history.index - 1]! };
}

export function redoHistory(history: History): { history: History; doc: DocState; entry: HistoryEntry } | null {
  const r = jumpHistory(history, history.index + 1);
  return r === null ? null : { ...r, entry: history.entries[history.index]! };
}

/** True when rows are the same text. */
export function sameRows(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r, i) => r === b[i]);
}

/**
 * Writes the editor's level and name into the open pack level (edit in
 * place). The rows' features no longer apply when the grid changed, so they
 * are dropped (the studio computes them again). Returns `doc` itself when
 * the pack level already matches, or when the open level is gone.
 */
export function syncOpenLevel(doc: DocState): DocState {
  if (doc.open === null) return doc;
  const id = doc.open.id;
  const index = doc.pack.levels.findIndex((l) => l.id === id);
  if (index < 0) return { ...doc, open: null };
  const current = doc.pack.levels[index]!;
  const rows = toRows(doc.level);
  const name = doc.levelName.trim() === '' ? current.name : doc.levelName.trim().slice(0, 200);
  const rowsChanged = !sameRows(rows, current.rows);
  if (!rowsChanged && name === current.name) return doc;
  const next: PackLevel = rowsChanged ? { ...current, rows, name, features: {}, difficulty: null } : { ...current, name };
  const levels = doc.pack.levels.slice();
  levels[index] = next;
  return { ...doc, pack: { ...doc.pack, levels } };
}

/** True when the open pack level differs from what it was when opened. */
export function openLevelModified(doc: Pick<DocState, 'pack' | 'open'>): boolean {
  if (doc.open === null) return false;
  const id = doc.open.id;
  const l = doc.pack.levels.find((x) => x.id === id);
  return l !== undefined && (!sameRows(l.rows, doc.open.baseRows) || l.name !== doc.open.baseName);
}
