/**
 * Fuzz: player-data CSV (`level,avgCompletionSeconds`). Files built here
 * from rows that are valid or spoiled in a known way (a grid the judge
 * refuses, seconds that are negative, not a number or infinite, a third
 * field), with an optional header, quotes, blank lines and CRLF:
 * `parseCompletionCsv` keeps exactly the valid rows, with their line, level
 * and seconds, and reports every other row by its line. Arbitrary text never
 * makes it throw; every row it keeps is valid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCompletionCsv } from '../../src/core/difficulty/csv';
import { toRows } from '../../src/core/level/level';
import { fuzzRuns } from '../fuzzRuns';
import { anyRows, judgeRows } from './grids';

/** Seconds as text, with the value the judge expects (null: not a valid number of seconds). */
const seconds: fc.Arbitrary<{ text: string; value: number | null }> = fc.oneof(
  fc.double({ min: 0, max: 1e300, noNaN: true }).map((v) => ({ text: String(v), value: v })),
  fc.nat(100_000).map((v) => ({ text: `${v}.5`, value: v + 0.5 })),
  fc.constantFrom('-1', '-0.5', 'NaN', 'Infinity', '-Infinity', '', 'abc', '1e999', '0x10', '1,5', '1 2', '--1').map((text) => ({ text, value: null })),
);

const row = fc.record({ grid: anyRows(',"'), seconds, quoted: fc.boolean() });

describe('CSV fuzz', () => {
  it('keeps exactly the valid rows (line, level, seconds) and reports each other row by its line', () => {
    let kept = 0, reported = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.constantFrom('\n', '\r\n'), fc.array(fc.nat(12), { maxLength: 3 }), (rows, header, eol, blanksAt) => {
        const lines: string[] = header ? ['level,avgCompletionSeconds'] : [];
        const expected: { line: number; rows: string[]; seconds: number }[] = [];
        const bad: number[] = [];
        rows.forEach((r, i) => {
          if (blanksAt.includes(i)) lines.push('');
          const level = r.grid.rows.join('/');
          const s = r.seconds.text;
          lines.push(r.quoted ? `"${level}","${s}"` : `${level},${s}`);
          const valid = r.grid.valid && r.seconds.value !== null && !s.includes(',') && !s.includes('"');
          if (valid) expected.push({ line: lines.length, rows: r.grid.rows, seconds: r.seconds.value! });
          else bad.push(lines.length);
        });
        const result = parseCompletionCsv(lines.join(eol) + eol);
        expect(result.rows.map((x) => ({ line: x.line, rows: toRows(x.level), seconds: x.seconds }))).toEqual(expected);
        expect(result.problems.map((p) => p.line)).toEqual(bad);
        kept += expected.length;
        reported += bad.length;
      }),
      { numRuns: fuzzRuns() },
    );
    expect(kept).toBeGreaterThan(fuzzRuns());
    expect(reported).toBeGreaterThan(fuzzRuns());
  });

  it('never throws on arbitrary text; every kept row is a valid level with finite, non-negative seconds', () => {
    const unit = fc.constantFrom('.', '#', 'C', '/', ',', '"', '\n', '\r\n', ' ', '1', '2.5', 'e9', '-', 'level', '\uFEFF');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        const r = parseCompletionCsv(text);
        const lines = text.split('\n').length;
        for (const x of r.rows) {
          expect(judgeRows(toRows(x.level))).toBe(true);
          expect(Number.isFinite(x.seconds) && x.seconds >= 0).toBe(true);
          expect(x.line).toBeGreaterThanOrEqual(1);
          expect(x.line).toBeLessThanOrEqual(lines);
        }
        for (const p of r.problems) expect(p.message.length).toBeGreaterThan(0);
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
