/**
 * Short, safe descriptions of untrusted JSON values for problem sentences
 * ("expected text but found the number 3"), shared by the schema and the
 * migrations so every pack message speaks the same way.
 */

/** Longest piece of a string quoted back to the user. */
const QUOTE_LIMIT = 40;

/**
 * Describes a JSON value in a few words: `null`, `true`, `the number 3`,
 * `the text "abc"` (cut at 40 characters), `a list of 2 items`, `an object`;
 * `nothing` for undefined. Never throws; O(1) apart from the quoted prefix.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > QUOTE_LIMIT ? `${value.slice(0, QUOTE_LIMIT)}…` : value;
    return `the text ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
