/**
 * Level builders for tests: random grids and the real level sets in
 * ../shared/data. The level sets sit outside the repository: a checkout
 * without them skips the tests that need them (see {@link sharedDataMissing});
 * the committed fixtures in test/fixtures cover the engine there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { parseLevels } from '../../src/core/level/format';
import type { Level } from '../../src/core/level/level';
import type { Rng } from '../../src/core/util/rng';

const here = dirname(fileURLToPath(import.meta.url));
export const SHARED_DATA = resolve(here, '../../../shared/data');
export const DATA_FILES = ['longcat-arduboy.txt', 'longcat-binswing-52.txt'] as const;

/**
 * True when the real level sets are not beside the repository (a fresh
 * clone). Tests that need them use `it.skipIf(sharedDataMissing)`; each test
 * file that imports this prints one line saying so.
 */
export const sharedDataMissing = !DATA_FILES.every((file) => existsSync(resolve(SHARED_DATA, file)));
if (sharedDataMissing) {
  console.warn(`skipping the tests of the real level sets: ${SHARED_DATA} is absent (test/fixtures covers the engine)`);
}

/** Every level of one data file (throws if it does not parse: that is a test failure). Guard callers with {@link sharedDataMissing}. */
export function loadDataLevels(file: string): Level[] {
  const r = parseLevels(readFileSync(resolve(SHARED_DATA, file), 'utf8'));
  if (!r.ok) throw new Error(`${file}: line ${r.error.line}: ${r.error.message}`);
  return r.value;
}

/** Rows of a random level: each cell a wall with probability `density`, one head. */
export function randomRows(rng: Rng, width: number, height: number, density: number): string[] {
  const head = rng.int(width * height);
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      row += i === head ? 'C' : rng.next() < density ? '#' : '.';
    }
    rows.push(row);
  }
  return rows;
}
