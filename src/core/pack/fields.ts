/**
 * Custom per-level fields: a pack defines its own typed fields (par moves,
 * hint text, an unlock flag, a world to pick from) and every level may carry
 * a value for each. The definitions live at the top of the pack
 * (`"fields": [{ "key": "par", "label": "Par moves", "type": "number" }]`),
 * the values on each level (`"fields": { "par": 7 }`); a level without a
 * value for a field simply has none (no default is invented).
 *
 * Both are optional in the format, so a pack without fields reads and
 * writes exactly as before; an older build reading a pack with fields drops
 * them with an "unknown field" warning instead of refusing the file.
 *
 * What zod cannot say (a value's type against its definition, unknown keys,
 * repeated keys, a choice outside its list) is checked by
 * {@link checkFieldDefs} and {@link checkFieldValues}, which `pack.ts` runs
 * on every import, so a pack that opens has only values its fields allow.
 */
import { describeValue } from './describe';

/** The kinds of value a field holds. */
export const FIELD_TYPES = ['text', 'number', 'flag', 'choice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Most fields one pack may define. */
export const MAX_FIELDS = 32;
/** Longest field key (an identifier used as the CSV column and the game JSON key). */
export const MAX_FIELD_KEY_LENGTH = 40;
/** Longest label, choice or text value of a field. */
export const MAX_FIELD_LABEL_LENGTH = 80;
export const MAX_FIELD_TEXT_LENGTH = 2_000;
/** Most choices of one choice field. */
export const MAX_FIELD_CHOICES = 50;

/** A field key: a letter, then letters, digits or `_` (safe as a CSV column and a JSON key in any engine). */
export const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** One field a pack defines. */
export interface PackFieldDef {
  /** Unique within the pack; see {@link FIELD_KEY}. */
  key: string;
  /** What the designer reads, e.g. "Par moves". */
  label: string;
  type: FieldType;
  /** The allowed values of a `choice` field (at least one); absent for the other types. */
  choices?: string[];
}

/** A value of one field on one level: text or a choice (string), a number, or a flag (boolean). */
export type FieldValue = string | number | boolean;

/** A problem with a path below the pack root, as keys (formatted by `pack.ts`). */
export interface FieldProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/**
 * Problems with the definitions themselves: a key that is not an
 * identifier, a repeated key, a choice field without choices, a repeated
 * choice, choices on a field that is not a choice. (Types and lengths are
 * the schema's.) O(fields x choices).
 */
export function checkFieldDefs(defs: readonly PackFieldDef[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  defs.forEach((def, i) => {
    if (!FIELD_KEY.test(def.key)) {
      problems.push({ path: ['fields', i, 'key'], message: `the key ${JSON.stringify(def.key)} must start with a letter and hold only letters, digits and _` });
    }
    const first = seen.get(def.key);
    if (first !== undefined) problems.push({ path: ['fields', i, 'key'], message: `the key ${JSON.stringify(def.key)} is already used by fields[${first}]; keys must be unique` });
    else seen.set(def.key, i);
    if (def.type === 'choice') {
      if (def.choices === undefined || def.choices.length === 0) problems.push({ path: ['fields', i, 'choices'], message: 'a choice field needs at least one choice' });
      else {
        const dup = def.choices.find((c, j) => def.choices!.indexOf(c) !== j);
        if (dup !== undefined) problems.push({ path: ['fields', i, 'choices'], message: `the choice ${JSON.stringify(dup)} is listed twice` });
      }
    } else if (def.choices !== undefined) {
      problems.push({ path: ['fields', i, 'choices'], message: `only a choice field has choices; this one is a ${def.type} field` });
    }
  });
  return problems;
}

/**
 * Why `value` is not a valid value of `def`, or null when it is. The
 * sentence names the field by its label.
 */
export function fieldValueProblem(def: PackFieldDef, value: unknown): string | null {
  const name = `“${def.label}”`;
  switch (def.type) {
    case 'text':
      if (typeof value !== 'string') return `${name} is a text field but the value is ${describeValue(value)}`;
      if (value.length > MAX_FIELD_TEXT_LENGTH) return `${name} is ${value.length} characters long; the limit is ${MAX_FIELD_TEXT_LENGTH}`;
      return null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${name} is a number field but the value is ${describeValue(value)}`;
    case 'flag':
      return typeof value === 'boolean' ? null : `${name} is a yes/no field (true or false) but the value is ${describeValue(value)}`;
    case 'choice':
      if (typeof value === 'string' && (def.choices ?? []).includes(value)) return null;
      return `${name} is one of ${(def.choices ?? []).map((c) => JSON.stringify(c)).join(', ')} but the value is ${describeValue(value)}`;
  }
}

/**
 * Problems with the values one level carries (`values` is the level's
 * `fields` object, `levelIndex` its place): a key the pack does not define,
 * or a value its definition does not allow. O(values).
 */
export function checkFieldValues(defs: readonly PackFieldDef[], values: Readonly<Record<string, unknown>>, levelIndex: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(values)) {
    const def = byKey.get(key);
    const path = ['levels', levelIndex, 'fields', key];
    if (def === undefined) {
      problems.push({ path, message: `the pack defines no field ${JSON.stringify(key)}; add it to the pack's "fields" or remove the value` });
      continue;
    }
    const problem = fieldValueProblem(def, value);
    if (problem !== null) problems.push({ path, message: problem });
  }
  return problems;
}

/**
 * Reads a value typed by a person (a form, a CSV cell) as `def` wants it.
 * Empty text means "no value" (null). Numbers accept JavaScript's decimal
 * spelling; flags accept yes/no, true/false, 1/0 (any case). Returns the
 * value, or the sentence saying why it does not fit.
 */
export function parseFieldInput(def: PackFieldDef, input: string): { ok: true; value: FieldValue | null } | { ok: false; error: string } {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  let value: unknown = input;
  if (def.type === 'number') {
    value = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? Number(text) : text;
  } else if (def.type === 'flag') {
    const lower = text.toLowerCase();
    value = ['yes', 'true', '1'].includes(lower) ? true : ['no', 'false', '0'].includes(lower) ? false : text;
  } else if (def.type === 'choice') value = text;
  const problem = fieldValueProblem(def, value);
  return problem === null ? { ok: true, value: value as FieldValue } : { ok: false, error: problem };
}

/** A value as a person reads it (and as {@link parseFieldInput} reads it back): flags as yes/no. */
export function formatFieldValue(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * A level's values in definition order, only the defined ones (the order
 * every export writes them in). Values of keys the pack does not define are
 * left out (a checked pack has none).
 */
export function orderedFieldValues(defs: readonly PackFieldDef[], values: Readonly<Record<string, FieldValue>> | undefined): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  if (values === undefined) return out;
  for (const def of defs) {
    if (Object.hasOwn(values, def.key)) {
      Object.defineProperty(out, def.key, { value: values[def.key], enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}
