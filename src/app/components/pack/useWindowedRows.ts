/**
 * Windowing for the pack list and the pack grid: only the rows near the
 * visible part of their scrolling container are drawn, so a pack of
 * thousands of levels costs one screenful of rows per redraw.
 *
 * The collection keeps its place in the page (the container that scrolls
 * is its nearest scrolling ancestor: the dock's body, the main view); the
 * rows not drawn are stood in for by padding above and below, measured as
 * rows are drawn (`@tanstack/react-virtual`). Packs of up to
 * `WINDOW_FROM` rows are drawn whole (nothing to gain, and every row stays
 * in the accessibility tree). Rows named in `keep` (the one holding the
 * Tab stop) are always drawn, so the collection never loses its Tab stop.
 *
 * A row is never measured while it is not laid out: the studio page stays
 * mounted, hidden, while another view is shown (the dock's pack list under
 * the pack overview), and a hidden row measures 0 px. Taking that size made
 * every row fit the screen, so each redraw while hidden (a difficulty
 * arriving) drew more rows, measured them 0 and drew more again, nested in
 * one commit, until React stopped with "maximum update depth" (#185). A
 * hidden row keeps the size it had (or the estimate): see {@link laidOutSize}.
 */
import { defaultRangeExtractor, measureElement, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Collections with more items than this are windowed. */
export const WINDOW_FROM = 200;

/**
 * The row's height as laid out, or, when it is not laid out (measured 0:
 * inside a hidden view, or detached), the size already known for it (the
 * estimate before any): a hidden collection keeps its measurements.
 */
export function laidOutSize(measured: number, known: number | undefined, estimate: number): number {
  return measured > 0 ? measured : (known ?? estimate);
}

/** The nearest ancestor of `el` that scrolls vertically (null when none: the studio's views all scroll inside the page). */
function scrollParentOf(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p !== null; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return null;
}

export interface WindowedRows<E extends HTMLElement> {
  /** The collection's element (where the rows go). */
  readonly ref: React.RefObject<E | null>;
  /** The row indices to draw, in order. */
  readonly indices: readonly number[];
  /** Padding that stands in for the rows not drawn, above and below, px. */
  readonly padTop: number;
  readonly padBottom: number;
  /**
   * Space above each drawn row (aligned with `indices`) standing in for rows
   * skipped between it and the previous drawn row (a kept row far from the
   * screen), px; 0 for consecutive rows.
   */
  readonly spaceBefore: readonly number[];
  /** Ref for a drawn row (its `data-index` must be its row index): measures its height. */
  readonly measure: (el: Element | null) => void;
  /** Scrolls row `index` into view (drawing it), if it is not. */
  readonly reveal: (index: number) => void;
  readonly windowed: boolean;
}

/**
 * `estimate`: a row's usual height, px; `keep`: rows always drawn; `gap`:
 * space between rows, px; `itemCount`: how many items the collection holds
 * (more than `WINDOW_FROM` and the rows are windowed). The pack list and grid
 * pass the whole pack's size, filtered or not: a search in a pack of 5,000
 * that matches a hundred levels draws a screenful of them, not all hundred
 * with their thumbnails in one task.
 */
export function useWindowedRows<E extends HTMLElement>(count: number, estimate: number, keep: readonly number[], gap = 0, itemCount = count): WindowedRows<E> {
  const ref = useRef<E | null>(null);
  const [scrollEl, setScrollEl] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  const windowed = itemCount > WINDOW_FROM;
  /** The element whose scrolling ancestor was looked up, and that ancestor (looked up once per element: reading styles costs a style pass). */
  const parentOf = useRef<{ el: E | null; parent: HTMLElement | null } | null>(null);
  // Where the collection starts inside its scrolling container (what is above it can change: re-read after each draw;
  // the state is set only when it moved, so this settles after one more draw). Read in the next frame, where the page is
  // laid out anyway, not during React's commit: reading it there laid the page out inside the task of the change
  // (a 5,000-level import's task paid a layout it did not need).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!windowed) return;
    const el = ref.current;
    if (parentOf.current?.el !== el) parentOf.current = { el, parent: scrollParentOf(el) };
    const parent = parentOf.current.parent;
    if (parent !== scrollEl) setScrollEl(parent);
    if (el === null || parent === null) return;
    const frame = requestAnimationFrame(() => {
      // Not laid out (a hidden view): its place cannot be read; the one known stays.
      if (el.getClientRects().length === 0) return;
      const top = el.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop;
      setMargin((m) => (Math.abs(top - m) > 1 ? top : m));
    });
    return () => cancelAnimationFrame(frame);
  });
  const keepKey = keep.join(',');
  const rangeExtractor = useCallback(
    (range: Range): number[] => {
      const shown = defaultRangeExtractor(range);
      const extra = keepKey === '' ? [] : keepKey.split(',').map(Number).filter((i) => i >= 0 && i < range.count && !shown.includes(i));
      return extra.length === 0 ? shown : [...shown, ...extra].sort((a, b) => a - b);
    },
    [keepKey],
  );
  const v: Virtualizer<HTMLElement, Element> = useVirtualizer({
    count: windowed ? count : 0,
    getScrollElement: () => scrollEl,
    estimateSize: () => estimate,
    overscan: 6,
    gap,
    scrollMargin: margin,
    rangeExtractor,
    measureElement: (el, entry, instance) => {
      const known = instance.measurementsCache[instance.indexFromElement(el)]?.size;
      // A row just drawn (no ResizeObserver entry yet) is not read now: reading its height would lay the page out
      // in the middle of React's commit, once per row with a redraw between (5,000 levels: a third of the import's
      // task). The observer reports its size after layout, and the row takes it then.
      if (entry === undefined) return known ?? estimate;
      return laidOutSize(measureElement(el, entry, instance), known, estimate);
    },
    // Until the container is known (first draw), draw the first screenful.
    initialRect: { width: 0, height: 800 },
  });
  const items = v.getVirtualItems();
  const total = v.getTotalSize();
  const first = items[0];
  const last = items[items.length - 1];
  const windowedPad = windowed && first !== undefined && last !== undefined;
  let indices: number[];
  if (!windowed) indices = Array.from({ length: count }, (_, i) => i);
  else if (items.length > 0) indices = items.map((it) => it.index);
  // No size known yet for the container (not laid out): the first rows and the kept ones.
  else indices = [...new Set([...Array.from({ length: Math.min(count, 30) }, (_, i) => i), ...keep.filter((i) => i >= 0 && i < count)])].sort((a, b) => a - b);
  const spaceBefore = windowed && items.length === indices.length ? items.map((it, k) => (k === 0 ? 0 : Math.max(0, it.start - items[k - 1]!.end - gap))) : indices.map(() => 0);
  return {
    ref,
    indices,
    spaceBefore,
    padTop: windowedPad ? Math.max(0, first.start - margin) : 0,
    padBottom: windowedPad ? Math.max(0, total - (last.end - margin)) : windowed ? Math.max(0, (count - indices.length) * (estimate + gap)) : 0,
    measure: v.measureElement,
    reveal: (index) => {
      if (windowed) v.scrollToIndex(index, { align: 'auto' });
    },
    windowed,
  };
}
