/**
 * Limits the studio's forms and schemas check before any fitting code is
 * loaded (the first page load carries no linear algebra: evaluation.ts and
 * fit.ts pull in ml-matrix).
 */

/** Most features an exhaustive ablation accepts (2^16 - 1 subsets). */
export const MAX_ABLATION_FEATURES = 16;

/** Fewer levels than this (beyond the feature count) are refused. */
export const MIN_LEVELS_BEYOND_FEATURES = 2;

/** The sentence refusing a fit of `levels` levels on `features` features, or null when it may go ahead. */
export function fitSizeProblem(levels: number, features: number): string | null {
  const need = features + MIN_LEVELS_BEYOND_FEATURES;
  if (levels >= need) return null;
  return `a fit on ${features} feature${features === 1 ? '' : 's'} needs at least ${need} levels (features + ${MIN_LEVELS_BEYOND_FEATURES}); the data has ${levels}`;
}
