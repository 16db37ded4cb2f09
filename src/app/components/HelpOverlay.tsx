/** The keyboard shortcuts, one key press away (?). */
import { useActions, useStudio } from '../studioContext';

const SECTIONS: [string, [string, string][]][] = [
  ['Editing', [
    ['W / E / H', 'wall, empty, head tool'],
    ['click, drag', 'paint with the tool (right button: empty)'],
    ['arrows', 'move the cursor (when the grid or nothing has focus)'],
    ['Space / Enter', 'apply the tool at the cursor (a focused button, box or slider keeps its own keys; Esc gives them back)'],
    ['Ctrl+Z / Ctrl+Shift+Z', 'undo / redo any change, pack included (Ctrl+Y too; History tab lists them)'],
    ['M / Shift+M', 'mirror left-right / top-bottom'],
    ['T / Shift+T', 'rotate clockwise / counter-clockwise'],
    ['Shift+C', 'clear all walls'],
    ['A', 'add the level to the pack (it is then edited in place)'],
    ['Ctrl+S / Ctrl+O', 'save the project to a file / open one'],
    ['paste, drop a file', 'import levels (text format) or a pack'],
    ['Esc', 'leave a graph state view'],
  ]],
  ['Playtest', [
    ['P', 'start / stop playtest'],
    ['arrows, WASD, swipe', 'move the cat'],
    ['Z, Backspace, Ctrl+Z', 'undo a move'],
    ['R', 'restart'],
    ['V', 'show the shortest solution; ← → Home End step through it'],
    ['Esc', 'back to editing'],
  ]],
];

export function HelpOverlay() {
  const get = useActions();
  const open = useStudio((s) => s.helpOpen);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onMouseDown={() => get().setHelpOpen(false)}>
      <div className="dialog help" role="dialog" aria-label="Keyboard shortcuts" data-testid="app.helpDialog" onMouseDown={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <div className="help-columns">
          {SECTIONS.map(([title, rows]) => (
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
