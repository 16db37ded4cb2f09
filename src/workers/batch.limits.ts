/** Limits and names of batch requests, shared by the api (validation) and the page (form bounds) without pulling the api into the page bundle. */

/** Generators a batch evaluation can run. */
export const BATCH_GENERATORS = ['rsd', 'rpu', 'sd-pcgrl'] as const;
export type BatchGenerator = (typeof BATCH_GENERATORS)[number];

/** Most levels one generate-at-difficulty request may ask for. */
export const MAX_AT_DIFFICULTY_COUNT = 50;
/** Most levels one curve may hold. */
export const MAX_CURVE_COUNT = 100;
/** Most iterations per evaluation run (per temperature for SD-PCGRL): the duplicate set grows with it. */
export const MAX_EVALUATION_COUNT = 200_000;
/** Sample levels kept per difficulty span (the first ones found: deterministic by seed). */
export const SAMPLES_PER_SPAN = 6;
