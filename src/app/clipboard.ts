/**
 * Copy, cut and paste: one handler for each of the browser's clipboard
 * events, so the keyboard (Ctrl+C / X / V), the browser's menu and any
 * other way to paste all arrive here. Copying a selection of cells puts
 * them on the system clipboard as text (`#` and `.` rows); pasting decides
 * from what the clipboard holds: a block of cells is pasted into the grid,
 * anything else (level text, a pack or project file) is imported.
 * Before, Ctrl+V was taken by the grid whenever cells had been copied once,
 * and level text could no longer be pasted.
 */
import { clipText, parseClipText } from '../core/level/gridOps';
import { importText } from './files/importText';
import { isTypingTarget } from './keyboard';
import type { StudioStore } from './store/store';
import type { StudioState } from './store/types';

export type PasteAction = { kind: 'cells' } | { kind: 'import' } | { kind: 'ignore' };

/** What a paste of `text` does in state `s` (not in a text field): the decision alone, for tests. */
export function pasteAction(s: Pick<StudioState, 'view' | 'mode'>, text: string): PasteAction {
  if (s.view !== 'studio' || text.trim() === '') return { kind: 'ignore' };
  if (parseClipText(text) !== null) return s.mode === 'edit' ? { kind: 'cells' } : { kind: 'ignore' };
  return { kind: 'import' };
}

/** True when a copy or cut should take the grid's selection (not a text selection or a text field's). */
function copiesCells(store: StudioStore, target: EventTarget | null): boolean {
  const s = store.getState();
  if (s.view !== 'studio' || s.mode !== 'edit' || s.selection === null || isTypingTarget(target)) return false;
  const text = typeof window.getSelection === 'function' ? window.getSelection() : null;
  return text === null || text.isCollapsed;
}

/**
 * Listens for the clipboard events on `win`; returns the function that stops. Pasted level text
 * and pack files go to `importPasted` (the studio's `PackImportController`).
 */
export function connectClipboard(
  store: StudioStore,
  win: Window = window,
  importPasted: (text: string, fileName: string) => Promise<boolean> = (text, fileName) => importText(store, text, fileName),
): () => void {
  // Chromium fires `copy` with nothing selected only when `beforecopy` is cancelled.
  const before = (e: Event): void => {
    if (copiesCells(store, e.target)) e.preventDefault();
  };
  const copy = (cut: boolean) => (e: ClipboardEvent): void => {
    if (!copiesCells(store, e.target)) return;
    const s = store.getState();
    if (!(cut ? s.cutSelection() : s.copySelection())) return;
    const clip = store.getState().clipboard;
    if (clip !== null) e.clipboardData?.setData('text/plain', clipText(clip));
    e.preventDefault();
  };
  const paste = (e: ClipboardEvent): void => {
    if (isTypingTarget(e.target)) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const s = store.getState();
    const action = pasteAction(s, text);
    if (action.kind === 'ignore') return;
    e.preventDefault();
    if (action.kind === 'cells') {
      s.paste(parseClipText(text)!);
      return;
    }
    s.setDockTab('pack');
    void importPasted(text, 'pasted text');
  };
  const onCopy = copy(false), onCut = copy(true);
  win.addEventListener('beforecopy', before);
  win.addEventListener('beforecut', before);
  win.addEventListener('copy', onCopy);
  win.addEventListener('cut', onCut);
  win.addEventListener('paste', paste);
  return () => {
    win.removeEventListener('beforecopy', before);
    win.removeEventListener('beforecut', before);
    win.removeEventListener('copy', onCopy);
    win.removeEventListener('cut', onCut);
    win.removeEventListener('paste', paste);
  };
}
