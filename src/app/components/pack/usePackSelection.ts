/**
 * Selection and keyboard focus shared by the pack list and the pack grid.
 *
 * The collection is one Tab stop (roving tabindex): only the focused item
 * has `tabIndex` 0, the arrows move the focus inside (the grid moves by
 * rows too), Home/End jump to the ends. Selection follows the usual desktop
 * rules: a click selects one item; Ctrl (Cmd) + click adds or removes one;
 * Shift + click or Shift + arrow extends from the anchor; Ctrl+A selects
 * every item shown; Space toggles the focused item; Escape clears.
 */
import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useActions, useStudio } from '../../studioContext';

export interface PackSelectionHandlers {
  /** The id that holds the Tab stop. */
  readonly focusId: string | null;
  readonly selected: ReadonlySet<string>;
  /** `tabIndex` for the item `id`. */
  tabIndexOf(id: string): 0 | -1;
  /** A click on the item: select (with the modifiers' meaning). Returns true for a plain click. */
  onClick(e: MouseEvent, id: string): boolean;
  /**
   * Keys on the item. `columns` is how many items a row holds (1 for a
   * list). Returns true when the key was handled (the caller then stops it).
   */
  onKey(e: KeyboardEvent, id: string, columns: number): boolean;
  /** Remembers that `id` has the focus (a focus by mouse or by script). */
  onFocus(id: string): void;
}

/**
 * Focuses the element of `collection` whose `data-id` is `id` once React has
 * drawn it (a windowed collection may need a few frames to draw a row it
 * scrolled to).
 */
export function focusItem(collection: string, id: string, frames = 10): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-collection="${collection}"] [data-id="${CSS.escape(id)}"]`);
    if (el !== null) el.focus({ preventScroll: false });
    else if (frames > 1) focusItem(collection, id, frames - 1);
  });
}

/**
 * Selection and roving focus over `order` (the ids shown, in order).
 * `collection` names the container (its `data-collection`), for focusing;
 * `reveal` scrolls an item into view before it is focused (a windowed
 * collection draws only the rows on screen).
 */
export function usePackSelection(order: readonly string[], collection: string, reveal?: (index: number) => void): PackSelectionHandlers {
  const get = useActions();
  const selection = useStudio((s) => s.packSelection);
  const [focused, setFocused] = useState<string | null>(null);
  // Where the arrows last sent the focus, until it lands there: keys pressed before it lands (a fast key repeat,
  // a windowed row still being drawn) count from there, not from the row that still holds the focus.
  const moving = useRef<string | null>(null);
  const selected = new Set(selection);
  // The Tab stop: the focused item if still shown, else the first selected one shown, else the first.
  const focusId = focused !== null && order.includes(focused) ? focused : (order.find((id) => selected.has(id)) ?? order[0] ?? null);

  const onClick = useCallback((e: MouseEvent, id: string): boolean => {
    moving.current = null;
    setFocused(id);
    if (e.shiftKey) {
      get().selectPackRange(id, order);
      return false;
    }
    if (e.ctrlKey || e.metaKey) {
      get().togglePackSelection(id);
      return false;
    }
    get().selectPackLevels([id]);
    return true;
  }, [get, order]);

  const onKey = (e: KeyboardEvent, id: string, columns: number): boolean => {
    const from = moving.current !== null && order.includes(moving.current) ? moving.current : id;
    const at = order.indexOf(from);
    if (at < 0) return false;
    const step: Record<string, number> = { ArrowDown: columns, ArrowUp: -columns, Home: -Infinity, End: Infinity };
    if (columns > 1) Object.assign(step, { ArrowRight: 1, ArrowLeft: -1 });
    if (e.altKey) return false; // Alt+arrows reorder (the list's business)
    if (e.key in step) {
      const to = Math.max(0, Math.min(order.length - 1, at + step[e.key]!));
      const target = order[to]!;
      moving.current = target;
      setFocused(target);
      reveal?.(to);
      focusItem(collection, target);
      if (e.shiftKey) get().selectPackRange(target, order);
      else if (e.ctrlKey || e.metaKey) {
        // Ctrl+arrow moves the focus without touching the selection.
      } else get().selectPackLevels([target]);
      return true;
    }
    if (e.key === ' ' || e.key === 'Spacebar') {
      get().togglePackSelection(from);
      return true;
    }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
      get().selectPackLevels(order, from);
      return true;
    }
    if (e.key === 'Escape' && selection.length > 0) {
      get().clearPackSelection();
      return true;
    }
    return false;
  };

  return {
    focusId,
    selected,
    tabIndexOf: (id) => (id === focusId ? 0 : -1),
    onClick,
    onKey,
    onFocus: (id) => {
      if (moving.current === id) moving.current = null;
      setFocused(id);
    },
  };
}
