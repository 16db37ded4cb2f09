/**
 * Everything that comes in as text (a file chosen, dropped or pasted) goes
 * through here: a JSON pack (or project) file, or levels in the level text
 * format (one or many, blank lines between). A bad file lists its problem
 * and changes nothing; a good one is one undoable step.
 */
import { describeParseError, parseLevels } from '../../core/level/format';
import { checkPackTextSync, type CheckedPack } from '../../workers/packFile.api';
import type { StudioStore } from '../store/store';
import { openProjectText } from './projectIo';
import { warmPackJournalText } from '../persistence/restore';

/** True when the text is meant as JSON (a pack or project file), judged by its first character. */
export function looksLikeJson(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[';
}

/** Resolves in a later task: the page draws and answers input in between. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A pack file checked in this thread (`importText` puts a task boundary before the store takes it: the page draws in between). */
async function checkHere(text: string): Promise<CheckedPack> {
  return checkPackTextSync(text);
}

/**
 * Imports `text` named `fileName` into the pack. Levels in the text format
 * are appended at once (undoable); a pack file waits for the designer's
 * choice (append or replace) unless the pack is empty. A pack file is read
 * and checked by `check` (the studio's worker, see `PackImportController`;
 * by default in this thread, in a task of its own) and taken into the
 * store two tasks later, so a big file does not hold the page for all of it.
 * Resolves to false when nothing could be read (the report says why).
 */
export async function importText(store: StudioStore, text: string, fileName: string, check: (text: string) => Promise<CheckedPack> = checkHere): Promise<boolean> {
  if (looksLikeJson(text)) {
    // A project file (Ctrl+S) dropped or chosen here opens as the document.
    if (/"format"\s*:\s*"longcat-project"/.test(text.slice(0, 200))) return openProjectText(store, text, fileName);
    const checked = await check(text);
    // A big pack's answer is a task of its own to read (the worker's message) and another to encode for the
    // safety copy; the store takes it in a third, which then only joins remembered texts (see warmPackJournalText).
    await nextTask();
    if (checked.ok) warmPackJournalText(checked.value.pack);
    await nextTask();
    return store.getState().acceptCheckedPack(fileName, checked);
  }
  const s = store.getState();
  const parsed = parseLevels(text);
  if (!parsed.ok) {
    store.setState({
      packImport: { fileName, ok: false, problems: [{ path: `line ${parsed.error.line}`, message: describeParseError(parsed.error) }], warnings: [] },
      pendingImport: null,
    });
    return false;
  }
  if (parsed.value.length === 0) {
    store.setState({ packImport: { fileName, ok: false, problems: [{ path: '$', message: 'the text holds no level' }], warnings: [] }, pendingImport: null });
    return false;
  }
  const stem = fileName.replace(/\.[^.]*$/, '');
  const entries = parsed.value.map((level, i) => ({ level, name: level.name ?? `${stem}-${i + 1}` }));
  store.setState({ packImport: null });
  return s.importLevels(entries, fileName) > 0;
}
