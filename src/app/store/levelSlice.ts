/** The level being edited, its name, the tool, and undo/redo (also across resizes). */
import type { Level } from '../../core/level/level';
import { parseRows } from '../../core/level/format';
import {
  applyTool,
  cellsOnLine,
  clearLevel,
  contentOf,
  mirrorLevel,
  resizeLevel,
  rotateLevel,
  STARTER_ROWS,
  type Tool,
} from './levelEdits';
import type { SliceCreator, StudioState } from './types';

/** Most undo steps kept. */
export const HISTORY_LIMIT = 200;

export interface LevelSlice {
  /** The level's content (no name: see `levelName`). */
  level: Level;
  levelName: string;
  past: Level[];
  future: Level[];
  tool: Tool;
  /** The cell under the pointer or the keyboard cursor. */
  cursor: number | null;
  /** A drag in progress: one history entry for the whole stroke. */
  stroke: { tool: Tool; last: number; before: Level } | null;

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
  /** Opens a level in the editor (undoable). */
  openLevel(level: Level, name: string): void;
  setLevelName(name: string): void;
  undo(): void;
  redo(): void;
}

export function starterLevel(): Level {
  const parsed = parseRows([...STARTER_ROWS]);
  if (!parsed.ok) throw new Error('the starter level does not parse');
  return parsed.value;
}

/** State changes that go with any change of the level's content. */
function onContentChange(next: Level): Partial<StudioState> {
  return { level: next, selectedNode: null, hoveredNode: null, replay: null };
}

export const createLevelSlice: SliceCreator<LevelSlice> = () => (set, get) => {
  /** Records `next` as a new undo step (unless nothing changed). */
  const commit = (next: Level): void => {
    const { level, past } = get();
    if (next === level) return;
    set({ ...onContentChange(next), past: [...past, level].slice(-HISTORY_LIMIT), future: [] });
  };
  return {
    level: starterLevel(),
    levelName: 'starter',
    past: [],
    future: [],
    tool: 'wall',
    cursor: null,
    stroke: null,

    setTool: (tool) => set({ tool }),
    setCursor: (cell) => {
      if (get().cursor !== cell) set({ cursor: cell });
    },
    beginStroke: (cell, tool) => {
      const { level } = get();
      const use = tool ?? get().tool;
      set({ stroke: { tool: use, last: cell, before: level } });
      const next = applyTool(level, cell, use);
      if (next !== level) set(onContentChange(next));
    },
    continueStroke: (cell) => {
      const { stroke, level } = get();
      if (stroke === null || cell === stroke.last) return;
      let next = level;
      // The head tool drags the head; paint tools paint the whole line crossed.
      const cells = stroke.tool === 'head' ? [cell] : cellsOnLine(level.width, stroke.last, cell);
      for (const c of cells) next = applyTool(next, c, stroke.tool);
      set({ stroke: { ...stroke, last: cell }, ...(next !== level ? onContentChange(next) : {}) });
    },
    endStroke: () => {
      const { stroke, level, past } = get();
      if (stroke === null) return;
      if (level === stroke.before) set({ stroke: null });
      else set({ stroke: null, past: [...past, stroke.before].slice(-HISTORY_LIMIT), future: [] });
    },
    applyAt: (cell, tool) => commit(applyTool(get().level, cell, tool ?? get().tool)),
    resize: (width, height) => commit(resizeLevel(get().level, width, height)),
    clear: () => commit(clearLevel(get().level)),
    mirror: (axis) => commit(mirrorLevel(get().level, axis)),
    rotate: (turn) => commit(rotateLevel(get().level, turn)),
    openLevel: (level, name) => {
      commit(contentOf(level));
      set({ levelName: name, mode: 'edit', play: null });
    },
    setLevelName: (name) => set({ levelName: name }),
    undo: () => {
      const { past, future, level } = get();
      const prev = past[past.length - 1];
      if (prev === undefined) return;
      set({ ...onContentChange(prev), past: past.slice(0, -1), future: [level, ...future] });
    },
    redo: () => {
      const { past, future, level } = get();
      const next = future[0];
      if (next === undefined) return;
      set({ ...onContentChange(next), past: [...past, level], future: future.slice(1) });
    },
  };
};
