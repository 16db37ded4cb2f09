/** Where the suite records each test file's CPU time (relative to the checkout; read by scripts/suite-cpu.mjs). */
export const VITEST_CPU_RECORD = 'bench-results/suite-cpu/vitest.ndjson';
/** Playwright's JSON report of the last `playwright test` (playwright.config.ts). */
export const PLAYWRIGHT_REPORT = 'bench-results/suite-cpu/playwright.json';
