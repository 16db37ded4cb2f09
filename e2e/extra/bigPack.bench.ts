/**
 * Big packs in the browser: 1,000 and 5,000 levels imported (ids, names,
 * rows), every difficulty computed, then sorted, filtered and exported; the
 * main thread's longest task and total blocking time for each, and the time
 * until every difficulty is shown, with the main thread's CPU time and the
 * most CPU time one task took (from a trace; `BIG_PACK_TRACE=0` skips it).
 * `BIG_PACK_PROFILE=<folder>` also writes a CPU profile and a trace of each step there.
 * `npm run bench:browser:pack`; results in docs/BENCHMARKS.md ("Big packs in
 * the studio").
 */
import { loadavg } from 'node:os';
import { test } from '@playwright/test';
import { StudioPage } from '../pages/StudioPage';
import { measureBigPack } from '../bigPack';

const SIZES = (process.env['BIG_PACK_SIZES'] ?? '1000,5000').split(',').map(Number);
const WAIT_MS = Number(process.env['BIG_PACK_WAIT_MS'] ?? 600_000);

for (const n of SIZES) {
  test(`big pack: ${n} levels`, async ({ page }) => {
    test.setTimeout(WAIT_MS * 2 + 120_000);
    const studio = new StudioPage(page);
    await studio.open();
    const load = loadavg()[0]!.toFixed(1);
    const run = await measureBigPack(studio, n, WAIT_MS);
    console.log(`BIGPACK ${JSON.stringify({ ...run, loadBefore: load, loadAfter: loadavg()[0]!.toFixed(1) })}`);
  });
}
