/** A level's custom field values as small "label: value" chips (only the fields that have a value). */
import { formatFieldValue } from '../../../core/pack/fields';
import type { PackLevel } from '../../../core/pack/schema';
import { useStudio } from '../../studioContext';

export function FieldChips({ level }: { level: PackLevel }) {
  const defs = useStudio((s) => s.pack.fields);
  if (defs === undefined || level.fields === undefined) return null;
  const shown = defs.filter((d) => Object.hasOwn(level.fields!, d.key));
  if (shown.length === 0) return null;
  return (
    <span className="field-chips" data-testid="pack.item.fields">
      {shown.map((d) => (
        <span key={d.key} className="field-chip" data-testid="pack.item.field" data-key={d.key} data-value={String(level.fields![d.key])}>
          {d.type === 'flag' ? (level.fields![d.key] ? d.label : `not ${d.label.toLowerCase()}`) : `${d.label}: ${formatFieldValue(level.fields![d.key])}`}
        </span>
      ))}
    </span>
  );
}
