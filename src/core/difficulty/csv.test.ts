/**
 * Player-data CSV for the predictor lab (SPEC §5): `level,avgCompletionSeconds`,
 * the level as rows joined by `/`, optional header. Every invalid row is
 * reported with its 1-based line number and a message a designer can act on;
 * valid rows are kept.
 */
import { describe, expect, it } from 'vitest';
import { toRows } from '../level/level';
import { MAX_CSV_ROWS, parseCompletionCsv } from './csv';

const A = 'C..#/.#../....'; // 4x3
const B = '#C./.../...'; // 3x3
const rowsOf = (r: ReturnType<typeof parseCompletionCsv>): { line: number; level: string; seconds: number }[] =>
  r.rows.map((x) => ({ line: x.line, level: toRows(x.level).join('/'), seconds: x.seconds }));

describe('parseCompletionCsv: valid input', () => {
  it('with a header', () => {
    const r = parseCompletionCsv(`level,avgCompletionSeconds\n${A},12.5\n${B},3\n`);
    expect(r.problems).toEqual([]);
    expect(rowsOf(r)).toEqual([
      { line: 2, level: A, seconds: 12.5 },
      { line: 3, level: B, seconds: 3 },
    ]);
    const lvl = r.rows[0]!.level;
    expect([lvl.width, lvl.height, lvl.head]).toEqual([4, 3, 0]);
    expect(lvl.cells[3]).toBe(1); // the wall at row 1, column 4
    expect(r.rows[1]!.level.head).toBe(1);
  });

  it('without a header; blank lines are skipped but counted', () => {
    const r = parseCompletionCsv(`${A},0\n\n   \n${B},1e2`);
    expect(r.problems).toEqual([]);
    expect(rowsOf(r)).toEqual([
      { line: 1, level: A, seconds: 0 },
      { line: 4, level: B, seconds: 100 },
    ]);
  });

  it('header variants: quoted, other capitalisation, after a byte-order mark', () => {
    for (const head of ['"level","avgCompletionSeconds"', 'Level,Seconds', '\uFEFFlevel,avgCompletionSeconds']) {
      const r = parseCompletionCsv(`${head}\n${A},7`);
      expect(r.problems, head).toEqual([]);
      expect(rowsOf(r)).toEqual([{ line: 2, level: A, seconds: 7 }]);
    }
  });

  it('Windows line endings', () => {
    const r = parseCompletionCsv(`level,avgCompletionSeconds\r\n${A},12.5\r\n${B},3\r\n`);
    expect(r.problems).toEqual([]);
    expect(rowsOf(r)).toEqual([
      { line: 2, level: A, seconds: 12.5 },
      { line: 3, level: B, seconds: 3 },
    ]);
  });

  it('quoted fields and spaces around fields', () => {
    const r = parseCompletionCsv(`"${A}","12.5"\n  ${B} ,  .5 \n" ${A} ",+4.`);
    expect(r.problems).toEqual([]);
    expect(rowsOf(r)).toEqual([
      { line: 1, level: A, seconds: 12.5 },
      { line: 2, level: B, seconds: 0.5 },
      { line: 3, level: A, seconds: 4 },
    ]);
  });

  it('empty text gives nothing and no problems', () => {
    expect(parseCompletionCsv('')).toEqual({ rows: [], problems: [] });
    expect(parseCompletionCsv('level,avgCompletionSeconds\n')).toEqual({ rows: [], problems: [] });
  });
});

describe('parseCompletionCsv: invalid rows', () => {
  it('lists every invalid row with its line number and a clear message; valid rows are kept', () => {
    const text = [
      'level,avgCompletionSeconds', // 1
      `${A},12`, // 2 ok
      `${A},abc`, // 3 bad seconds
      `${A},-5`, // 4 negative
      `${A}`, // 5 missing field
      `${A},1,2`, // 6 three fields
      'C../..,4', // 7 ragged level rows
      'C.C/.../...,4', // 8 two heads
      'C.x/.../...,4', // 9 unknown character
      `${B},9`, // 10 ok
      `${A},`, // 11 empty seconds
      'C./..,4', // 12 too small
      '.../.../...,4', // 13 no head
      `${A},Infinity`, // 14 not a finite number
      `${A},1e999`, // 15 overflows to Infinity
      `${A},0x10`, // 16 hex is not a number of seconds
    ].join('\n');
    const r = parseCompletionCsv(text);
    expect(rowsOf(r)).toEqual([
      { line: 2, level: A, seconds: 12 },
      { line: 10, level: B, seconds: 9 },
    ]);
    const byLine = new Map(r.problems.map((p) => [p.line, p.message]));
    expect([...byLine.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]);
    expect(r.problems).toHaveLength(13);
    expect(byLine.get(3)).toBe('avgCompletionSeconds must be a non-negative number, got "abc"');
    expect(byLine.get(4)).toBe('avgCompletionSeconds must be a non-negative number, got "-5"');
    expect(byLine.get(5)).toBe('expected 2 fields (level,avgCompletionSeconds), found 1');
    expect(byLine.get(6)).toBe('expected 2 fields (level,avgCompletionSeconds), found 3');
    expect(byLine.get(7)).toMatch(/^level: row 2, column 3: row 2 has 2 cells but row 1 has 3/);
    expect(byLine.get(8)).toMatch(/^level: row 1, column 3: a second head 'C'/);
    expect(byLine.get(9)).toMatch(/^level: row 1, column 3: unknown character "x"/);
    expect(byLine.get(11)).toBe('avgCompletionSeconds must be a non-negative number, got ""');
    expect(byLine.get(12)).toMatch(/^level: row 1: the level is 2x2; width and height must each be between 3 and 16/);
    expect(byLine.get(13)).toMatch(/^level: row 1: the level has no head 'C'/);
    expect(byLine.get(14)).toMatch(/got "Infinity"/);
    expect(byLine.get(15)).toMatch(/got "1e999"/);
    expect(byLine.get(16)).toMatch(/got "0x10"/);
  });

  it('a header-like line after the first row is a data row (and invalid)', () => {
    const r = parseCompletionCsv(`${A},1\nlevel,avgCompletionSeconds`);
    expect(r.rows).toHaveLength(1);
    expect(r.problems.map((p) => p.line)).toEqual([2]);
    expect(r.problems[0]!.message).toMatch(/avgCompletionSeconds must be a non-negative number/);
  });

  it(`stops after ${MAX_CSV_ROWS} valid rows and says so`, () => {
    const text = Array.from({ length: MAX_CSV_ROWS + 5 }, (_, i) => `${B},${i}`).join('\n');
    const r = parseCompletionCsv(text);
    expect(r.rows).toHaveLength(MAX_CSV_ROWS);
    expect(r.rows[MAX_CSV_ROWS - 1]!.seconds).toBe(MAX_CSV_ROWS - 1);
    expect(r.problems).toEqual([{ line: MAX_CSV_ROWS + 1, message: `more than ${MAX_CSV_ROWS} rows; the rest are ignored` }]);
  });
});
