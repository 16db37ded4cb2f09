/**
 * The editor's shape tools (brush, rectangle, line, flood fill, selection),
 * the selection and the clipboard, shifting and cropping. Every change goes
 * through the one history (`applyLevelEdit`, or `previewLevel` and
 * `commitPreview` for a drag), so each is one undo step. The clipboard is
 * not part of the document: it survives opening another level, which is how
 * content is pasted between levels.
 */
import {
  clearRect, copyRect, cropToContent, floodFill, moveRect, paintCells, pasteClip, rectBetween, rectCells, resizeAnchored, shiftLevel,
  type Anchor, type CellRect, type Clip, type GridKind,
} from '../../core/level/gridOps';
import { cellsOnLine } from './levelEdits';
import type { SliceCreator } from './types';

export const GRID_ZOOM_MIN = 0.5;
export const GRID_ZOOM_MAX = 4;

export type Shape = 'brush' | 'rect' | 'line' | 'fill' | 'select';

export interface EditorToolsSlice {
  shape: Shape;
  /** A rectangle, line or selection drag in progress. */
  shapeDrag: { readonly anchor: number; readonly kind: GridKind } | null;
  selection: CellRect | null;
  clipboard: Clip | null;
  /** Where the old content stays when the level is resized. */
  resizeAnchor: Anchor;
  /** The grid's zoom: 1 fits the panel; above 1 the stage scrolls (pans). */
  gridZoom: number;

  setShape(shape: Shape): void;
  /** Pointer down on `cell`; `kind` from the tool or the button (right: empty). Returns false for the brush (the stroke handles it). */
  shapeDown(cell: number, kind: GridKind): boolean;
  shapeMove(cell: number): void;
  shapeUp(): void;
  setSelection(rect: CellRect | null): void;
  copySelection(): boolean;
  cutSelection(): boolean;
  /** Pastes `clip` (it becomes the clipboard), else the clipboard, at the selection's corner, else the cursor, else the top-left. */
  paste(clip?: Clip): boolean;
  deleteSelection(): boolean;
  /** Moves the selection's content by one step (and the selection with it). */
  moveSelection(dx: number, dy: number): boolean;
  /** Shifts the whole level by (dx, dy), wrapping round. */
  shiftContent(dx: number, dy: number): void;
  cropToContent(): void;
  setResizeAnchor(anchor: Anchor): void;
  /** Sets the grid zoom, clamped to {@link GRID_ZOOM_MIN}..{@link GRID_ZOOM_MAX}. */
  setGridZoom(zoom: number): void;
  /** Resizes with the anchor; an impossible size or a cut-off head is answered by a message and changes nothing. */
  resizeWithAnchor(width: number, height: number): boolean;
}

/** The selection if it still lies inside the level (another level may have been opened since). */
function inside(rect: CellRect | null, level: { width: number; height: number }): CellRect | null {
  return rect !== null && rect.x1 < level.width && rect.y1 < level.height ? rect : null;
}

const SHAPE_LABEL: Record<'rect' | 'line', string> = { rect: 'Rectangle', line: 'Line' };

export const createEditorToolsSlice: SliceCreator<EditorToolsSlice> = () => (set, get) => ({
  shape: 'brush',
  shapeDrag: null,
  selection: null,
  clipboard: null,
  resizeAnchor: { x: -1, y: -1 },
  gridZoom: 1,

  setShape: (shape) => set({ shape, shapeDrag: null, ...(shape !== 'select' ? { selection: null } : {}) }),
  shapeDown: (cell, kind) => {
    const { shape, level } = get();
    if (shape === 'brush') return false;
    if (shape === 'fill') {
      get().applyLevelEdit(`Fill with ${kind === 'wall' ? 'walls' : 'empty cells'}`, (l) => floodFill(l, cell, kind));
      return true;
    }
    set({ shapeDrag: { anchor: cell, kind } });
    if (shape === 'select') set({ selection: rectBetween(level.width, level.height, cell, cell) });
    else get().shapeMove(cell);
    return true;
  },
  shapeMove: (cell) => {
    const { shape, shapeDrag } = get();
    if (shapeDrag === null) return;
    // Always from the level as it was when the drag began.
    const base = get().previewBase?.level ?? get().level;
    if (shape === 'select') set({ selection: rectBetween(base.width, base.height, shapeDrag.anchor, cell) });
    else if (shape === 'rect') get().previewLevel(paintCells(base, rectCells(base.width, rectBetween(base.width, base.height, shapeDrag.anchor, cell)), shapeDrag.kind));
    else if (shape === 'line') get().previewLevel(paintCells(base, cellsOnLine(base.width, shapeDrag.anchor, cell), shapeDrag.kind));
  },
  shapeUp: () => {
    const { shape, shapeDrag } = get();
    if (shapeDrag === null) return;
    set({ shapeDrag: null });
    if (shape === 'rect' || shape === 'line') get().commitPreview(`${SHAPE_LABEL[shape]} of ${shapeDrag.kind === 'wall' ? 'walls' : 'empty cells'}`);
  },
  setSelection: (rect) => set({ selection: rect }),
  copySelection: () => {
    const { level } = get();
    const selection = inside(get().selection, level);
    if (selection === null) return false;
    set({ clipboard: copyRect(level, selection) });
    get().notify('info', `Copied ${selection.x1 - selection.x0 + 1}×${selection.y1 - selection.y0 + 1} cells.`);
    return true;
  },
  cutSelection: () => {
    const { level } = get();
    const selection = inside(get().selection, level);
    if (selection === null) return false;
    set({ clipboard: copyRect(level, selection) });
    get().applyLevelEdit('Cut', (l) => clearRect(l, selection));
    return true;
  },
  paste: (clip) => {
    if (clip !== undefined) set({ clipboard: clip });
    const { clipboard, selection, cursor, level } = get();
    if (clipboard === null) {
      get().notify('error', 'Nothing to paste: select cells (S) and copy them (Ctrl+C) first.');
      return false;
    }
    const at = selection !== null ? { x: selection.x0, y: selection.y0 } : cursor !== null ? { x: cursor % level.width, y: Math.floor(cursor / level.width) } : { x: 0, y: 0 };
    get().applyLevelEdit('Paste', (l) => pasteClip(l, clipboard, at.x, at.y));
    const l = get().level;
    set({ shape: 'select', selection: { x0: at.x, y0: at.y, x1: Math.min(l.width - 1, at.x + clipboard.width - 1), y1: Math.min(l.height - 1, at.y + clipboard.height - 1) } });
    return true;
  },
  deleteSelection: () => {
    const { level } = get();
    const selection = inside(get().selection, level);
    if (selection === null) return false;
    get().applyLevelEdit('Delete selection', (l) => clearRect(l, selection));
    return true;
  },
  moveSelection: (dx, dy) => {
    const { level } = get();
    const selection = inside(get().selection, level);
    if (selection === null) return false;
    const x0 = selection.x0 + dx, y0 = selection.y0 + dy, x1 = selection.x1 + dx, y1 = selection.y1 + dy;
    if (x0 < 0 || y0 < 0 || x1 >= level.width || y1 >= level.height) return true; // at the edge: stays
    get().applyLevelEdit('Move selection', (l) => moveRect(l, selection, dx, dy));
    set({ selection: { x0, y0, x1, y1 } });
    return true;
  },
  shiftContent: (dx, dy) => void get().applyLevelEdit(`Shift ${dx > 0 ? 'right' : dx < 0 ? 'left' : dy > 0 ? 'down' : 'up'}`, (l) => shiftLevel(l, dx, dy)),
  cropToContent: () => {
    if (!get().applyLevelEdit('Crop to content', cropToContent)) get().notify('info', 'Nothing to crop: no wall-only rows or columns at the edges.');
  },
  setResizeAnchor: (anchor) => set({ resizeAnchor: anchor }),
  setGridZoom: (zoom) => set({ gridZoom: Math.max(GRID_ZOOM_MIN, Math.min(GRID_ZOOM_MAX, zoom)) }),
  resizeWithAnchor: (width, height) => {
    const r = resizeAnchored(get().level, width, height, get().resizeAnchor);
    if (!r.ok) {
      get().notify('error', `${r.error.message} The level stays ${get().level.width}×${get().level.height}.`);
      return false;
    }
    get().applyLevelEdit(`Resize to ${width}×${height}`, () => r.value);
    set({ selection: null });
    return true;
  },
});
