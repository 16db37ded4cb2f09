/**
 * Player data for the predictor lab: CSV rows `level,avgCompletionSeconds`,
 * the level as its rows joined by `/` (e.g. `C..#/.#../....`). A header line
 * is optional. Every invalid row is reported with its line number; valid rows
 * are kept.
 */
import { parseRows } from '../level/format';
import type { Level } from '../level/level';

/** A valid CSV row: its 1-based line, the parsed level and the mean completion time in seconds (finite, >= 0). */
export interface CompletionRow {
  readonly line: number;
  readonly level: Level;
  readonly seconds: number;
}

/** An invalid CSV row: its 1-based line and a sentence saying what is wrong. */
export interface CsvProblem {
  readonly line: number;
  readonly message: string;
}

/** Most data rows read from one CSV; past it one problem says the rest are ignored. */
export const MAX_CSV_ROWS = 100_000;

const unquote = (s: string): string => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
};

/**
 * Reads `level,avgCompletionSeconds` rows. Never throws: every invalid row is
 * a {@link CsvProblem} with its line, valid rows are kept in order. A header
 * line, a byte-order mark, blank lines and quoted fields are accepted.
 * O(text length + cells).
 */
export function parseCompletionCsv(text: string): { rows: CompletionRow[]; problems: CsvProblem[] } {
  const rows: CompletionRow[] = [];
  const problems: CsvProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const fields = raw.split(',');
    if (rows.length === 0 && problems.length === 0 && /^\s*"?level"?\s*$/i.test(fields[0] ?? '')) continue; // header
    if (fields.length !== 2) {
      problems.push({ line, message: `expected 2 fields (level,avgCompletionSeconds), found ${fields.length}` });
      continue;
    }
    const levelText = unquote(fields[0]!), secondsText = unquote(fields[1]!);
    const seconds = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(secondsText) ? Number(secondsText) : NaN;
    if (!Number.isFinite(seconds) || seconds < 0) {
      problems.push({ line, message: `avgCompletionSeconds must be a non-negative number, got "${secondsText}"` });
      continue;
    }
    const parsed = parseRows(levelText.split('/'));
    if (!parsed.ok) {
      problems.push({ line, message: `level: row ${parsed.error.line}${parsed.error.column > 0 ? `, column ${parsed.error.column}` : ''}: ${parsed.error.message}` });
      continue;
    }
    if (rows.length >= MAX_CSV_ROWS) {
      problems.push({ line, message: `more than ${MAX_CSV_ROWS} rows; the rest are ignored` });
      break;
    }
    rows.push({ line, level: parsed.value, seconds });
  }
  return { rows, problems };
}
