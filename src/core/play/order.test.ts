/**
 * The per-player play order (order.ts) and the pack option that asks for
 * it: properties of the order (a permutation; the first level kept first
 * when asked; the same seed the same order; no shuffle, the pack's order),
 * and the option as a saved record: packs of earlier shapes (version 1, version
 * 2 without the field) still open and play in their order, the option
 * survives the pack file, the play link and the standalone player's JSON,
 * and a bad value is refused by name. Results files carry the order shown.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEmbeddedPack, decodePackLink, embeddedPackJson, encodePackLink, packIdentity } from '../pack/link';
import { exportPack, importPack } from '../pack/pack';
import type { LevelPack } from '../pack/schema';
import { presentationOrder } from './order';
import { parseResults, RESULTS_FORMAT } from './results';

const order = fc.record({ shuffle: fc.boolean(), keepFirst: fc.boolean() });

describe('presentationOrder', () => {
  it('is a permutation of the levels, whatever the count, option and seed', () => {
    fc.assert(
      fc.property(fc.nat(200), order, fc.string(), (n, o, seed) => {
        const p = presentationOrder(n, o, seed);
        expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the first level first when asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.string(), (n, seed) => {
        expect(presentationOrder(n, { shuffle: true, keepFirst: true }, seed)[0]).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same order for the same seed, and the pack order without a shuffle', () => {
    fc.assert(
      fc.property(fc.nat(60), order, fc.string(), (n, o, seed) => {
        expect(presentationOrder(n, o, seed)).toEqual(presentationOrder(n, o, seed));
        expect(presentationOrder(n, { ...o, shuffle: false }, seed)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(presentationOrder(n, undefined, seed)).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
      { numRuns: 200 },
    );
  });

  it('differs between players: 100 ids over 5 levels give many orders, every level first for some', () => {
    const orders = Array.from({ length: 100 }, (_, i) => presentationOrder(5, { shuffle: true, keepFirst: false }, `pack/p-${i}`));
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(40);
    expect(new Set(orders.map((o) => o[0])).size).toBe(5);
    // With keepFirst the others still move.
    const kept = Array.from({ length: 100 }, (_, i) => presentationOrder(5, { shuffle: true, keepFirst: true }, `pack/p-${i}`));
    expect(new Set(kept.map((o) => o[1])).size).toBe(4);
  });
});

const LEVELS = [
  { id: 'a', name: 'A', rows: ['C..', '...', '..#'] },
  { id: 'b', name: 'B', rows: ['C#.', '...', '...'] },
  { id: 'c', name: 'C', rows: ['C..', '.#.', '...'] },
];

function imported(json: unknown): LevelPack {
  const r = importPack(JSON.stringify(json));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.pack;
}

describe('the pack option playOrder', () => {
  it('is absent from packs of earlier shapes (version 1, version 2 without it): they play in their order', () => {
    for (const old of [{ format: 'longcat-pack', version: 1, name: 'Old', levels: LEVELS }, { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'Old', levels: LEVELS }]) {
      const pack = imported(old);
      expect(pack.playOrder).toBeUndefined();
      expect(exportPack(pack)).not.toContain('playOrder');
      const link = encodePackLink(pack);
      if (!link.ok) throw new Error(link.error.message);
      const back = decodePackLink(link.value.fragment);
      if (!back.ok) throw new Error(back.error);
      expect(back.value.pack.playOrder).toBeUndefined();
      expect(presentationOrder(3, back.value.pack.playOrder, 'any')).toEqual([0, 1, 2]);
    }
  });

  it('survives the pack file, the play link and the standalone JSON; it changes the identity only where set', () => {
    const plain = imported({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', levels: LEVELS });
    const shuffled = imported({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', playOrder: { shuffle: true, keepFirst: false }, levels: LEVELS });
    expect(shuffled.playOrder).toEqual({ shuffle: true, keepFirst: false });
    expect(imported(JSON.parse(exportPack(shuffled))).playOrder).toEqual({ shuffle: true, keepFirst: false });
    const link = encodePackLink(shuffled);
    if (!link.ok) throw new Error(link.error.message);
    const fromLink = decodePackLink(link.value.fragment);
    const fromFile = decodeEmbeddedPack(embeddedPackJson(shuffled));
    if (!fromLink.ok || !fromFile.ok) throw new Error('did not decode');
    expect(fromLink.value.pack.playOrder).toEqual({ shuffle: true, keepFirst: false });
    expect(fromFile.value.pack.playOrder).toEqual({ shuffle: true, keepFirst: false });
    // Progress is kept per identity: a shuffled pack is another pack to a player; the plain pack's identity is the one it had.
    expect(packIdentity(shuffled)).not.toBe(packIdentity(plain));
    expect(packIdentity(plain)).toBe(packIdentity(imported({ format: 'longcat-pack', version: 1, name: 'P', levels: LEVELS })));
  });

  it('refuses a bad value by name and changes nothing', () => {
    for (const playOrder of [true, { shuffle: 'yes', keepFirst: true }, { shuffle: true }]) {
      const r = importPack(JSON.stringify({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', playOrder, levels: LEVELS }));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.map((p) => p.path).some((p) => p.startsWith('playOrder'))).toBe(true);
    }
  });
});

describe('results files and the order shown', () => {
  const base = { format: RESULTS_FORMAT, version: 2, pack: { name: 'P', identity: '0123456789abcdef' }, player: 'p-abcdef', exportedAt: '2026-11-27T20:00:00.000Z', levels: [{ id: 'a', name: 'A', rows: LEVELS[0]!.rows, attempts: [] }] };
  it('reads a file with the order and one without (the earlier shape, and version 1)', () => {
    const withOrder = parseResults(JSON.stringify({ ...base, order: ['c', 'a', 'b'] }));
    expect(withOrder.ok && withOrder.value.order).toEqual(['c', 'a', 'b']);
    const without = parseResults(JSON.stringify(base));
    expect(without.ok && without.value.order).toBeUndefined();
    expect(parseResults(JSON.stringify({ ...base, version: 1 })).ok).toBe(true);
    expect(parseResults(JSON.stringify({ ...base, order: 'c,a,b' })).ok).toBe(false);
  });
});
