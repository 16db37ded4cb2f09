/** Edit the level as text (SPEC §2): paste or type, see parse errors with line and column, apply as one undo step. */
import { useMemo, useState } from 'react';
import { describeParseError, formatLevel, parseLevel } from '../../core/level/format';
import { useActions, useStudio } from '../studioContext';

export function LevelTextDialog() {
  const get = useActions();
  const open = useStudio((s) => s.textOpen);
  if (!open) return null;
  return <TextDialogBody onClose={() => get().setTextOpen(false)} />;
}

function TextDialogBody({ onClose }: { onClose: () => void }) {
  const get = useActions();
  const [text, setText] = useState(() => {
    const s = get();
    return formatLevel(s.levelName.trim() !== '' ? { ...s.level, name: s.levelName } : s.level);
  });
  // The level the text belongs to: applying edits it (a pack level in place), never another one.
  const [openedOn] = useState(() => get().openInPack?.id ?? null);
  const parsed = useMemo(() => parseLevel(text), [text]);
  const apply = (): void => {
    if (!parsed.ok) return;
    get().applyLevelText(parsed.value, parsed.value.name ?? get().levelName, openedOn);
    onClose();
  };
  return (
    <div className="dialog-backdrop" onMouseDown={onClose}>
      <div className="dialog" role="dialog" aria-label="Level text" onMouseDown={(e) => e.stopPropagation()}>
        <h2>Level as text</h2>
        <p className="muted">
          <code>.</code> empty, <code>#</code> wall, <code>C</code> head, optional <code>; name</code> line first.
        </p>
        <textarea
          data-testid="editor.text"
          spellCheck={false}
          rows={18}
          value={text}
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) apply();
          }}
        />
        {!parsed.ok && (
          <p className="error" role="alert" data-testid="editor.textError">
            {describeParseError(parsed.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>Cancel</button>
          <button type="button" className="primary" data-testid="editor.textApply" disabled={!parsed.ok} onClick={apply}>
            Apply <kbd>Ctrl+Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
