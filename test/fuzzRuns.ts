/** Cases per fast-check property: about 1,000 in `npm test`; `npm run fuzz` sets FUZZ_RUNS (10,000+). */
export function fuzzRuns(): number {
  const n = Number(process.env.FUZZ_RUNS ?? 1000);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 1000;
}
