/** The keyboard shortcuts, one key press away (?). */
import type { StudioView } from '../store/uiSlice';
import { useActions, useStudio } from '../studioContext';

const VIEW_TITLES: Record<StudioView, string> = { studio: 'Studio', pack: 'Pack overview', lab: 'Predictor lab', training: 'Training', batch: 'Batch', players: 'Players' };

type Section = [string, [string, string][]];

const GENERAL: Section = ['Anywhere', [
  ['?', 'this help (for the view you are in)'],
  ['Esc', 'close this help or a dialog'],
  ['Tab / Shift+Tab', 'next / previous control'],
  ['Space / Enter', 'press the focused button'],
]];

/** Every key of each view, as keyboard.ts and the components handle them. */
export const HELP_SECTIONS: Record<StudioView, Section[]> = {
  studio: [
    ['Editing', [
      ['W / E / H', 'wall, empty, head tool'],
      ['B / R / L / F / S', 'brush, rectangle, line, flood fill, select'],
      ['Ctrl+C / Ctrl+X / Ctrl+V', 'copy / cut / paste the selection (also into another level)'],
      ['arrows (selection)', 'move the selected content'],
      ['Delete', 'empty the selection'],
      ['Shift+arrows', 'shift the whole level by a cell (wraps round)'],
      ['K', 'crop the walls around the content'],
      ['+ / − / 0 (grid focused)', 'zoom the grid in / out / fit (Ctrl+wheel too; the wheel pans)'],
      ['click, drag', 'paint with the tool (right button: empty)'],
      ['arrows', 'move the cursor (when the grid or nothing has focus)'],
      ['Space / Enter', 'apply the tool at the cursor (a focused button, box or slider keeps its own keys; Esc gives them back)'],
      ['Ctrl+Z / Ctrl+Shift+Z', 'undo / redo any change, pack included (Ctrl+Y too; the History tab lists them)'],
      ['M / Shift+M', 'mirror left-right / top-bottom'],
      ['T / Shift+T', 'rotate clockwise / counter-clockwise'],
      ['Shift+C', 'clear all walls'],
      ['A', 'add the level to the pack (it is then edited in place)'],
      ['Ctrl+S / Ctrl+O', 'save the project to a file / open one'],
      ['paste, drop a file', 'import levels (text format) or a pack'],
      ['Esc', 'drop the selection, leave a graph state view'],
    ]],
    ['Playtest', [
      ['P', 'start / stop playtest'],
      ['arrows, WASD, swipe', 'move the cat'],
      ['Z, Backspace, U, Ctrl+Z', 'undo a move'],
      ['R', 'restart'],
      ['V', 'show the shortest solution; ← → Home End step through it'],
      ['Esc', 'back to editing'],
    ]],
    ['Solution graph', [
      ['+ / −', 'zoom in / out (the wheel: one step a notch)'],
      ['0', 'fit the graph'],
      ['1', 'actual size'],
      ['G', 'maximise / restore the graph panel (Esc restores)'],
      ['[ / ]', 'previous / next state of the selected collapsed group'],
      ['click a node', 'show its state on the grid and the path to it'],
      ['click a class count', 'light up that class'],
      ['drag', 'pan a big graph (over 400 states)'],
      ['← / → on the splitter', 'widen / narrow the graph column (Shift: bigger steps; drag it too)'],
      ['Home / End / Enter', 'on the splitter: widest / narrowest / default graph column'],
    ]],
    ['Level pack (list focused: one Tab stop)', [
      ['↑ / ↓, Home / End', 'previous / next level, first / last'],
      ['click', 'select and open the level'],
      ['Ctrl+click, Shift+click, Shift+↑ / ↓', 'select several levels (add one, a range)'],
      ['Ctrl+A / Space / Esc', 'select all shown / add or remove the focused level / select none'],
      ['Alt+↑ / Alt+↓', 'move the level up / down'],
      ['Enter', 'open the level'],
      ['F2', 'rename'],
      ['Delete', 'remove the level (or the selected levels)'],
    ]],
    GENERAL,
  ],
  pack: [
    ['Tiles (one Tab stop)', [
      ['arrows, Home / End', 'move between tiles (↑ / ↓ by a row)'],
      ['click, Ctrl+click, Shift+click', 'select one, add one, select a range'],
      ['Shift+arrows', 'extend the selection'],
      ['Ctrl+A / Space / Esc', 'select all shown / add or remove the focused tile / select none'],
      ['Enter, double-click', 'open the level in the studio'],
      ['Delete', 'delete the selected levels (one undo step)'],
    ]],
    GENERAL,
  ],
  lab: [GENERAL],
  training: [GENERAL],
  batch: [GENERAL],
  players: [GENERAL],
};

export function HelpOverlay() {
  const get = useActions();
  const open = useStudio((s) => s.helpOpen);
  const view = useStudio((s) => s.view);
  if (!open) return null;
  const sections = HELP_SECTIONS[view];
  return (
    <div className="dialog-backdrop" onMouseDown={() => get().setHelpOpen(false)}>
      <div className="dialog help" role="dialog" aria-label="Keyboard shortcuts" data-testid="app.helpDialog" data-view={view} onMouseDown={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts{view !== 'studio' ? ` (${VIEW_TITLES[view]})` : ''}</h2>
        {view !== 'studio' && <p className="muted help-note">This view has no keys of its own beyond these; its controls work with the usual keys.</p>}
        <div className="help-columns">
          {sections.map(([title, rows]) => (
            <table key={title}>
              <caption>{title}</caption>
              <tbody>
                {rows.map(([k, v]) => (
                  <tr key={k}>
                    <th><kbd>{k}</kbd></th>
                    <td>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
        <div className="dialog-actions">
          <button type="button" className="primary" autoFocus onClick={() => get().setHelpOpen(false)}>Close</button>
        </div>
      </div>
    </div>
  );
}
