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

/** splitmix32's output for its counter value `s` (uint32). */
function splitmix32At(s: number): number {
  let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const GOLDEN = 0x9e3779b9;

/**
 * sfc32 seeded by the first four outputs of splitmix32, then 12 rounds
 * discarded. A class rather than closures: hot paths make one generator per
 * level (every RSD level has its own stream), and an object with prototype
 * methods costs far less to make than a fresh set of closures.
 */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const s = seed >>> 0;
    this.a = splitmix32At((s + GOLDEN) >>> 0);
    this.b = splitmix32At((s + 2 * GOLDEN) >>> 0);
    this.c = splitmix32At((s + 3 * GOLDEN) >>> 0);
    this.d = splitmix32At((s + 4 * GOLDEN) >>> 0);
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const a = this.a, b = this.b, c = this.c, d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }
}

/** A fresh generator for a uint32 seed (other numbers are reduced mod 2^32). */
export function createRng(seed: number): Rng {
  return new Sfc32(seed);
}

/** Seed of the independent stream for item `index` of a run seeded `seed`. */
export function streamSeed(seed: number, index: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index >>> 0, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}
