/**
 * A CSV of every level's features and difficulty, for spreadsheets and
 * balancing scripts (RFC 4180: a header row, comma separators, CRLF line
 * ends, fields quoted when they hold a comma, a quote or a line break, quotes
 * doubled inside).
 *
 * Columns: `index` (1-based), `id`, `name`, `width`, `height`, `difficulty`,
 * `band`, every feature of `FEATURE_NAMES` in that order, and `level` (the
 * rows joined by `/`, the same spelling the predictor lab's player CSV uses),
 * then one column `field:<key>` per custom field the pack defines, in the
 * pack's order (text and choices as written, numbers, flags as `true` or
 * `false`; empty when the level has no value).
 * An empty field is a missing value: no difficulty (an unsolvable level, or
 * one never analysed), an infinite feature (`expectedMoves` of an unsolvable
 * level), or a feature the pack does not carry.
 *
 * Formula injection (OWASP, "CSV Injection"; ASVS 1.2.10): a spreadsheet
 * runs a cell that begins with `=`, `+`, `-` or `@` as a formula (tab, CR
 * and NUL lead some programs there too), quoted or not, and some skip
 * leading spaces and control characters before they look. Every text field
 * that begins with one of those, or with whitespace or control characters
 * and then one of the four (or their full-width forms), is written with a
 * `'` in front, and quoted, so it is shown as text (`=HYPERLINK(...)`
 * becomes `"'=HYPERLINK(...)"`, ` =1+1` becomes `"' =1+1"`). Number
 * fields are never touched: they are written by the program, never begin
 * with anything but a digit or `-`, and a negative number stays a number.
 */
import { bandOf } from '../difficulty/predict';
import { FEATURE_NAMES } from '../graph/features';
import type { LevelPack } from '../pack/schema';
import { exportEntries } from './packLevels';

/** The header row's column names, in order. */
export const CSV_COLUMNS = ['index', 'id', 'name', 'width', 'height', 'difficulty', 'band', ...FEATURE_NAMES, 'level'] as const;

/**
 * A cell a spreadsheet may read as a formula (OWASP's = + - @ tab CR, and
 * NUL): one that starts with tab, CR or NUL, or whose first character past
 * any whitespace and control characters is = + - @ or a full-width form.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
export const FORMULA_START = /^[\t\r\0]|^[\s\0-\x1f\x7f\u00a0\u200b\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u;

/** A text cell made safe for spreadsheets: a `'` before a leading formula character (see the module comment). */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One text field as RFC 4180 writes it, neutralised against formula
 * injection: quoted (quotes doubled) when it holds a comma, a quote or a line
 * break, and whenever it was neutralised.
 */
export function csvField(value: string): string {
  const safe = neutraliseCell(value);
  return safe !== value || /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number as a field: finite numbers in JavaScript's shortest form, anything else empty. */
function numberField(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * The pack as CSV text (see the module comment), one row per level in pack
 * order, ending with CRLF. The values are what the pack holds: give it
 * derived difficulties and features first (the studio's export selector, or
 * the CLI's analysis). O(levels x features).
 */
export function featuresCsv(pack: LevelPack): string {
  const defs = pack.fields ?? [];
  const lines = [[...CSV_COLUMNS, ...defs.map((d) => csvField(`field:${d.key}`))].join(',')];
  for (const { index, level, grid } of exportEntries(pack)) {
    const d = level.difficulty;
    const fields = [
      String(index),
      csvField(level.id),
      csvField(level.name),
      String(grid.width),
      String(grid.height),
      numberField(d),
      d !== null && Number.isFinite(d) ? bandOf(d) : '',
      ...FEATURE_NAMES.map((name) => numberField(Object.hasOwn(level.features, name) ? level.features[name] : null)),
      csvField(level.rows.join('/')),
      ...defs.map((def) => {
        const v = level.fields !== undefined && Object.hasOwn(level.fields, def.key) ? level.fields[def.key] : undefined;
        return v === undefined ? '' : csvField(String(v));
      }),
    ];
    lines.push(fields.join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
