/** Players' statistics in a pack file: exported, imported back unchanged, kept apart from playtests, and checked. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPack, exportPack, importPack } from './pack';
import type { PackPlayerStats } from './schema';

const count = fc.nat(100_000);
const seconds = fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x)), { nil: null });
const stats: fc.Arbitrary<PackPlayerStats> = fc.record({ players: count, attempts: count, solved: count, gaveUp: count, outliers: count, meanSeconds: seconds, medianSeconds: seconds });

describe('pack playerStats', () => {
  it('round-trips beside the designer playtests', () => {
    fc.assert(
      fc.property(stats, fc.boolean(), (s, withPlaytests) => {
        const pack = createPack('p', [{ id: 'a', name: 'a', rows: ['C..', '...', '...'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null }, playerStats: s, ...(withPlaytests ? { playtests: { played: 2, solved: 1, meanSeconds: 3 } } : {}) }]);
        const back = importPack(exportPack(pack));
        expect(back.ok && back.value.pack).toEqual(pack);
      }),
      { numRuns: 200 },
    );
  });

  it('a negative count or a string is reported at its path', () => {
    const text = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels: [{ id: 'a', name: 'a', rows: ['C..', '...', '...'], playerStats: { players: -1, attempts: 'x', solved: 0, gaveUp: 0, outliers: 0, meanSeconds: null, medianSeconds: null } }] });
    const r = importPack(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.path)).toEqual(expect.arrayContaining(['levels[0].playerStats.players', 'levels[0].playerStats.attempts']));
  });
});
