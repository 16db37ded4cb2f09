import { mkdirSync } from 'node:fs';
import { test } from '@playwright/test';

/**
 * A folder for the files a test writes (downloads, exports, a model to
 * import): inside the test's own output folder under test-results/, which
 * Playwright empties at the start of every run, so nothing is left in the
 * system's temporary folder.
 */
export function scratchDir(name: string): string {
  const dir = test.info().outputPath(name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
