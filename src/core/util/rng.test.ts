/**
 * The seeded generator (SPEC §6: same seed, same levels): determinism, ranges,
 * rough uniformity, and per-item stream seeds that never collide.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, streamSeed } from './rng';

const draw = (seed: number, n: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.u32());
};

/** Pearson's chi-square statistic of `counts` against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((s, c) => s + ((c - expected) ** 2) / expected, 0);
}

/**
 * sfc32 seeded by splitmix32 (four outputs, then 12 draws discarded), written
 * here from the algorithms' definitions with 64-bit-safe BigInt arithmetic,
 * independently of rng.ts: the stream every seeded level depends on.
 */
function referenceDraws(seed: number, n: number): number[] {
  const M = (1n << 32n) - 1n;
  let s = BigInt(seed >>> 0);
  const mix = (): bigint => {
    s = (s + 0x9e3779b9n) & M;
    let z = s;
    z = ((z ^ (z >> 16n)) * 0x85ebca6bn) & M;
    z = ((z ^ (z >> 13n)) * 0xc2b2ae35n) & M;
    return z ^ (z >> 16n);
  };
  let a = mix(), b = mix(), c = mix(), d = mix();
  const next = (): number => {
    const t = (a + b + d) & M;
    d = (d + 1n) & M;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & M;
    c = (((c << 21n) | (c >> 11n)) + t) & M;
    return Number(t);
  };
  for (let i = 0; i < 12; i++) next();
  return Array.from({ length: n }, next);
}

describe('createRng', () => {
  it('is sfc32 seeded by splitmix32, draw for draw (a BigInt reference)', () => {
    for (const seed of [0, 1, 42, 0x7fffffff, 0x80000000, 0xffffffff]) expect(draw(seed, 40), `seed ${seed}`).toEqual(referenceDraws(seed, 40));
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (seed) => {
        expect(draw(seed, 20)).toEqual(referenceDraws(seed, 20));
      }),
      { numRuns: 200 },
    );
  });

  it('the same seed gives the same sequence; different seeds differ', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (seed) => {
        expect(draw(seed, 50)).toEqual(draw(seed, 50));
        expect(draw(seed, 50)).not.toEqual(draw((seed + 1) >>> 0, 50));
      }),
      { numRuns: 200 },
    );
  });

  it('reduces seeds mod 2^32 as documented', () => {
    expect(draw(-1, 20)).toEqual(draw(0xffffffff, 20));
    expect(draw(2 ** 32 + 7, 20)).toEqual(draw(7, 20));
  });

  it('int(n) is an integer in [0, n); next() is in [0, 1); u32() is a uint32', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
        const rng = createRng(seed);
        for (let k = 0; k < 50; k++) {
          const v = rng.int(n);
          expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
          const f = rng.next();
          expect(f >= 0 && f < 1).toBe(true);
          const u = rng.u32();
          expect(Number.isInteger(u) && u >= 0 && u <= 0xffffffff).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    const one = createRng(3);
    for (let k = 0; k < 100; k++) expect(one.int(1)).toBe(0);
  });

  it('int(n) is roughly uniform (chi-square, loose bounds)', () => {
    // Critical values at p = 1e-6: about 46 for 9 degrees of freedom, 38 for 6, 48 for 15.
    for (const [seed, n, limit] of [[1, 10, 46], [2, 7, 38], [3, 16, 48]] as const) {
      const rng = createRng(seed);
      const counts = new Array<number>(n).fill(0);
      for (let k = 0; k < 100_000; k++) counts[rng.int(n)]!++;
      expect(chiSquare(counts)).toBeLessThan(limit);
      // Not suspiciously perfect either (p ~ 1e-6 on the low side is about 0.3 for 9 dof).
      expect(chiSquare(counts)).toBeGreaterThan(0.05);
    }
  });

  it('consecutive draws are not correlated (pairs of int(4) over 16 cells)', () => {
    const rng = createRng(11);
    const counts = new Array<number>(16).fill(0);
    for (let k = 0; k < 80_000; k++) counts[rng.int(4) * 4 + rng.int(4)]!++;
    expect(chiSquare(counts)).toBeLessThan(48);
  });

  it('every bit of u32() is set about half the time', () => {
    const rng = createRng(42);
    const ones = new Array<number>(32).fill(0);
    const total = 50_000;
    for (let k = 0; k < total; k++) {
      const u = rng.u32();
      for (let b = 0; b < 32; b++) if ((u >>> b) & 1) ones[b]!++;
    }
    // sd of the share is 0.5 / sqrt(50,000) ~ 0.0022; allow 0.012 (over 5 sd).
    for (const n of ones) expect(Math.abs(n / total - 0.5)).toBeLessThan(0.012);
  });
});

describe('streamSeed', () => {
  it('distinct indices give distinct seeds (no collision in the first 100,000, several run seeds)', () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const seen = new Set<number>();
      // Checked without expect() in the loop (400,000 calls would dominate the test); the first bad value is reported.
      let bad: string | null = null;
      for (let i = 0; i < 100_000; i++) {
        const s = streamSeed(seed, i);
        if (bad === null && !(Number.isInteger(s) && s >= 0 && s <= 0xffffffff)) bad = `streamSeed(${seed}, ${i}) = ${s}`;
        seen.add(s);
      }
      expect(bad).toBeNull();
      expect(seen.size).toBe(100_000);
    }
  });

  it('is a pure function of (seed, index), and the run seed matters', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff }), (seed, index) => {
        expect(streamSeed(seed, index)).toBe(streamSeed(seed, index));
        expect(streamSeed(seed, index)).not.toBe(streamSeed((seed + 1) >>> 0, index));
      }),
      { numRuns: 500 },
    );
  });

  it('streams of neighbouring items start differently', () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 10_000; i++) firsts.add(createRng(streamSeed(1, i)).u32());
    // Birthday bound: about 0.012 expected collisions among 10,000 uint32 draws.
    expect(firsts.size).toBeGreaterThanOrEqual(9_998);
  });
});
