/**
 * One custom field's value as a form control of its type: a text box, a
 * number box, a yes/no select or a choice select; "" is "no value". What is
 * typed is checked by `parseFieldInput` before `onCommit` gets it; a value
 * that does not fit says why and changes nothing.
 */
import { useState } from 'react';
import { formatFieldValue, parseFieldInput, type FieldValue, type PackFieldDef } from '../../../core/pack/fields';

export function FieldInput({ def, value, onCommit, testId, mixed = false }: {
  def: PackFieldDef;
  value: FieldValue | undefined;
  onCommit: (value: FieldValue | null) => void;
  testId: string;
  /** The selection holds different values: show a placeholder instead of one of them. */
  mixed?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = (text: string): void => {
    const r = parseFieldInput(def, text);
    if (!r.ok) {
      setProblem(r.error);
      return;
    }
    setProblem(null);
    setDraft(null);
    onCommit(r.value);
  };
  const label = `${def.label}`;
  if (def.type === 'flag' || def.type === 'choice') {
    const options = def.type === 'flag' ? ['yes', 'no'] : (def.choices ?? []);
    return (
      <select aria-label={label} data-testid={testId} data-key={def.key} value={mixed ? '\u0000' : formatFieldValue(value)} onChange={(e) => commit(e.target.value)}>
        {mixed && <option value={'\u0000'} disabled>(several values)</option>}
        <option value="">(none)</option>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  }
  return (
    <span className="field-input">
      <input
        type="text"
        inputMode={def.type === 'number' ? 'decimal' : 'text'}
        aria-label={label}
        aria-invalid={problem !== null}
        data-testid={testId}
        data-key={def.key}
        placeholder={mixed ? '(several values)' : def.type === 'number' ? 'a number' : ''}
        value={draft ?? (mixed ? '' : formatFieldValue(value))}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft !== null && commit(draft)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') commit(e.currentTarget.value);
          else if (e.key === 'Escape') {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      {problem !== null && <span className="field-problem" role="alert" data-testid={`${testId}.problem`}>{problem}</span>}
    </span>
  );
}
