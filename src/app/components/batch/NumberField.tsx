/**
 * A labelled number input that keeps what is typed (so a value can be
 * cleared and retyped) and commits only valid values; an invalid draft is
 * marked and says why in its tooltip. `optional` fields commit null when empty.
 */
import { useState } from 'react';

interface NumberFieldProps {
  readonly label: string;
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  /** Whole numbers only (default true). */
  readonly integer?: boolean;
  readonly optional?: boolean;
  readonly testId: string;
  readonly width?: number;
  readonly title?: string;
  /** The accessible name when `label` is an abbreviation (e.g. "W"). */
  readonly ariaLabel?: string;
  readonly disabled?: boolean;
  readonly onChange: (value: number | null) => void;
}

export function NumberField({ label, value, min, max, integer = true, optional = false, testId, width, title, ariaLabel, disabled, onChange }: NumberFieldProps) {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? shown;
  const check = (t: string): number | null | undefined => {
    if (t.trim() === '') return optional ? null : undefined;
    const v = Number(t);
    if (!Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) return undefined;
    return v;
  };
  const valid = check(text) !== undefined;
  return (
    <label className="field" title={valid ? title : `${integer ? 'a whole number' : 'a number'} from ${min} to ${max.toLocaleString('en-US')}${optional ? ', or empty' : ''}`}>
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={integer ? 1 : 'any'}
        value={text}
        disabled={disabled}
        aria-invalid={!valid}
        aria-label={ariaLabel}
        style={width !== undefined ? { width } : undefined}
        data-testid={testId}
        onChange={(e) => {
          const t = e.target.value;
          const v = check(t);
          if (v !== undefined) {
            setDraft(null);
            onChange(v);
          } else setDraft(t);
        }}
        onBlur={() => setDraft(null)}
      />
    </label>
  );
}
