/**
 * A temporary copy of this checkout for tests that run whole commands
 * against it (the docs test, the packed-install test): the sources, docs,
 * models and fixtures, without installs, builds, results, git or `out/`;
 * `node_modules` is a link to the checkout's. The copy is a package root of
 * its own, so nothing run there can touch the checkout.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHECKOUT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Top-level folders the copy leaves out. */
const SKIP = new Set(['node_modules', '.git', 'dist', 'build', 'test-results', 'playwright-report', 'bench-results', 'out', '.vite']);

/** Copies the checkout into a new temporary folder (named after `prefix`) and returns its path. */
export function copyCheckout(prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  cpSync(CHECKOUT, copy, {
    recursive: true,
    filter: (src) => {
      const rel = relative(CHECKOUT, src);
      return !SKIP.has(rel.split(/[\\/]/)[0]!) && !rel.startsWith('docs/screenshots');
    },
  });
  symlinkSync(join(CHECKOUT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** The environment for an npm run inside a test: the caller's, without what an outer `npm test` set about its own package and script. */
export function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('npm_package_') || k.startsWith('npm_lifecycle_') || k === 'npm_command' || k === 'INIT_CWD') continue;
    env[k] ??= v;
  }
  return env;
}
