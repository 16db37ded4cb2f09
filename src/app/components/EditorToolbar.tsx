/** Tools, size, transforms, undo/redo and the level's name, above the grid. */
import { useRef, useState } from 'react';
import { MAX_SIDE, MIN_SIDE } from '../../core/level/level';
import type { Shape } from '../store/editorToolsSlice';
import type { Tool } from '../store/levelEdits';
import { useActions, useStudioShallow } from '../studioContext';
import { moverWord, selectRuleset } from '../store/rules';

const TOOLS: { tool: Tool; label: string; key: string }[] = [
  { tool: 'wall', label: 'Wall', key: 'W' },
  { tool: 'empty', label: 'Empty', key: 'E' },
  { tool: 'head', label: 'Head', key: 'H' },
];
/** The goal tool, offered where the ruleset has a goal cell (ice). */
const GOAL_TOOL = { tool: 'goal' as const, label: 'Goal', key: 'O' };

export function EditorToolbar() {
  const get = useActions();
  const s = useStudioShallow((st) => ({
    tool: st.tool,
    width: st.level.width,
    height: st.level.height,
    name: st.levelName,
    canUndo: st.history.index > 0,
    canRedo: st.history.index < st.history.entries.length,
    editing: st.mode === 'edit',
    shape: st.shape,
    anchor: st.resizeAnchor,
    start: selectRuleset(st).glyphs.startName,
    hasGoal: selectRuleset(st).cellKinds.some((k) => k.tool === 'goal'),
  }));
  const tools = s.hasGoal ? [...TOOLS, GOAL_TOOL] : TOOLS;
  // The start tool is named after the ruleset's mover: "Head" (Longcat's cat head), "Ball" (paint).
  const startLabel = moverWord(s.start);
  const disabled = !s.editing;
  const resize = (axis: 'width' | 'height', v: number): void => {
    const st = get();
    if (axis === 'width') st.resizeWithAnchor(v, st.level.height);
    else st.resizeWithAnchor(st.level.width, v);
  };
  const sideInput = (axis: 'width' | 'height') => (
    <SideInput axis={axis} value={s[axis]} disabled={disabled} onCommit={(v) => resize(axis, v)} onRefused={(text) => get().notify('error', sizeRefusal(axis, text, s[axis]))} />
  );
  return (
    <div className="toolbar" role="toolbar" aria-label="Editor tools">
      <div className="tool-group" role="radiogroup" aria-label="Tool">
        {tools.map((t) => (
          <button
            key={t.tool}
            type="button"
            role="radio"
            aria-checked={s.tool === t.tool}
            className={`tool tool-${t.tool}${s.tool === t.tool ? ' active' : ''}`}
            data-testid={`editor.tool.${t.tool}`}
            disabled={disabled}
            title={`${t.tool === 'head' ? startLabel : t.label} (${t.key})`}
            onClick={() => get().setTool(t.tool)}
          >
            <span className={`tool-icon tool-icon-${t.tool}`} aria-hidden />
            {t.tool === 'head' ? startLabel : t.label}
            <kbd>{t.key}</kbd>
          </button>
        ))}
      </div>
      <div className="tool-group shape-group" role="radiogroup" aria-label="Shape">
        {SHAPES.map((t) => (
          <button
            key={t.shape}
            type="button"
            role="radio"
            aria-checked={s.shape === t.shape}
            aria-label={`${t.label} (${t.key})`}
            title={`${t.label} (${t.key})`}
            className={`small${s.shape === t.shape ? ' active' : ''}`}
            data-testid={`editor.shape.${t.shape}`}
            disabled={disabled}
            onClick={() => get().setShape(t.shape)}
          >
            {t.icon}
          </button>
        ))}
      </div>
      <div className="tool-group">
        {sideInput('width')}
        <span className="times">×</span>
        {sideInput('height')}
        <select
          aria-label="resize anchor: where the content stays"
          title="Resize anchor: where the content stays"
          data-testid="editor.anchor"
          value={`${s.anchor.x},${s.anchor.y}`}
          disabled={disabled}
          onChange={(e) => {
            const [x, y] = e.target.value.split(',').map(Number) as [-1 | 0 | 1, -1 | 0 | 1];
            get().setResizeAnchor({ x, y });
          }}
        >
          {ANCHORS.map(([x, y, label]) => (
            <option key={label} value={`${x},${y}`}>{label}</option>
          ))}
        </select>
        <button type="button" className="small" data-testid="editor.crop" disabled={disabled} title="Crop the walls around the content (K)" onClick={() => get().cropToContent()}>Crop</button>
      </div>
      <div className="tool-group">
        <button type="button" data-testid="editor.mirrorH" aria-label="Mirror left-right (M)" disabled={disabled} title="Mirror left-right (M)" onClick={() => get().mirror('horizontal')}>⇋</button>
        <button type="button" data-testid="editor.mirrorV" aria-label="Mirror top-bottom (Shift+M)" disabled={disabled} title="Mirror top-bottom (Shift+M)" onClick={() => get().mirror('vertical')}>⇵</button>
        <button type="button" data-testid="editor.rotate" aria-label="Rotate clockwise (T)" disabled={disabled} title="Rotate clockwise (T; Shift+T counter-clockwise)" onClick={() => get().rotate(1)}>⟳</button>
        <button type="button" data-testid="editor.clear" disabled={disabled} title="Clear all walls (Shift+C)" onClick={() => get().clear()}>Clear</button>
      </div>
      <div className="tool-group">
        <button type="button" data-testid="editor.undo" aria-label="Undo (Ctrl+Z)" disabled={disabled || !s.canUndo} title="Undo (Ctrl+Z)" onClick={() => get().undo()}>↶</button>
        <button type="button" data-testid="editor.redo" aria-label="Redo (Ctrl+Shift+Z)" disabled={disabled || !s.canRedo} title="Redo (Ctrl+Shift+Z)" onClick={() => get().redo()}>↷</button>
      </div>
      <label className="field field-name">
        <span>Name</span>
        <input
          type="text"
          value={s.name}
          maxLength={200}
          spellCheck={false}
          data-testid="editor.name"
          aria-label="level name"
          onChange={(e) => get().setLevelName(e.target.value)}
        />
      </label>
    </div>
  );
}

/** A side-length field: applies as soon as the text is a valid size, keeps a half-typed value meanwhile. */
const SHAPES: { shape: Shape; label: string; key: string; icon: string }[] = [
  { shape: 'brush', label: 'Brush', key: 'B', icon: '✎' },
  { shape: 'rect', label: 'Rectangle', key: 'R', icon: '▭' },
  { shape: 'line', label: 'Line', key: 'L', icon: '╱' },
  { shape: 'fill', label: 'Flood fill', key: 'F', icon: '◩' },
  { shape: 'select', label: 'Select (Ctrl+C / X / V, arrows move, Delete)', key: 'S', icon: '⬚' },
];

const ANCHORS: [number, number, string][] = [
  [-1, -1, '↖ top-left'], [0, -1, '↑ top'], [1, -1, '↗ top-right'],
  [-1, 0, '← left'], [0, 0, '· centre'], [1, 0, '→ right'],
  [-1, 1, '↙ bottom-left'], [0, 1, '↓ bottom'], [1, 1, '↘ bottom-right'],
];

/** The message for a side length that cannot be applied (never a silent snap back). */
export function sizeRefusal(axis: 'width' | 'height', text: string, kept: number): string {
  return `A ${axis} of ${text.trim() === '' ? 'nothing' : `“${text.trim()}”`} cannot be used: levels are ${MIN_SIDE} to ${MAX_SIDE} cells on a side. The ${axis} stays ${kept}.`;
}

function SideInput({ axis, value, disabled, onCommit, onRefused }: { axis: 'width' | 'height'; value: number; disabled: boolean; onCommit: (v: number) => void; onRefused: (text: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const escaped = useRef(false);
  const valid = (text: string): number | null => {
    const v = Number(text);
    return text.trim() !== '' && Number.isInteger(v) && v >= MIN_SIDE && v <= MAX_SIDE ? v : null;
  };
  return (
    <label className="field field-side">
      <span>{axis === 'width' ? 'W' : 'H'}</span>
      <input
        type="number"
        min={MIN_SIDE}
        max={MAX_SIDE}
        value={draft ?? String(value)}
        disabled={disabled}
        data-testid={`editor.${axis}`}
        aria-label={axis}
        aria-invalid={draft !== null && valid(draft) === null}
        onChange={(e) => {
          const v = valid(e.target.value);
          setDraft(v === null ? e.target.value : null);
          if (v !== null && v !== value) onCommit(v);
        }}
        onBlur={() => {
          // A value left out of range is refused with a message, not silently reverted (Escape drops it quietly).
          if (draft !== null && valid(draft) === null && !escaped.current) onRefused(draft);
          escaped.current = false;
          setDraft(null);
        }}
        onKeyDown={(e) => {
          escaped.current = e.key === 'Escape';
          if (e.key === 'Enter' || e.key === 'Escape') e.currentTarget.blur();
        }}
      />
    </label>
  );
}
