/**
 * The pack list's selection (several levels at once, by Ctrl/Shift click or
 * Shift+arrows in the list or the grid) and the batch commands on it. The
 * selection is view state, not part of the document: it is not in the
 * history, and ids of levels that are gone (deleted, undone) are ignored by
 * {@link selectedPackIds}. Every batch command is one history entry, so one
 * Undo takes back the whole batch.
 */
import type { FieldValue, PackFieldDef } from '../../core/pack/fields';
import {
  addTagToLevels,
  defineField,
  moveLevelsTo,
  removeField,
  removeLevels,
  removeTagFromLevels,
  setFieldOnLevels,
  setNotesOnLevels,
} from './packEdits';
import type { SliceCreator, StudioState } from './types';

export interface PackSelectionSlice {
  /** Selected level ids, in the order they were selected. */
  packSelection: readonly string[];
  /** Where a Shift range starts: the last level clicked without Shift. */
  packAnchor: string | null;

  /** Selects exactly `ids` (and makes the first the anchor unless `anchor` is given). */
  selectPackLevels(ids: readonly string[], anchor?: string | null): void;
  /** Ctrl/Cmd-click: adds or removes one level, which becomes the anchor. */
  togglePackSelection(id: string): void;
  /** Shift-click or Shift+arrow: the levels of `order` from the anchor to `id`, inclusive. */
  selectPackRange(id: string, order: readonly string[]): void;
  clearPackSelection(): void;

  /** Adds (or removes) a tag on every selected level: one undo step. */
  tagPackSelection(tag: string, mode: 'add' | 'remove'): void;
  /** Sets the notes of every selected level: one undo step. */
  setPackSelectionNotes(notes: string): void;
  /** Sets (null: clears) a custom field on every selected level: one undo step. */
  setPackSelectionField(key: string, value: FieldValue | null): void;
  /** Moves the selected levels together so the first lands at index `to` (0: top, Infinity: bottom): one undo step. */
  movePackSelection(to: number): void;
  /** Deletes the selected levels: one undo step, with a toast to undo it. */
  deletePackSelection(): void;
  /** Sets (null: clears) a custom field of one level: one undo step. */
  setPackLevelField(id: string, key: string, value: FieldValue | null): void;
  /** Adds or replaces a custom field definition (values it no longer allows go, in the same step). */
  definePackField(def: PackFieldDef): boolean;
  /** Removes a custom field and its values: one undo step, with a toast. */
  removePackField(key: string): void;
}

/** The selected ids that are still in the pack, in pack order. O(levels). */
export function selectedPackIds(s: Pick<StudioState, 'pack' | 'packSelection'>): string[] {
  if (s.packSelection.length === 0) return [];
  const chosen = new Set(s.packSelection);
  return s.pack.levels.filter((l) => chosen.has(l.id)).map((l) => l.id);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const createPackSelectionSlice: SliceCreator<PackSelectionSlice> = () => (set, get) => {
  /** The live selection as a set, and its size; a command on an empty selection does nothing. */
  const current = (): { ids: Set<string>; n: number } => {
    const ids = selectedPackIds(get());
    return { ids: new Set(ids), n: ids.length };
  };
  return {
    packSelection: [],
    packAnchor: null,

    selectPackLevels: (ids, anchor) => set({ packSelection: [...ids], packAnchor: anchor === undefined ? (ids[0] ?? null) : anchor }),
    togglePackSelection: (id) => {
      const sel = get().packSelection;
      set({ packSelection: sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id], packAnchor: id });
    },
    selectPackRange: (id, order) => {
      const anchor = get().packAnchor;
      const from = anchor === null ? -1 : order.indexOf(anchor);
      const to = order.indexOf(id);
      if (to < 0) return;
      if (from < 0) {
        set({ packSelection: [id], packAnchor: id });
        return;
      }
      const [a, b] = from <= to ? [from, to] : [to, from];
      set({ packSelection: order.slice(a, b + 1) });
    },
    clearPackSelection: () => set({ packSelection: [], packAnchor: null }),

    tagPackSelection: (tag, mode) => {
      const { ids, n } = current();
      if (n === 0) return;
      const label = mode === 'add' ? `Tag ${plural(n, 'level')} “${tag.trim().toLowerCase()}”` : `Untag ${plural(n, 'level')} “${tag.trim().toLowerCase()}”`;
      const changed = get().applyPackEdit(label, (p) => (mode === 'add' ? addTagToLevels(p, ids, tag) : removeTagFromLevels(p, ids, tag)));
      if (!changed) get().notify('info', mode === 'add' ? 'Every selected level already has that tag.' : 'No selected level has that tag.');
    },
    setPackSelectionNotes: (notes) => {
      const { ids, n } = current();
      if (n === 0) return;
      get().applyPackEdit(`Notes on ${plural(n, 'level')}`, (p) => setNotesOnLevels(p, ids, notes));
    },
    setPackSelectionField: (key, value) => {
      const { ids, n } = current();
      if (n === 0) return;
      const def = (get().pack.fields ?? []).find((d) => d.key === key);
      if (def === undefined) return;
      get().applyPackEdit(value === null ? `Clear “${def.label}” on ${plural(n, 'level')}` : `Set “${def.label}” on ${plural(n, 'level')}`, (p) => setFieldOnLevels(p, ids, key, value));
    },
    setPackLevelField: (id, key, value) => {
      const def = (get().pack.fields ?? []).find((d) => d.key === key);
      const level = get().pack.levels.find((l) => l.id === id);
      if (def === undefined || level === undefined) return;
      get().applyPackEdit(`${value === null ? 'Clear' : 'Set'} “${def.label}” of “${level.name}”`, (p) => setFieldOnLevels(p, new Set([id]), key, value));
    },
    movePackSelection: (to) => {
      const { ids, n } = current();
      if (n === 0) return;
      const where = to <= 0 ? 'the top' : to === Infinity ? 'the bottom' : `position ${to + 1}`;
      get().applyPackEdit(`Move ${plural(n, 'level')} to ${where}`, (p) => moveLevelsTo(p, ids, to));
    },
    deletePackSelection: () => {
      const { ids, n } = current();
      if (n === 0) return;
      get().applyDocEdit(`Delete ${plural(n, 'level')}`, (doc) => {
        const pack = removeLevels(doc.pack, ids);
        // The editor keeps an open level that was deleted; it is just no longer in the pack.
        return { ...doc, pack, open: doc.open !== null && ids.has(doc.open.id) ? null : doc.open };
      }, { toast: `Deleted ${plural(n, 'level')}.` });
      set({ packSelection: [], packAnchor: null });
    },
    definePackField: (def) => {
      const existed = (get().pack.fields ?? []).some((d) => d.key === def.key);
      return get().applyPackEdit(existed ? `Change field “${def.label}”` : `Add field “${def.label}”`, (p) => defineField(p, def));
    },
    removePackField: (key) => {
      const def = (get().pack.fields ?? []).find((d) => d.key === key);
      if (def === undefined) return;
      get().applyPackEdit(`Remove field “${def.label}”`, (p) => removeField(p, key), { toast: `Removed the field “${def.label}” and its values.` });
    },
  };
};
