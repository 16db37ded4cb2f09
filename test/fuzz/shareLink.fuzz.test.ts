/**
 * Fuzz: share links (`#level=...&name=...`). Links built here from the
 * documented alphabet (`-` empty, `x` wall, `c` head, `_` between rows),
 * from valid grids and grids spoiled in a known way: `decodeShareHash`
 * accepts exactly when the independent judge finds the grid valid, and
 * then gives back that grid and name. Arbitrary hashes never make it throw;
 * what it accepts is a valid level whose link decodes to itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeShareHash, encodeShareHash } from '../../src/app/adapters/shareLink';
import { toRows } from '../../src/core/level/level';
import { fuzzRuns } from '../fuzzRuns';
import { anyRows, judgeRows } from './grids';

const LINK: Record<string, string> = { '.': '-', '#': 'x', C: 'c' };
/** A cell as it appears in a link: the alphabet for cells, percent-encoding for anything else. */
const linkCell = (ch: string): string => LINK[ch] ?? encodeURIComponent(ch.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

describe('share link fuzz', () => {
  it('accepts exactly the links whose grid the judge finds valid, and returns the grid and name', () => {
    let accepted = 0, refused = 0;
    fc.assert(
      fc.property(anyRows('_-xc'), fc.option(fc.string({ maxLength: 40 }), { nil: undefined }), ({ rows }, name) => {
        // A lone surrogate cannot be percent-encoded: the link carries U+FFFD instead, judged as such.
        const sent = rows.map((r) => r.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
        const hash = `#level=${sent.map((r) => [...r].map(linkCell).join('')).join('_')}${name !== undefined ? `&name=${encodeURIComponent(name.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}` : ''}`;
        const valid = judgeRows(sent);
        const r = decodeShareHash(hash);
        expect(r.ok, `judge says ${valid}: ${hash.slice(0, 200)}`).toBe(valid);
        if (!r.ok) {
          refused++;
          expect(r.error.length).toBeGreaterThan(0);
          return;
        }
        accepted++;
        expect(toRows(r.value.level)).toEqual(sent);
        const expectedName = (name ?? '').replace(/[\uD800-\uDFFF]/g, '\uFFFD').replace(/[\r\n]+/g, ' ').trim().slice(0, 200);
        expect(r.value.name).toBe(expectedName);
      }),
      { numRuns: fuzzRuns() },
    );
    expect(accepted).toBeGreaterThan(fuzzRuns() / 10);
    expect(refused).toBeGreaterThan(fuzzRuns() / 10);
  });

  it('never throws on arbitrary hashes; what it accepts is valid and round-trips', () => {
    const unit = fc.constantFrom('-', 'x', 'c', '_', '&', '=', '%', '+', 'level=', '#', 'name=', '%2', '%E2%82', 'C', '.');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit, maxLength: 60 }).map((s) => `#level=${s}`)), (hash) => {
        const r = decodeShareHash(hash);
        if (!r.ok) return;
        expect(judgeRows(toRows(r.value.level))).toBe(true);
        const again = decodeShareHash(encodeShareHash(r.value.level, r.value.name, r.value.rules));
        expect(again.ok).toBe(true);
        if (again.ok) {
          expect(toRows(again.value.level)).toEqual(toRows(r.value.level));
          expect(again.value.name).toBe(r.value.name);
        }
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
