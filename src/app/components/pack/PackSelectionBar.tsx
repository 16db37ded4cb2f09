/**
 * Batch actions on the selected pack levels (shown while at least one is
 * selected): add or remove a tag, set the notes, set a custom field, move
 * them together, export only these, delete. Each action is one undo step.
 */
import { useState } from 'react';
import { EXPORT_FORMAT_INFO, TEXT_EXPORT_FORMATS, type TextExportFormat } from '../../../core/export/formats';
import type { FieldValue, PackFieldDef } from '../../../core/pack/fields';
import { rulesetByName } from '../../../core/rules/registry';
import { subsetPack } from '../../store/packEdits';
import { selectedPackIds } from '../../store/packSelectionSlice';
import { packRules } from '../../store/rules';
import { selectExportPack } from '../../store/selectors';
import { useActions, useStudio, useStudioShallow } from '../../studioContext';
import { exportPackFile } from './exportPackFile';
import { FieldInput } from './FieldInput';

/** The one value every selected level shares for `def` (undefined: none has one), or 'mixed'. */
function sharedValue(values: readonly (FieldValue | undefined)[]): FieldValue | undefined | 'mixed' {
  const first = values[0];
  return values.every((v) => v === first) ? first : 'mixed';
}

export function PackSelectionBar() {
  const get = useActions();
  const ids = useStudioShallow((s) => selectedPackIds(s));
  const count = useStudio((s) => s.pack.levels.length);
  const fields = useStudio((s) => s.pack.fields);
  // The formats that hold this pack's ruleset's levels (its assets say; the Arduboy header is Longcat's).
  const exportsOf = useStudio((s) => rulesetByName(packRules(s.pack)).assets.exports);
  const [tag, setTag] = useState('');
  const [notes, setNotes] = useState('');
  const [position, setPosition] = useState('1');
  const [format, setFormat] = useState<TextExportFormat>('pack');
  if (ids.length === 0) return null;
  const n = ids.length;
  const levelsWord = `${n} level${n === 1 ? '' : 's'}`;

  const exportThese = (): void => {
    const st = get();
    const pack = subsetPack(selectExportPack(st), new Set(ids));
    exportPackFile(st, pack, format, { onlyFitting: true, what: 'selection' });
  };

  return (
    <section className="selection-bar" aria-label={`batch actions on ${levelsWord}`} data-testid="pack.selection">
      <div className="report-head">
        <b data-testid="pack.selection.count" data-count={n}>{n} of {count} selected</b>
        <span className="muted small-text">one undo step per action</span>
        <button type="button" className="small" data-testid="pack.selection.clear" title="Select none (Escape in the list)" onClick={() => get().clearPackSelection()}>Select none</button>
      </div>
      <div className="button-row">
        <input type="text" className="grow" placeholder="a tag" aria-label="tag for the selected levels" maxLength={40} data-testid="pack.selection.tag" value={tag} onChange={(e) => setTag(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
        <button type="button" disabled={tag.trim() === ''} data-testid="pack.selection.addTag" onClick={() => get().tagPackSelection(tag, 'add')}>Add tag</button>
        <button type="button" disabled={tag.trim() === ''} data-testid="pack.selection.removeTag" onClick={() => get().tagPackSelection(tag, 'remove')}>Remove tag</button>
      </div>
      <div className="button-row">
        <input type="text" className="grow" placeholder="notes for all of them" aria-label="notes for the selected levels" maxLength={2000} data-testid="pack.selection.notes" value={notes} onChange={(e) => setNotes(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
        <button type="button" data-testid="pack.selection.setNotes" title="Replace the notes of every selected level (empty clears them)" onClick={() => get().setPackSelectionNotes(notes)}>Set notes</button>
      </div>
      {(fields ?? []).length > 0 && (
        <div className="selection-fields">
          {(fields ?? []).map((def) => <SelectionField key={def.key} def={def} ids={ids} />)}
        </div>
      )}
      <div className="button-row">
        <span className="muted">Move</span>
        <button type="button" data-testid="pack.selection.top" onClick={() => get().movePackSelection(0)}>To top</button>
        <button type="button" data-testid="pack.selection.bottom" onClick={() => get().movePackSelection(Infinity)}>To bottom</button>
        <label className="inline-field">
          to #
          <input type="number" min={1} max={count} className="narrow" aria-label="move the selected levels to position" data-testid="pack.selection.position" value={position} onChange={(e) => setPosition(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
        </label>
        <button type="button" data-testid="pack.selection.move" disabled={!(Number(position) >= 1)} onClick={() => get().movePackSelection(Math.floor(Number(position)) - 1)}>Move</button>
      </div>
      <div className="button-row">
        <select aria-label="export format for the selected levels" data-testid="pack.selection.format" value={format} onChange={(e) => setFormat(e.target.value as TextExportFormat)}>
          {TEXT_EXPORT_FORMATS.map((f) => <option key={f} value={f} disabled={!exportsOf.includes(f)}>{EXPORT_FORMAT_INFO[f].label}</option>)}
        </select>
        <button type="button" data-testid="pack.selection.export" title="Only the selected levels; a format that cannot hold some of them leaves those out and says why" onClick={exportThese}>Export these</button>
        <span className="grow" />
        <button type="button" className="danger" data-testid="pack.selection.delete" onClick={() => get().deletePackSelection()}>Delete {levelsWord}</button>
      </div>
    </section>
  );
}

/** One custom field on the selection: the shared value, or "several values". */
function SelectionField({ def, ids }: { def: PackFieldDef; ids: readonly string[] }) {
  const get = useActions();
  const values = useStudioShallow((s) => {
    const chosen = new Set(ids);
    return s.pack.levels.filter((l) => chosen.has(l.id)).map((l) => (l.fields !== undefined && Object.hasOwn(l.fields, def.key) ? l.fields[def.key] : undefined));
  });
  const shared = sharedValue(values);
  return (
    <label className="inline-field" data-testid="pack.selection.field" data-key={def.key}>
      <span>{def.label}</span>
      <FieldInput
        // Remount when the shared value changes (after an undo, say), so no stale draft shows.
        key={String(shared)}
        def={def}
        value={shared === 'mixed' ? undefined : shared}
        mixed={shared === 'mixed'}
        testId="pack.selection.fieldValue"
        onCommit={(v) => get().setPackSelectionField(def.key, v)}
      />
    </label>
  );
}
