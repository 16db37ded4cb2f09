/**
 * Everything that comes in as text (a file chosen, dropped or pasted) goes
 * through here: a JSON pack (or project) file, or levels in the level text
 * format (one or many, blank lines between). A bad file lists its problem
 * and changes nothing; a good one is one undoable step.
 */
import { describeParseError, parseLevels } from '../../core/level/format';
import type { StudioStore } from '../store/store';

/** True when the text is meant as JSON (a pack or project file), judged by its first character. */
export function looksLikeJson(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * Imports `text` named `fileName` into the pack. Levels in the text format
 * are appended at once (undoable); a pack file waits for the designer's
 * choice (append or replace) unless the pack is empty. Returns false when
 * nothing could be read (the report says why).
 */
export function importText(store: StudioStore, text: string, fileName: string): boolean {
  const s = store.getState();
  if (looksLikeJson(text)) return s.importPackText(text, fileName);
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
