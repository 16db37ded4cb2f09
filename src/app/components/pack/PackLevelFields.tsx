/** The custom field values of the pack level open in the editor, each change one undo step. */
import { useActions, useStudio } from '../../studioContext';
import { FieldInput } from './FieldInput';

export function PackLevelFields() {
  const get = useActions();
  const fields = useStudio((s) => s.pack.fields);
  const open = useStudio((s) => (s.openInPack === null ? undefined : s.pack.levels.find((l) => l.id === s.openInPack!.id)));
  if (open === undefined || fields === undefined || fields.length === 0) return null;
  return (
    <div className="pack-level-fields" data-testid="pack.levelFields" aria-label={`custom fields of “${open.name}”`} role="group">
      {fields.map((def) => {
        const value = open.fields !== undefined && Object.hasOwn(open.fields, def.key) ? open.fields[def.key] : undefined;
        return (
          <label key={def.key} className="inline-field">
            <span>{def.label}</span>
            <FieldInput
              key={`${open.id}:${String(value)}`}
              def={def}
              value={value}
              testId="pack.levelField"
              onCommit={(v) => get().setPackLevelField(open.id, def.key, v)}
            />
          </label>
        );
      })}
    </div>
  );
}
