/**
 * The Batch view says how long a run will take before it starts, and how
 * long is left while it runs; a finished run's own speed refines the next
 * estimate. (The case: a 20,000 x 11 SD-PCGRL run started with no
 * estimate and took ~50 minutes.)
 */
import { expect, test } from './fixtures';
import { BatchPage } from './pages/BatchPage';

test('an estimate before the run, the time left while it runs, this machine\'s speed after', async ({ studio }) => {
  const batch = new BatchPage(studio.page);
  const page = studio.page;
  await batch.open();
  await batch.settings({ generator: 'sd-pcgrl', width: 8, height: 8, count: 20_000, temperatures: '0:1:0.1' });
  const estimate = page.getByTestId('batch.estimate');
  // 11 temperatures x 20,000 levels at the reference ~70 levels/s: most of an hour.
  await expect(estimate).toContainText(/takes about (4\d|5\d) min/);
  const sdSeconds = Number(await estimate.getAttribute('data-seconds'));
  await batch.settings({ temperatures: '0.2' });
  await expect.poll(async () => Number(await estimate.getAttribute('data-seconds'))).toBeCloseTo(sdSeconds / 11, 3);

  // A long RSD run shows the time left, and can be cancelled.
  await batch.settings({ generator: 'rsd', width: 16, height: 16, count: 200_000, seed: 1 });
  await batch.run();
  const left = page.getByTestId('batch.timeLeft');
  await expect(left).toContainText(/left$/, { timeout: 15_000 });
  expect(Number(await left.getAttribute('data-seconds'))).toBeGreaterThan(0);
  await page.getByTestId('batch.cancel').click();
  await batch.waitStatus('cancelled');

  // A finished run: the next estimate for the same generator comes from this machine.
  await batch.settings({ width: 8, height: 8, count: 2000 });
  await batch.run();
  await batch.waitStatus('done');
  await expect(estimate).toHaveAttribute('title', /your last run/);
});
