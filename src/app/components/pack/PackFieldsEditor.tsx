/**
 * The pack's custom fields: the list (label, key, type, choices) with
 * Remove, and a form to add one. The key is made from the label unless the
 * designer types one; a definition that does not pass `checkFieldDefs`
 * (repeated key, a choice field without choices) says why and adds nothing.
 */
import { useState } from 'react';
import { checkFieldDefs, FIELD_TYPES, MAX_FIELDS, type FieldType, type PackFieldDef } from '../../../core/pack/fields';
import { useActions, useStudio } from '../../studioContext';

const TYPE_WORDS: Readonly<Record<FieldType, string>> = { text: 'text', number: 'number', flag: 'yes / no', choice: 'one of a list' };

/** A key from a label: "Par moves" -> "parMoves". */
export function keyFromLabel(label: string): string {
  const words = label.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter((w) => w !== '');
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[A-Za-z]/.test(key) ? key.slice(0, 40) : `field${key}`.slice(0, 40);
}

export function PackFieldsEditor() {
  const get = useActions();
  const fields = useStudio((s) => s.pack.fields) ?? [];
  const [label, setLabel] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [type, setType] = useState<FieldType>('number');
  const [choices, setChoices] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (): void => {
    const def: PackFieldDef = {
      key: key ?? keyFromLabel(label),
      label: label.trim(),
      type,
      ...(type === 'choice' ? { choices: [...new Set(choices.split(',').map((c) => c.trim()).filter((c) => c !== ''))] } : {}),
    };
    if (def.label === '') return setProblem('Give the field a name.');
    const problems = checkFieldDefs([...fields.filter((f) => f.key !== def.key), def]);
    if (fields.some((f) => f.key === def.key)) return setProblem(`A field with the key “${def.key}” exists; pick another name or key.`);
    if (problems.length > 0) return setProblem(`${problems[0]!.message}.`);
    get().definePackField(def);
    setLabel('');
    setKey(null);
    setChoices('');
    setProblem(null);
  };

  return (
    <details className="pack-fields" data-testid="pack.fields">
      <summary>Custom fields ({fields.length})</summary>
      <p className="muted small-text">Your own values per level (par moves, hint text, unlock flags…): shown in the list and grid, set on one level or a selection, written in every export.</p>
      {fields.length > 0 && (
        <ul className="field-defs">
          {fields.map((f) => (
            <li key={f.key} data-testid="pack.fields.def" data-key={f.key}>
              <b>{f.label}</b> <code>{f.key}</code> <span className="muted">{TYPE_WORDS[f.type]}{f.choices !== undefined ? `: ${f.choices.join(', ')}` : ''}</span>
              <button type="button" className="small" aria-label={`remove the field ${f.label}`} data-testid="pack.fields.remove" onClick={() => get().removePackField(f.key)}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      {fields.length < MAX_FIELDS && (
        <div className="field-form">
          <input type="text" placeholder="field name, e.g. Par moves" aria-label="new field name" maxLength={80} data-testid="pack.fields.label" value={label} onChange={(e) => setLabel(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
          <input type="text" placeholder="key" aria-label="new field key (for the exports)" maxLength={40} className="narrow" data-testid="pack.fields.key" value={key ?? keyFromLabel(label)} onChange={(e) => setKey(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
          <select aria-label="new field type" data-testid="pack.fields.type" value={type} onChange={(e) => setType(e.target.value as FieldType)}>
            {FIELD_TYPES.map((t) => <option key={t} value={t}>{TYPE_WORDS[t]}</option>)}
          </select>
          {type === 'choice' && (
            <input type="text" placeholder="choices, comma separated" aria-label="choices of the new field" data-testid="pack.fields.choices" value={choices} onChange={(e) => setChoices(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
          )}
          <button type="button" data-testid="pack.fields.add" onClick={add}>Add field</button>
          {problem !== null && <span className="field-problem" role="alert" data-testid="pack.fields.problem">{problem}</span>}
        </div>
      )}
    </details>
  );
}
