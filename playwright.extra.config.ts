import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The benchmarks' figures were taken on the desktop Chromium: they keep it where it is installed (`npm test` prefers the headless shell). */
const desktop = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

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
  use: { ...base.use, launchOptions: { ...base.use?.launchOptions, ...(desktop ? { executablePath: desktop } : {}) } },
});
