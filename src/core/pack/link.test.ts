/**
 * Pack links: a valid pack survives the link exactly (its playable part),
 * a link made by Node's own zlib opens (so the checksum check is the
 * standard one), and fuzzed links (random, truncated, tampered, oversized)
 * give a sentence, never a throw and never a different pack.
 */
// Tests run on Node only: Node's zlib is the independent reference for the stream format and its checksum.
// eslint-disable-next-line no-restricted-imports
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../test/fuzzRuns';
import { createRng } from '../util/rng';
import { createPack } from './pack';
import { decodeEmbeddedPack, decodePackLink, embeddedPackJson, encodePackLink, MAX_PACK_LINK_CHARS, packIdentity, playablePack } from './link';
import type { LevelPack, PackLevel } from './schema';

/** Runs of the fuzz properties: 1,000 in `npm test`, more under `npm run fuzz` (FUZZ_RUNS). */
const FUZZ_RUNS = fuzzRuns();

/** Rows of a random valid grid: 3..16 a side, walls and empties, one head. */
const rows = fc
  .record({ width: fc.integer({ min: 3, max: 16 }), height: fc.integer({ min: 3, max: 16 }) })
  .chain(({ width, height }) =>
    fc.tuple(fc.array(fc.constantFrom<string>('.', '#'), { minLength: width * height, maxLength: width * height }), fc.nat(width * height - 1)).map(([cells, head]) => {
      cells[head] = 'C';
      return Array.from({ length: height }, (_, y) => cells.slice(y * width, (y + 1) * width).join(''));
    }),
  );

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const pack: fc.Arbitrary<LevelPack> = fc
  .record({
    name: text(60),
    levels: fc.uniqueArray(fc.record({ id: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }), name: text(40), rows }), { selector: (l) => l.id, minLength: 1, maxLength: 12 }),
  })
  .map(({ name, levels }) => ({
    format: 'longcat-pack',
    version: 2,
    rules: 'longcat',
    name,
    levels: levels.map((l) => ({ ...l, difficulty: 12.5, features: { nSolutions: 3 }, source: { generator: 'rsd', seed: 7, temperature: null, model: null }, notes: 'not for players', tags: ['x'] })),
  }));

const lvl = (id: string, name: string, rows: string[]): PackLevel => ({ id, name, rows, difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } });
const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const fragmentOf = (p: LevelPack): string => {
  const r = encodePackLink(p);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.fragment;
};

describe('pack links round-trip', () => {
  it('a pack comes back as its playable part: names, ids and rows exactly, annotations dropped', () => {
    fc.assert(
      fc.property(pack, (p) => {
        const decoded = decodePackLink(fragmentOf(p));
        expect(decoded.ok).toBe(true);
        if (!decoded.ok) return;
        expect(decoded.value.pack.name).toBe(p.name);
        expect(decoded.value.pack.levels.map((l) => [l.id, l.name, l.rows])).toEqual(p.levels.map((l) => [l.id, l.name, l.rows]));
        for (const l of decoded.value.pack.levels) {
          expect(l.difficulty).toBeNull();
          expect(l.features).toEqual({});
          expect(l.notes).toBeUndefined();
        }
        expect(decoded.value.levels.map((l) => l.width * l.height)).toEqual(p.levels.map((l) => l.rows.length * l.rows[0]!.length));
        expect(packIdentity(decoded.value.pack)).toBe(packIdentity(p));
      }),
      { numRuns: 200 },
    );
  });

  it('the standalone file form reads back the same way, and no name can close its script element', () => {
    fc.assert(
      fc.property(pack, (p) => {
        const p2 = { ...p, name: `${p.name}</script><!--` };
        const json = embeddedPackJson(p2);
        expect(json).not.toMatch(/</);
        const decoded = decodeEmbeddedPack(json);
        expect(decoded.ok && decoded.value.pack).toEqual(playablePack(p2));
      }),
      { numRuns: 100 },
    );
  });

  it('opens a link whose zlib stream was written by Node (zlib itself), and refuses it with a wrong checksum', () => {
    const p = createPack('Node made', [lvl('a', 'first', ['C..', '.#.', '...'])]);
    const json = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'Node made', levels: [{ id: 'a', name: 'first', rows: ['C..', '.#.', '...'] }] });
    const stream = deflateSync(Buffer.from(json));
    const good = decodePackLink(`#pack=1.${b64url(stream)}`);
    expect(good.ok && good.value.pack.levels[0]!.rows).toEqual(['C..', '.#.', '...']);
    expect(good.ok && good.value.pack.name).toBe(p.name);
    const bad = Buffer.from(stream);
    bad[bad.length - 1] = bad[bad.length - 1]! ^ 1;
    const refused = decodePackLink(`#pack=1.${b64url(bad)}`);
    expect(refused.ok ? 'opened' : refused.error).toMatch(/checksum/);
  });

  it('a pack too large for a link says so, with its length', () => {
    // Random 16x16 grids compress badly: 600 of them are far past the limit.
    const rng = createRng(3);
    const grid = (): string[] => Array.from({ length: 16 }, (_, y) => Array.from({ length: 16 }, (_, x) => (x + y === 0 ? 'C' : rng.next() < 0.3 ? '#' : '.')).join(''));
    const levels = Array.from({ length: 600 }, (_, i) => lvl(`l${i}`, `level ${i}`, grid()));
    const big = createPack('big', levels);
    const r = encodePackLink(big);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.chars).toBeGreaterThan(MAX_PACK_LINK_CHARS);
      expect(r.error.message).toMatch(/too large for a link/);
    }
    expect(decodeEmbeddedPack(embeddedPackJson(big)).ok).toBe(true);
  });
});

describe('fuzzed links give a sentence, never a throw or another pack', () => {
  const expectRefused = (hash: string): void => {
    const r = decodePackLink(hash);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^[a-z].{10,}/);
  };

  it('random text after #pack=, with and without the version', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')) })), fc.constantFrom('#pack=', '#pack=1.', 'pack=1.', '#x=1&pack=1.', '#pack=2.'), (s, prefix) => {
        expectRefused(prefix + s);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('random bytes zlib-packed with a correct checksum (valid compression, not a pack)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), fc.json().map((j) => new TextEncoder().encode(j))), (bytes) => {
        expectRefused(`#pack=1.${b64url(deflateSync(bytes))}`);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('every truncation of a valid link', () => {
    fc.assert(
      fc.property(pack, fc.double({ min: 0, max: 1, noNaN: true }), (p, cut) => {
        const full = fragmentOf(p);
        const at = '#pack=1.'.length + Math.floor(cut * (full.length - '#pack=1.'.length));
        if (at >= full.length) return;
        expectRefused(full.slice(0, at));
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('one character changed anywhere in the data: refused, or (unused padding bits) the same pack', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=%. '.split('');
    fc.assert(
      fc.property(pack, fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.constantFrom(...alphabet), (p, where, ch) => {
        const full = fragmentOf(p);
        const start = '#pack=1.'.length;
        const at = start + Math.floor(where * (full.length - start));
        if (full[at] === ch) return;
        const r = decodePackLink(full.slice(0, at) + ch + full.slice(at + 1));
        if (r.ok) expect(r.value.pack).toEqual(playablePack(p));
        else expect(r.error.length).toBeGreaterThan(10);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('oversized links are refused before any decoding', () => {
    expectRefused(`#pack=1.${'A'.repeat(MAX_PACK_LINK_CHARS + 10)}`);
    const r = decodePackLink(`#pack=1.${'A'.repeat(MAX_PACK_LINK_CHARS + 10)}`);
    expect(!r.ok && r.error).toMatch(/too long/);
  });

  it('a link of a pack that is not valid lists the problem', () => {
    const json = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'x', levels: [{ id: 'a', name: 'a', rows: ['C.', 'CC'] }] });
    const r = decodePackLink(`#pack=1.${b64url(deflateSync(Buffer.from(json)))}`);
    expect(!r.ok && r.error).toMatch(/^the link's pack is not valid: levels\[0\]\.rows/);
  });
});
