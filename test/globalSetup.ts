/**
 * Vitest's global setup (vite.config.ts): once per run, before any test file.
 *
 * - A fresh corpus cache folder (`LONGCAT_CORPUS_CACHE`, src/cli/corpusCache.ts)
 *   for the run, so the shipped models' rebuild (src/core/difficulty/recipe.test.ts)
 *   and the docs' fit commands (test/docs.test.ts, through the CLI) build each
 *   generated corpus once; removed at the end. Always a new folder, whatever
 *   the caller's environment names: the rebuild must run on this engine.
 * - An empty record of the run's CPU time per test file (test/cpuReport.ts
 *   fills it; `npm run suite:cpu` prints it).
 * - The CLI's bundle (build/cli, `scripts/build-cli.mjs --cli-only`: esbuild,
 *   about a second) from the sources as they are now, so the tests that
 *   start the command line as a process (test/support/cliProcess.ts) and
 *   the docs' commands run this tree's code, not the bundle of the last
 *   `npm ci` or `npm run build:cli`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKOUT } from './support/checkoutCopy';
import { VITEST_CPU_RECORD } from './support/suiteCpu';

export default function setup(): () => void {
  mkdirSync(join(CHECKOUT, 'bench-results/suite-cpu'), { recursive: true });
  writeFileSync(join(CHECKOUT, VITEST_CPU_RECORD), '');
  const b = spawnSync(process.execPath, ['scripts/build-cli.mjs', '--cli-only'], { cwd: CHECKOUT, encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`scripts/build-cli.mjs --cli-only exited ${b.status}: ${b.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'longcat-corpus-'));
  process.env.LONGCAT_CORPUS_CACHE = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.LONGCAT_CORPUS_CACHE;
  };
}
