/**
 * Limits the studio's forms and schemas check before any fitting code is
 * loaded (the first page load carries no linear algebra: evaluation.ts and
 * fit.ts pull in ml-matrix).
 */

/** Most features an exhaustive ablation accepts (2^16 - 1 subsets). */
export const MAX_ABLATION_FEATURES = 16;
