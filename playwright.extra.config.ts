import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Work that is not part of `npm test`: the browser benchmark
 * (`npm run bench:browser`) and the README screenshots (`npm run screenshots`).
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/extra',
  testMatch: ['**/*.bench.ts', '**/*.shots.ts'],
  timeout: 300_000,
  // Benchmarks time what they run: one at a time (the suite runs two workers).
  reporter: [['list']],
  workers: 1,
});
