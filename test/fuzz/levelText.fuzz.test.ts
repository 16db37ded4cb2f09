/**
 * Fuzz: the level text format (SPEC §2). Texts of several levels, each
 * valid or spoiled in a known way, with names, blank lines, CRLF and
 * trailing spaces: `parseLevels` accepts exactly when the independent judge
 * (grids.ts) finds every level valid, and then gives back those grids and
 * names. Arbitrary text never makes it throw, and whatever it accepts is a
 * valid level that survives format-and-parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLevels, parseLevels } from '../../src/core/level/format';
import { toRows } from '../../src/core/level/level';
import { fuzzRuns } from '../fuzzRuns';
import { anyRows, judgeRows } from './grids';

const name = fc.string({ maxLength: 30 }).filter((s) => !/[\r\n]/.test(s));
const block = fc.record({ grid: anyRows(), name: fc.option(name, { nil: undefined }), trailing: fc.constantFrom('', ' ', '\t', '  ') });

describe('level text fuzz', () => {
  it('accepts exactly the texts whose every level the judge finds valid, and returns those levels', () => {
    let accepted = 0, refused = 0;
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (blocks, eol, bom) => {
        const text =
          (bom ? '\uFEFF' : '') +
          blocks.map((b) => [...(b.name !== undefined ? [`; ${b.name}`] : []), ...b.grid.rows.map((r) => r + b.trailing)].join(eol)).join(eol + eol) +
          eol;
        const valid = blocks.every((b) => b.grid.valid);
        const r = parseLevels(text);
        expect(r.ok, `judge says ${valid}: ${JSON.stringify(text).slice(0, 300)}`).toBe(valid);
        if (!r.ok) {
          refused++;
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.message.length).toBeGreaterThan(0);
          return;
        }
        accepted++;
        expect(r.value).toHaveLength(blocks.length);
        r.value.forEach((level, i) => {
          expect(toRows(level)).toEqual(blocks[i]!.grid.rows);
          expect(level.name).toBe(blocks[i]!.name?.trim());
        });
      }),
      { numRuns: fuzzRuns() },
    );
    expect(accepted).toBeGreaterThan(fuzzRuns() / 20);
    expect(refused).toBeGreaterThan(fuzzRuns() / 4);
  });

  it('never throws on arbitrary text; what it accepts is valid and survives format-and-parse', () => {
    const alphabet = fc.constantFrom('.', '#', 'C', '\n', '\r\n', ' ', ';', 'x', '\t', '\uFEFF', '😀');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        const r = parseLevels(text);
        if (!r.ok) return;
        for (const level of r.value) expect(judgeRows(toRows(level))).toBe(true);
        const again = parseLevels(formatLevels(r.value));
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.value.map(toRows)).toEqual(r.value.map(toRows));
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
