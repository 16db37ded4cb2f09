/**
 * The level text format (SPEC §2, §14): one row per line, top row first, `.`
 * empty, `#` wall, `G` goal (ice), `C` head, with an optional `; name` line above. Several levels in
 * one text are separated by blank lines.
 *
 * Parsing never throws on user input: it returns a {@link ParseError} with a
 * 1-based line and column and a sentence a designer can act on.
 * `parseLevel(formatLevel(level))` gives back the same level.
 */
import { CELL_EMPTY, CELL_GOAL, CELL_WALL, MAX_SIDE, MIN_SIDE, type Level, toRows } from './level';
import { err, ok, type Result } from '../util/result';

/** Why a level text was refused, and where: a line and column in the whole text and a sentence. */
export interface ParseError {
  /** 1-based line in the parsed text. */
  readonly line: number;
  /** 1-based column, or 0 when the error is about a whole line or level. */
  readonly column: number;
  readonly message: string;
}

/** Longest text we try to parse; longer input is refused before any work. */
export const MAX_TEXT_LENGTH = 5_000_000;

/** Formats one error as `line L, column C: message`. */
export function describeParseError(e: ParseError): string {
  return e.column > 0 ? `line ${e.line}, column ${e.column}: ${e.message}` : `line ${e.line}: ${e.message}`;
}

/** The level as text, with its `; name` line when it has a name. */
export function formatLevel(level: Level): string {
  const rows = toRows(level).join('\n');
  return level.name !== undefined ? `; ${normaliseName(level.name)}\n${rows}` : rows;
}

/** Names are single-line and trimmed in the text format. */
export function normaliseName(name: string): string {
  return name.replace(/[\r\n]+/g, ' ').trim();
}

/** Several levels, separated by blank lines. */
export function formatLevels(levels: readonly Level[]): string {
  return levels.map(formatLevel).join('\n\n') + '\n';
}

/**
 * Parses rows (`.#C` strings) into a level. `firstLine` is the line number of
 * `rows[0]` in the surrounding text, for error positions.
 */
export function parseRows(textRows: readonly string[], name?: string, firstLine = 1): Result<Level, ParseError> {
  // Cells are characters (code points), not UTF-16 units: an emoji is one unknown cell, not two.
  const rows = textRows.map((r) => Array.from(r));
  const height = rows.length;
  if (height === 0) return err({ line: firstLine, column: 0, message: 'the level has no rows' });
  const width = rows[0]!.length;
  for (let y = 0; y < height; y++) {
    if (rows[y]!.length !== width) {
      return err({
        line: firstLine + y,
        column: Math.min(rows[y]!.length, width) + 1,
        message: `row ${y + 1} has ${rows[y]!.length} cells but row 1 has ${width}; every row must be the same width`,
      });
    }
  }
  if (width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE) {
    return err({
      line: firstLine,
      column: 0,
      message: `the level is ${width}x${height}; width and height must each be between ${MIN_SIDE} and ${MAX_SIDE}`,
    });
  }
  const cells = new Uint8Array(width * height);
  let head = -1;
  for (let y = 0; y < height; y++) {
    const row = rows[y]!;
    for (let x = 0; x < width; x++) {
      const ch = row[x];
      const i = y * width + x;
      if (ch === '#') cells[i] = CELL_WALL;
      else if (ch === '.') cells[i] = CELL_EMPTY;
      else if (ch === 'G') cells[i] = CELL_GOAL;
      else if (ch === 'C') {
        if (head >= 0) {
          const hx = (head % width) + 1, hy = Math.floor(head / width) + 1;
          return err({
            line: firstLine + y,
            column: x + 1,
            message: `a second head 'C' (the first is at row ${hy}, column ${hx}); a level has exactly one head`,
          });
        }
        head = i;
      } else {
        const shown = ch === '\t' ? 'a tab' : JSON.stringify(ch);
        return err({
          line: firstLine + y,
          column: x + 1,
          message: `unknown character ${shown}; use '.' for empty, '#' for wall, 'G' for a goal and 'C' for the head`,
        });
      }
    }
  }
  if (head < 0) return err({ line: firstLine, column: 0, message: "the level has no head 'C'" });
  return ok(name !== undefined ? { width, height, cells, head, name } : { width, height, cells, head });
}

/** Parses a text that must hold exactly one level. */
export function parseLevel(text: string): Result<Level, ParseError> {
  const all = parseLevels(text);
  if (!all.ok) return all;
  if (all.value.length !== 1) {
    return err({ line: 1, column: 0, message: `expected one level but found ${all.value.length}` });
  }
  return ok(all.value[0]!);
}

/**
 * Parses a text of levels separated by blank lines, each optionally preceded
 * by a `; name` line. Trailing spaces and Windows line endings are accepted.
 */
export function parseLevels(text: string): Result<Level[], ParseError> {
  if (typeof text !== 'string') return err({ line: 1, column: 0, message: 'the input is not text' });
  if (text.length > MAX_TEXT_LENGTH) {
    return err({ line: 1, column: 0, message: `the text is ${text.length} characters; the limit is ${MAX_TEXT_LENGTH}` });
  }
  // A byte-order mark (as Notepad writes) is not part of the first row.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const levels: Level[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      i++;
      continue;
    }
    let name: string | undefined;
    let nameLine = 0;
    if (lines[i]!.trimStart().startsWith(';')) {
      name = lines[i]!.trimStart().slice(1).trim();
      nameLine = i + 1;
      i++;
    }
    const first = i;
    const rows: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') {
      const line = lines[i]!.trimEnd();
      if (line.trimStart().startsWith(';')) {
        return err({
          line: i + 1,
          column: 1,
          message: 'a name line must come before the rows of its level, after a blank line',
        });
      }
      rows.push(line);
      i++;
    }
    if (rows.length === 0) {
      return err({ line: nameLine, column: 0, message: `the level named "${name ?? ''}" has no rows` });
    }
    const parsed = parseRows(rows, name, first + 1);
    if (!parsed.ok) return parsed;
    levels.push(parsed.value);
  }
  return ok(levels);
}
