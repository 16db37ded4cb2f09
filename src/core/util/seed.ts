/** The seed range, in a module of its own so that callers need not load the schemas (`schemas.ts`). */

/** Seeds are unsigned 32-bit integers (the generators' PRNG state). */
export const MAX_SEED = 0xffffffff;
