/**
 * Keyboard shortcuts (keyboard-first, like LDtk and PuzzleScript): one
 * function from a key press to a store action, by mode. Returns true when
 * the key was used (the caller then prevents the browser's default).
 */
import type { StudioStore } from './store/store';
import { groupMembers } from './adapters/graphHighlight';
import { graphCommand } from './graphCommands';
import { selectCurrentGraph, selectShortestSolution } from './store/selectors';
import { selectRuleset } from './store/rules';

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

const MOVE_KEYS: Record<string, number> = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  w: 0, s: 1, a: 2, d: 3, W: 0, S: 1, A: 2, D: 3,
};

export function handleShortcut(store: StudioStore, e: KeyPress): boolean {
  const s = store.getState();
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key;
  const lower = key.length === 1 ? key.toLowerCase() : key;

  // `?` opens the key help of whichever view is shown.
  if (key === '?') {
    s.setHelpOpen(!s.helpOpen);
    return true;
  }
  if (key === 'Escape' && s.helpOpen) return (s.setHelpOpen(false), true);
  // The pack overview edits the document too: undo and redo work there.
  if (s.view === 'pack' && mod && !e.altKey) {
    if (lower === 'z' && e.shiftKey) return (s.redo(), true);
    if (lower === 'z') return (s.undo(), true);
    if (lower === 'y') return (s.redo(), true);
  }
  // Other workspace views (pack overview, lab, training, batch) have their own keys.
  if (s.view !== 'studio') return false;
  if (key === 'Escape') {
    if (s.textOpen) s.setTextOpen(false);
    else if (s.graphMaximised) s.setGraphMaximised(false);
    else if (s.mode === 'edit' && s.selection !== null) s.setSelection(null);
    else if (s.mode !== 'edit') s.stopPlaytest();
    else if (s.selectedNode !== null) s.selectNode(null);
    else return false;
    return true;
  }
  if (s.helpOpen || s.textOpen) return false;
  if (!mod && !e.altKey && graphKey(s, key)) return true;

  if (s.mode === 'play') {
    if (mod && lower === 'z') return (s.undoPlayMove(), true);
    if (mod || e.altKey) return false;
    const dir = MOVE_KEYS[key];
    if (dir !== undefined) return (s.playMove(dir), true);
    if (lower === 'r') return (s.restartPlaytest(), true);
    if (lower === 'z' || key === 'Backspace' || lower === 'u') return (s.undoPlayMove(), true);
    if (lower === 'p') return (s.stopPlaytest(), true);
    return false;
  }

  if (s.mode === 'replay') {
    const r = s.replay;
    if (r === null || mod || e.altKey) return false;
    if (key === 'ArrowRight') return (s.setReplayStep(r.step + 1), true);
    if (key === 'ArrowLeft') return (s.setReplayStep(r.step - 1), true);
    if (key === 'Home') return (s.setReplayStep(0), true);
    if (key === 'End') return (s.setReplayStep(r.moves.length), true);
    if (lower === 'p') return (s.startPlaytest(), true);
    if (lower === 'v') return (s.stopPlaytest(), true);
    return false;
  }

  // Edit mode.
  if (mod) {
    if (lower === 'z' && e.shiftKey) return (s.redo(), true);
    if (lower === 'z') return (s.undo(), true);
    if (lower === 'y') return (s.redo(), true);
    // Ctrl+C, Ctrl+X and Ctrl+V are left to the browser: its copy, cut and paste events go through `clipboard.ts`.
    return false;
  }
  if (e.altKey) return false;
  const arrow = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].indexOf(key);
  const step: readonly [number, number] = arrow < 0 ? [0, 0] : ([[0, -1], [0, 1], [-1, 0], [1, 0]] as const)[arrow]!;
  // Shift+arrows shift the whole level; with a selection, arrows move its content.
  if (arrow >= 0 && e.shiftKey) return (s.shiftContent(step[0], step[1]), true);
  if (arrow >= 0 && s.shape === 'select' && s.selection !== null) return s.moveSelection(step[0], step[1]);
  if ((key === 'Delete' || key === 'Backspace') && s.shape === 'select' && s.selection !== null) return s.deleteSelection();
  if (arrow >= 0) {
    const { level } = s;
    const at = s.cursor ?? level.head;
    let x = at % level.width, y = Math.floor(at / level.width);
    if (arrow === 0) y = Math.max(0, y - 1);
    if (arrow === 1) y = Math.min(level.height - 1, y + 1);
    if (arrow === 2) x = Math.max(0, x - 1);
    if (arrow === 3) x = Math.min(level.width - 1, x + 1);
    s.setCursor(y * level.width + x);
    return true;
  }
  if (key === ' ' || key === 'Enter') {
    if (s.cursor === null) s.setCursor(s.level.head);
    else s.applyAt(s.cursor);
    return true;
  }
  switch (lower) {
    case 'w': return (s.setTool('wall'), true);
    case 'e': return (s.setTool('empty'), true);
    case 'h': return (s.setTool('head'), true);
    case 'o': return (selectRuleset(s).cellKinds.some((k) => k.tool === 'goal') ? (s.setTool('goal'), true) : false);
    case 'p': return (s.startPlaytest(), true);
    case 'b': return (s.setShape('brush'), true);
    case 'r': return (s.setShape('rect'), true);
    case 'l': return (s.setShape('line'), true);
    case 'f': return (s.setShape('fill'), true);
    case 's': return (s.setShape('select'), true);
    case 'k': return (s.cropToContent(), true);
    case 'm': return (s.mirror(e.shiftKey ? 'vertical' : 'horizontal'), true);
    case 't': return (s.rotate(e.shiftKey ? -1 : 1), true);
    case 'c':
      if (!e.shiftKey) return false;
      return (s.clear(), true);
    case 'a': {
      const open = s.openInPack === null ? undefined : s.pack.levels.find((l) => l.id === s.openInPack!.id);
      if (open !== undefined) {
        s.notify('info', `“${open.name}” is already in the pack: edits change it in place. Duplicate makes a copy.`);
        return true;
      }
      const id = s.addCurrentLevelToPack();
      s.notify(id === null ? 'error' : 'info', id === null ? 'The pack is full.' : `Added “${s.levelName || id}” to the pack.`);
      return true;
    }
    case 'v': {
      const solution = selectShortestSolution(s);
      if (solution !== null) s.startReplay(solution);
      return true;
    }
    default:
      return false;
  }
}

/** Solution graph keys, in every mode: zoom, fit, 1:1, maximise, and stepping through a collapsed group's states. */
function graphKey(s: ReturnType<StudioStore['getState']>, key: string): boolean {
  // With the grid focused, + − 0 zoom the grid instead.
  const onGrid = typeof document !== 'undefined' && document.activeElement?.closest('[data-testid="editor.grid"]') != null;
  if (onGrid && (key === '+' || key === '=')) return (s.setGridZoom(s.gridZoom * 1.2), true);
  if (onGrid && (key === '-' || key === '_')) return (s.setGridZoom(s.gridZoom / 1.2), true);
  if (onGrid && key === '0') return (s.setGridZoom(1), true);
  switch (key) {
    case '+': case '=': return graphCommand('zoomIn');
    case '-': case '_': return graphCommand('zoomOut');
    case '0': return graphCommand('fit');
    case '1': return graphCommand('actualSize');
    case 'g': case 'G': return (s.setGraphMaximised(!s.graphMaximised), true);
    case '[': case ']': {
      const graph = selectCurrentGraph(s);
      if (graph === null || s.selectedNode === null || s.selectedNode >= graph.nodeCount) return false;
      const members = groupMembers(graph, s.selectedNode);
      const next = members[members.indexOf(s.selectedNode) + (key === ']' ? 1 : -1)];
      if (next !== undefined) s.selectNode(next);
      return true;
    }
    default:
      return false;
  }
}

/** Keys a focused control uses itself (activate, step, open): never canvas shortcuts while it has focus. */
const CONTROL_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
/** Keys that only edit the canvas (cursor moves and painting): they act only when the grid or nothing interactive has focus. */
const CANVAS_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
/** Keys that step a value or a choice, as a slider, select or radio group does. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

const INTERACTIVE = 'button, input, select, textarea, summary, a[href], [contenteditable="true"], [role="button"], [role="checkbox"], [role="radio"], [role="slider"], [role="tab"], [role="option"], [role="switch"], [role="menuitem"], [tabindex]';

/** The interactive element that has the key press, or null when it is the grid or nothing interactive. */
export function focusedControl(target: EventTarget | null): HTMLElement | null {
  if (typeof HTMLElement === 'undefined' || !(target instanceof Element)) return null;
  if (target.closest('[data-canvas-keys]') !== null) return null;
  const control = target.closest(INTERACTIVE);
  if (!(control instanceof HTMLElement) || control === document.body) return null;
  // A tabindex of -1 only makes an element focusable by script (e.g. a dialog's frame): not a control.
  if (control.matches('[tabindex]') && control.tabIndex < 0 && !control.matches('button, input, select, textarea, a[href]')) return null;
  return control;
}

/** True when the focused control itself uses `key` (a button's Space, a slider's arrows). */
export function controlUsesKey(control: HTMLElement, key: string): boolean {
  if (!CONTROL_KEYS.has(key)) return false;
  const stepper =
    control instanceof HTMLSelectElement ||
    (control instanceof HTMLInputElement && ['range', 'radio', 'number', 'date', 'time', 'color'].includes(control.type)) ||
    control.matches('[role="slider"], [role="radio"], [role="tab"], [role="option"], [tabindex]:not(button)');
  if (stepper) return true;
  // Buttons, checkboxes, links: Space and Enter activate them.
  return !STEP_KEYS.has(key);
}

/**
 * Whether a key press, with `target` focused, may reach the shortcuts:
 * canvas keys (arrows, Space, Enter) only when the grid or nothing
 * interactive has focus (in edit mode), and never a key the focused control
 * uses itself. Letters and Ctrl shortcuts still work from a focused button.
 */
export function shortcutAllowed(target: EventTarget | null, key: string, mode: 'edit' | 'play' | 'replay'): boolean {
  const control = focusedControl(target);
  if (control === null) return true;
  if (controlUsesKey(control, key)) return false;
  return !(mode === 'edit' && CANVAS_KEYS.has(key));
}

/** True when the key press belongs to a text field (shortcuts stay out of its way). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'file'].includes(target.type);
  return false;
}
