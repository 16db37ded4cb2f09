/** The level being edited, its name and the tool; every edit is one entry of the history (`historySlice`). */
import type { Level } from '../../core/level/level';
import { parseRows } from '../../core/level/format';
import {
  applyTool,
  clampSide,
  cellsOnLine,
  clearLevel,
  contentOf,
  mirrorLevel,
  resizeLevel,
  rotateLevel,
  STARTER_ROWS,
  type Tool,
} from './levelEdits';
import type { SliceCreator } from './types';

export interface LevelSlice {
  /** The level's content (no name: see `levelName`). */
  level: Level;
  levelName: string;
  tool: Tool;
  /** The cell under the pointer or the keyboard cursor. */
  cursor: number | null;
  /** A drag in progress: one history entry for the whole stroke (see `previewLevel`). */
  stroke: { tool: Tool; last: number } | null;

  setTool(tool: Tool): void;
  setCursor(cell: number | null): void;
  /** Starts a stroke at `cell` with `tool` (default: the selected tool) and applies it there. */
  beginStroke(cell: number, tool?: Tool): void;
  /** Extends the stroke to `cell`, painting every cell on the way. */
  continueStroke(cell: number): void;
  endStroke(): void;
  /** Applies the tool at one cell as its own undo step (keyboard). */
  applyAt(cell: number, tool?: Tool): void;
  resize(width: number, height: number): void;
  clear(): void;
  mirror(axis: 'horizontal' | 'vertical'): void;
  rotate(turn: 1 | -1): void;
  /** Opens a level that is not in the pack (generated, shared) in the editor (undoable). */
  openLevel(level: Level, name: string): void;
  /**
   * Replaces the editor's level with text the designer typed (Text…), one
   * undo step. The level stays what it was: a pack level open in place is
   * changed in place. `openedOn` is the pack level open when the text was
   * opened: if another is open now, nothing changes and a message says so.
   */
  applyLevelText(level: Level, name: string, openedOn: string | null): boolean;
  setLevelName(name: string): void;
}

const TOOL_LABEL: Record<Tool, string> = { wall: 'Paint wall', empty: 'Erase', head: 'Move head', goal: 'Move goal' };

export function starterLevel(): Level {
  const parsed = parseRows([...STARTER_ROWS]);
  if (!parsed.ok) throw new Error('the starter level does not parse');
  return parsed.value;
}

export const createLevelSlice: SliceCreator<LevelSlice> = () => (set, get) => ({
  level: starterLevel(),
  levelName: 'starter',
  tool: 'wall',
  cursor: null,
  stroke: null,

  setTool: (tool) => set({ tool }),
  setCursor: (cell) => {
    if (get().cursor !== cell) set({ cursor: cell });
  },
  beginStroke: (cell, tool) => {
    const use = tool ?? get().tool;
    set({ stroke: { tool: use, last: cell } });
    get().previewLevel(applyTool(get().level, cell, use));
  },
  continueStroke: (cell) => {
    const { stroke, level } = get();
    if (stroke === null || cell === stroke.last) return;
    let next = level;
    // The head tool drags the head; paint tools paint the whole line crossed.
    const cells = stroke.tool === 'head' || stroke.tool === 'goal' ? [cell] : cellsOnLine(level.width, stroke.last, cell);
    for (const c of cells) next = applyTool(next, c, stroke.tool);
    set({ stroke: { ...stroke, last: cell } });
    get().previewLevel(next);
  },
  endStroke: () => {
    const { stroke } = get();
    if (stroke === null) return;
    set({ stroke: null });
    get().commitPreview(TOOL_LABEL[stroke.tool]);
  },
  applyAt: (cell, tool) => {
    const use = tool ?? get().tool;
    get().applyLevelEdit(TOOL_LABEL[use], (l) => applyTool(l, cell, use));
  },
  resize: (width, height) => void get().applyLevelEdit(`Resize to ${clampSide(width)}×${clampSide(height)}`, (l) => resizeLevel(l, width, height)),
  clear: () => void get().applyLevelEdit('Clear walls', clearLevel),
  mirror: (axis) => void get().applyLevelEdit(axis === 'horizontal' ? 'Mirror left-right' : 'Mirror top-bottom', (l) => mirrorLevel(l, axis)),
  rotate: (turn) => void get().applyLevelEdit(turn === 1 ? 'Rotate clockwise' : 'Rotate counter-clockwise', (l) => rotateLevel(l, turn)),
  openLevel: (level, name) => {
    get().applyDocEdit(`Open “${name}”`, (doc) => ({ ...doc, level: contentOf(level), levelName: name, open: null }));
    set({ mode: 'edit', play: null });
  },
  applyLevelText: (level, name, openedOn) => {
    if ((get().openInPack?.id ?? null) !== openedOn) {
      get().notify('error', 'Another level was opened while the text was being edited; the text was not applied.');
      return false;
    }
    get().applyDocEdit('Edit as text', (doc) => ({ ...doc, level: contentOf(level), levelName: name }));
    set({ mode: 'edit', play: null });
    return true;
  },
  setLevelName: (name) => {
    // One entry per burst of typing, not one per letter.
    get().applyDocEdit('Rename level', (doc) => (doc.levelName === name ? doc : { ...doc, levelName: name }), { merge: 'levelName' });
  },
});
