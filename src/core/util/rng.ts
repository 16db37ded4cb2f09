/**
 * Seeded pseudo-random numbers for generators and environments.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state)
 * seeded through splitmix32. Every generator derives one stream per level
 * index with {@link streamSeed}, so level i of a run is the same whether the
 * run is sharded or not.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n), n >= 1. */
  int(n: number): number;
  /** Raw uint32. */
  u32(): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A fresh generator for a uint32 seed (other numbers are reduced mod 2^32). */
export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  let a = init(), b = init(), c = init(), d = init();
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  return {
    u32,
    next: () => u32() / 4294967296,
    int: (n: number) => Math.floor((u32() / 4294967296) * n),
  };
}

/** Seed of the independent stream for item `index` of a run seeded `seed`. */
export function streamSeed(seed: number, index: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index >>> 0, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}
