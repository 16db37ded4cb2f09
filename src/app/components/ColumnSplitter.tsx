/**
 * The splitter between the editor and the right column (gauge and graph):
 * drag it, or focus it and use the arrow keys, to give the graph more or
 * less width. Home gives the graph all the room the editor can spare, End
 * the least, a double click (or Enter) the default share. The width is
 * remembered across reloads (layoutPrefs.ts). A window separator in the
 * WAI-ARIA sense: role "separator", focusable, with its value in px.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { readLayoutPrefs, writeLayoutPrefs } from '../persistence/layoutPrefs';

/**
 * The studio grid's fixed parts (styles.css `.studio`): dock 288, two 8 px gaps, 8 px padding each
 * side, and the editor, which keeps at least 360 px once the designer has dragged (its tools wrap
 * onto more rows; the default layout keeps 400).
 */
const DOCK = 288, EDITOR_MIN = 360, GAPS = 16, PADDING = 16;
/** The right column is never narrower than this (the gauge needs it). */
export const GRAPH_COLUMN_MIN = 464;
/** One arrow-key step, px (Shift: four). */
const KEY_STEP = 32;

/** The widest the right column can be in a studio `studioWidth` px wide (border box). */
export const graphColumnMax = (studioWidth: number): number => Math.max(GRAPH_COLUMN_MIN, studioWidth - PADDING - DOCK - EDITOR_MIN - GAPS);

/** `width` kept within what the studio can give. */
export const clampGraphColumn = (width: number, studioWidth: number): number => Math.round(Math.max(GRAPH_COLUMN_MIN, Math.min(graphColumnMax(studioWidth), width)));

export function ColumnSplitter({ controls }: { /** id of the column it resizes. */ readonly controls: string }) {
  const handle = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(() => readLayoutPrefs().graphColumnWidth);
  const [, setMeasured] = useState(0);
  const drag = useRef<{ x: number; width: number; studio: number } | null>(null);

  // The grid reads the width from a custom property (clamped again in CSS, so a narrower window still fits).
  useLayoutEffect(() => {
    const studio = handle.current?.closest<HTMLElement>('.studio');
    if (studio === null || studio === undefined) return;
    if (width === null) {
      studio.style.removeProperty('--graph-column');
      studio.style.removeProperty('--editor-min');
    } else {
      studio.style.setProperty('--graph-column', `clamp(${GRAPH_COLUMN_MIN}px, ${width}px, calc(100% - ${DOCK + EDITOR_MIN + GAPS}px))`);
      studio.style.setProperty('--editor-min', `${EDITOR_MIN}px`);
    }
    // The value shown to assistive technology follows the window too.
    const onResize = (): void => setMeasured((m) => m + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [width]);

  const studioWidth = (): number => handle.current?.closest<HTMLElement>('.studio')?.clientWidth ?? window.innerWidth;
  /** The column's width now: the chosen one as the grid clamps it, else as laid out. */
  const shown = (): number => (width !== null ? clampGraphColumn(width, studioWidth()) : Math.round(handle.current?.parentElement?.getBoundingClientRect().width ?? GRAPH_COLUMN_MIN));
  const commit = (w: number | null): void => {
    setWidth(w);
    writeLayoutPrefs({ version: 1, graphColumnWidth: w });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: shown(), studio: studioWidth() };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    // Moving the splitter left widens the graph column.
    if (d !== null) setWidth(clampGraphColumn(d.width + d.x - e.clientX, d.studio));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>): void => {
    if (drag.current === null) return;
    const d = drag.current;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    commit(clampGraphColumn(d.width + d.x - e.clientX, d.studio));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const step = e.shiftKey ? 4 * KEY_STEP : KEY_STEP;
    const now = shown(), max = graphColumnMax(studioWidth());
    const next =
      e.key === 'ArrowLeft' ? now + step : e.key === 'ArrowRight' ? now - step : e.key === 'Home' ? max : e.key === 'End' ? GRAPH_COLUMN_MIN : e.key === 'Enter' ? null : undefined;
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    commit(next === null ? null : clampGraphColumn(next, studioWidth()));
  };

  const now = shown();
  return (
    <div
      ref={handle}
      className="column-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-controls={controls}
      aria-label="Resize the graph column (← wider, → narrower, Home widest, End narrowest, Enter default)"
      aria-valuemin={GRAPH_COLUMN_MIN}
      aria-valuemax={Math.round(graphColumnMax(studioWidth()))}
      aria-valuenow={now}
      aria-valuetext={`graph column ${now} px wide`}
      tabIndex={0}
      title="Drag to resize the graph column; double-click for the default"
      data-testid="studio.splitter"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => commit(null)}
      onKeyDown={onKeyDown}
    />
  );
}
