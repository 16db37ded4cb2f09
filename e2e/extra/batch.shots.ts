/**
 * Screenshots of the Batch view (empty, RSD, SD-PCGRL) and the
 * generate-at-difficulty section, into test-results/screenshots/
 * (`npx playwright test -c playwright.extra.config.ts batch.shots`).
 * docs/screenshots/batch.png is a copy of batch-rsd.png.
 */
import { expect, test } from '../fixtures';
import { AtDifficultyPage } from '../pages/AtDifficultyPage';
import { BatchPage } from '../pages/BatchPage';

const DIR = 'test-results/screenshots';

test('screenshots: batch view empty, RSD and SD-PCGRL', async ({ studio: { page } }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const batch = new BatchPage(page);
  await batch.open();
  await page.screenshot({ path: `${DIR}/batch-empty.png` });
  await batch.settings({ generator: 'rsd', width: 8, height: 8, count: 20_000, seed: 1 });
  await batch.run();
  await batch.waitStatus('done');
  await page.screenshot({ path: `${DIR}/batch-rsd.png` });
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.screenshot({ path: `${DIR}/batch-rsd-full.png` });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await batch.settings({ generator: 'sd-pcgrl', count: 1000, temperatures: '0:1:0.1' });
  await batch.run();
  await expect.poll(async () => Number(await batch.progress.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(3000);
  await page.screenshot({ path: `${DIR}/batch-sd-pcgrl-running.png` });
  await batch.waitStatus('done', 280_000);
  await page.setViewportSize({ width: 1440, height: 2100 });
  await page.screenshot({ path: `${DIR}/batch-sd-pcgrl-full.png` });
});

test('screenshots: generate at difficulty', async ({ studio }) => {
  const { page } = studio;
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await page.getByTestId('atd.panel').scrollIntoViewIfNeeded();
  await page.getByTestId('atd.panel').screenshot({ path: `${DIR}/atd-empty.png` });
  await atd.band('hard');
  await atd.settings({ count: 6, seed: 4 });
  await atd.run();
  await expect(atd.items).toHaveCount(6, { timeout: 30_000 });
  await page.getByTestId('atd.panel').screenshot({ path: `${DIR}/atd-results.png` });
  await atd.items.nth(0).getByTestId('atd.add').click();
  await atd.fillCurve(10, 80, 12);
  await expect(atd.curveMessage).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.getByTestId('atd.panel').screenshot({ path: `${DIR}/atd-curve.png` });
  await atd.target(5000);
  await atd.settings({ width: 5, height: 5, count: 1 });
  await atd.run();
  await atd.waitDone();
  await page.getByTestId('atd.panel').screenshot({ path: `${DIR}/atd-out-of-reach.png` });
  await studio.pack.show();
  await page.screenshot({ path: `${DIR}/atd-pack.png` });
});
