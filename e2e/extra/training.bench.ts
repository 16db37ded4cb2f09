/**
 * In-browser training speed per tfjs backend (not part of `npm test`):
 *
 *   npx vite build && npx playwright test -c playwright.extra.config.ts training.bench
 *
 * For each backend (wasm, webgl, cpu, webgpu), the Training view trains
 * SD-PCGRL 8x8 with the fast recipe, pinned to that backend, in a fresh page
 * of a Chromium launched with --enable-unsafe-webgpu. Updates start after
 * 640 transitions (10 lock-steps) so the window is steady-state training:
 * one update per 64-environment lock-step. Rates are counter deltas over
 * at least ~20 s of the worker's own training clock (and 3 updates) after the
 * first update; the periodic greedy test is included (at most 10% of the time). Without a
 * GPU, webgl and webgpu run on SwiftShader (software): PLATFORM.md says
 * never to read those as GPU speed. Writes test-results/bench-training.json
 * (or $BENCH_OUT) and prints a markdown table.
 */
import { writeFileSync } from 'node:fs';
import config from '../../playwright.config';
import { expect, test } from '../fixtures';
import { TrainingPage, type RunSettings } from '../pages/TrainingPage';

const base = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } });

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'wasm,webgl,cpu,webgpu').split(',') as RunSettings['backend'][];
const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 20);

interface Row {
  backend: string;
  reason: string;
  envStepsPerSecond: number;
  updatesPerSecond: number;
  msPerLockStep: number;
  windowSeconds: number;
  envSteps: number;
  updates: number;
  note?: string;
}
const rows: Row[] = [];

test.describe.configure({ mode: 'serial' });

for (const backend of BACKENDS) {
  test(`training speed on ${backend}`, async ({ studio: { page } }) => {
    test.setTimeout(WINDOW_S * 1000 + 600_000);
    const training = new TrainingPage(page);
    await training.open();
    await training.configure({ width: 8, height: 8, minutes: 10, backend, seed: 1, recipe: 'fast', learningStarts: 640 });
    await training.start();
    await expect(training.phase).toHaveAttribute('data-phase', /running|failed/, { timeout: 60_000 });
    const failed = (await training.phase.getAttribute('data-phase')) === 'failed';
    if (failed) {
      rows.push({ backend, reason: '', envStepsPerSecond: NaN, updatesPerSecond: NaN, msPerLockStep: NaN, windowSeconds: 0, envSteps: 0, updates: 0, note: (await page.getByTestId('training.error').innerText()).slice(0, 200) });
      return;
    }
    await expect.poll(() => training.backend(), { timeout: 60_000 }).toBe(backend);
    const reason = await page.getByTestId('training.backendReason').innerText();
    await training.waitAbove('updates', 0, 300_000);
    const read = async () => ({ envSteps: await training.counter('envSteps'), updates: await training.counter('updates'), elapsed: await training.counter('elapsed') });
    const a = await read();
    // The worker reports twice a second; wait WINDOW_S of its training clock (a slow lock-step delays reports).
    // At least 3 updates, so a slow backend (seconds per update) still gives a rate.
    await expect
      .poll(async () => Math.min((await training.counter('elapsed')) - a.elapsed - WINDOW_S, (await training.counter('updates')) - a.updates - 3), { timeout: WINDOW_S * 1000 + 300_000, intervals: [500] })
      .toBeGreaterThanOrEqual(0);
    const b = await read();
    const dt = b.elapsed - a.elapsed;
    const lockSteps = (b.envSteps - a.envSteps) / 64;
    rows.push({
      backend,
      reason: reason.replace(/^—\s*/, ''),
      envStepsPerSecond: (b.envSteps - a.envSteps) / dt,
      updatesPerSecond: (b.updates - a.updates) / dt,
      msPerLockStep: lockSteps > 0 ? (dt * 1000) / lockSteps : NaN,
      windowSeconds: dt,
      envSteps: b.envSteps - a.envSteps,
      updates: b.updates - a.updates,
    });
    // Closing the page ends the worker; no need to wait for the final greedy test.
  });
}

test.afterAll(() => {
  const ua = `Chromium (Playwright), ${new Date().toISOString()}`;
  writeFileSync(process.env.BENCH_OUT ?? 'test-results/bench-training.json', JSON.stringify({ ua, windowSeconds: WINDOW_S, rows }, null, 2));
  const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '—');
  console.log('\n| backend | env steps/s | updates/s | ms per lock-step (64 env steps + 1 update) | window |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.backend} | ${f(r.envStepsPerSecond)} | ${f(r.updatesPerSecond, 2)} | ${f(r.msPerLockStep)} | ${f(r.windowSeconds, 1)} s (${r.updates} updates)${r.note ? ` ${r.note}` : ''} |`);
});
