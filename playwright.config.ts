import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Playwright runs against the production build (`npm run build:studio`),
 * served by scripts/serve-build.mjs (sirv, the file server inside
 * `vite preview`, for a third of its CPU per page load).
 * The browser: `CHROMIUM_PATH` when set, else Debian's headless Chromium
 * (/usr/bin/chromium-headless-shell, installed by .ci/run: the same engine
 * without the desktop browser's shell, 0.63x the machine's CPU time and
 * 0.65x the wall time on two specs, docs/BENCHMARKS.md), else Debian's
 * Chromium (/usr/bin/chromium), else Playwright's own browser.
 */
const debianBrowsers = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
/** `PREVIEW_PORT` lets several checkouts run their suites side by side. */
const port = Number(process.env.PREVIEW_PORT ?? 4173);
const executablePath = process.env.CHROMIUM_PATH ?? debianBrowsers.find((path) => existsSync(path));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  // Under CI a failing test runs once more, recording a trace (screenshots,
  // DOM snapshots, console, network) that stays in test-results/ (the CI
  // artifact) beside the first failure's error context: a flaky failure
  // leaves something to read. `npx playwright show-trace <trace.zip>`.
  retries: process.env.CI ? 1 : 0,
  outputDir: 'test-results',
  // Three workers, each with its own browser (every test has its own context:
  // storage, downloads and temp folders are per test), sharing one preview
  // server. A spec keeps its worker's core about a third busy (the rest is
  // waiting on the page: 11.2 s of CPU for editor.spec's 30.8 s, 24.8 s for
  // training and recovery's 72.3 s), so three workers fill about one of two
  // cores. PLAYWRIGHT_WORKERS overrides (docs/suite.md, BENCHMARKS.md).
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 3,
  // The JSON report feeds `npm run suite:cpu` (each spec file's time).
  reporter: [['list'], ['json', { outputFile: 'bench-results/suite-cpu/playwright.json' }]],
  use: {
    trace: 'on-first-retry',
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/serve-build.mjs ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
