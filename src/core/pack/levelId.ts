/**
 * Level ids that never collide across branches (SPEC §15). A pack lives in a
 * git repository and two designers add levels on two branches; a counter
 * (`level-2`, `level-3`) gives both the same id for different levels, so a
 * new id is drawn at random instead: `l-` and 10 characters of Crockford's
 * base 32 (50 bits). Two branches that each add 10,000 levels share an id
 * with probability about 10^8 / 2^51, under 1 in 10 million.
 *
 * The random source is a parameter: the studio and the CLI draw from the
 * platform's cryptographic source (`crypto.getRandomValues`, present in
 * browsers, workers and Node 20), tests and seeded runs from an `Rng`.
 * Ids of generated levels keep their readable, reproducible form
 * (`generators/provenance.ts`: generator, size, seed, index): the same id
 * means the same run and index, hence the same level.
 */
import type { Rng } from '../util/rng';
import { MAX_ID_LENGTH } from './schema';

/** Random bytes: `n` uniform bytes per call. */
export type RandomBytes = (n: number) => Uint8Array;

/** Crockford's base 32 in lower case (no i, l, o, u: nothing to misread). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Characters of randomness in a new id (5 bits each). */
export const LEVEL_ID_RANDOM_CHARS = 10;

/** What every drawn id starts with. */
export const LEVEL_ID_PREFIX = 'l-';

/** The platform's cryptographic source. */
export const cryptoBytes: RandomBytes = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** Bytes from a seeded generator (tests, seeded runs). */
export function rngBytes(rng: Rng): RandomBytes {
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = rng.u32() & 0xff;
    return out;
  };
}

/** `count` base-32 characters, each from the low 5 bits of one byte (uniform: 256 is a multiple of 32). */
function randomChars(count: number, bytes: RandomBytes): string {
  const b = bytes(count);
  let s = '';
  for (let i = 0; i < count; i++) s += ALPHABET[b[i]! & 31];
  return s;
}

/** A new level id, `l-` and {@link LEVEL_ID_RANDOM_CHARS} random characters, not in `taken`. */
export function newLevelId(taken: ReadonlySet<string> = new Set(), bytes: RandomBytes = cryptoBytes): string {
  for (;;) {
    const id = LEVEL_ID_PREFIX + randomChars(LEVEL_ID_RANDOM_CHARS, bytes);
    if (!taken.has(id)) return id;
  }
}

/**
 * `base` when it is free, else `base` with a random suffix (`-` and 6
 * characters, 30 bits; never a counter, which two branches would repeat),
 * cut so the id stays within {@link MAX_ID_LENGTH}.
 */
export function freeLevelId(base: string, taken: ReadonlySet<string>, bytes: RandomBytes = cryptoBytes): string {
  if (base !== '' && !taken.has(base)) return base;
  if (base === '') return newLevelId(taken, bytes);
  const head = base.slice(0, MAX_ID_LENGTH - 7);
  for (;;) {
    const id = `${head}-${randomChars(6, bytes)}`;
    if (!taken.has(id)) return id;
  }
}
