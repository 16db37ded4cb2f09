/**
 * The Batch view's hit-rate map of generate at difficulty, driven through
 * its UI: the cells it draws are those of the job behind `evaluate
 * --targets`, run here in the test's own process with the same settings
 * (the CLI's numbers: hits, evaluations, unique share); Cancel keeps the
 * cells done; the maps' settings (the range's axes, bins and overlays, the
 * hit-rate form) and the hit-rate map's cells come back after a reload.
 */
import { expect, test } from './fixtures';
import { BatchPage } from './pages/BatchPage';
import { runHitRateGrid } from '../src/core/jobs/hitRate';
import { defaultModelFor } from '../src/core/difficulty/defaultModel';

const cellsOnScreen = (page: import('@playwright/test').Page) =>
  page.getByTestId('hitRate.cell').evaluateAll((els) =>
    els.map((e) => ({
      target: Number(e.getAttribute('data-target')),
      second: e.getAttribute('data-second') === '' ? null : Number(e.getAttribute('data-second')),
      hits: Number(e.getAttribute('data-hits')),
      requests: Number(e.getAttribute('data-requests')),
      uniqueShare: Number(e.getAttribute('data-unique')),
      evaluations: Number(e.getAttribute('data-evaluations')),
    })),
  );

test('the hit-rate map draws the CLI\'s cells; its cells, its settings and the range\'s survive a reload', async ({ studio, page }, info) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ width: 6, height: 6, count: 400, seed: 4 });
  await page.getByTestId('hitRate.targets').fill('10,25');
  await page.getByTestId('hitRate.also.measure').selectOption('leniency');
  await page.getByTestId('hitRate.also.values').fill('0.4,0.7');
  await page.getByTestId('hitRate.requests').fill('3');
  await page.getByTestId('hitRate.evaluations').fill('200');
  await expect(page.getByTestId('hitRate.run')).toHaveText('Map 4 cells');
  await page.getByTestId('hitRate.run').click();
  await expect(page.getByTestId('hitRate.status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  const expected = runHitRateGrid(
    { rules: 'longcat', width: 6, height: 6, seed: 4, model: defaultModelFor('longcat'), targets: [10, 25], also: { measure: 'leniency', values: [0.4, 0.7] }, requests: 3, evaluations: 200 },
    () => performance.now() / 1000,
  );
  const shown = await cellsOnScreen(page);
  expect(shown).toEqual(expected.map((c) => ({ target: c.target, second: c.second, hits: c.hits, requests: c.requests, uniqueShare: c.uniqueShare, evaluations: c.evaluations })));
  const csv = await batch.download('hitRate.csv');
  expect(csv.name).toBe('hit-rate-6x6-s4-leniency.csv');
  expect(csv.text.trim().split('\n').slice(1).map((l) => l.split(',').slice(4, 9).join(','))).toEqual(expected.map((c) => `${c.target},leniency,${c.second},${c.requests},${c.hits}`));

  // An RSD run for the expressive range beside it; both maps on screen.
  await batch.run();
  await batch.waitStatus('done');
  await page.getByTestId('range.x').selectOption('openCells');
  await page.getByTestId('range.y').selectOption('shortestSolution');
  await page.getByTestId('range.bins').fill('7');
  await page.getByTestId('range.showRated').uncheck();
  await page.getByTestId('hitRate.shade').selectOption('uniqueShare');
  await expect(page.getByTestId('range.chart')).toHaveAttribute('aria-label', 'expressive range: shortest solution against open cells');
  await page.getByTestId('range.section').screenshot({ path: info.outputPath('range-map.png') });
  await page.getByTestId('hitRate.section').screenshot({ path: info.outputPath('hit-rate-map.png') });

  await studio.waitSaved();
  await page.reload();
  const again = new BatchPage(page);
  await again.view.waitFor();
  await expect(page.getByTestId('hitRate.targets')).toHaveValue('10,25');
  await expect(page.getByTestId('hitRate.also.values')).toHaveValue('0.4,0.7');
  await expect(page.getByTestId('hitRate.shade')).toHaveValue('uniqueShare');
  // The map is back: the same cells, with every number.
  await expect(page.getByTestId('hitRate.status')).toHaveAttribute('data-status', 'done');
  expect(await cellsOnScreen(page)).toEqual(shown);
  await again.run();
  await again.waitStatus('done');
  await expect(page.getByTestId('range.x')).toHaveValue('openCells');
  await expect(page.getByTestId('range.y')).toHaveValue('shortestSolution');
  await expect(page.getByTestId('range.bins')).toHaveValue('7');
  await expect(page.getByTestId('range.showRated')).not.toBeChecked();
  await expect.poll(async () => JSON.parse((await page.getByTestId('range.chart').getAttribute('data-x-edges'))!).length).toBe(8);
});

test('Cancel stops the hit-rate map and keeps the cells done', async ({ studio: { page } }) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ width: 8, height: 8, seed: 1 });
  await page.getByTestId('hitRate.targets').fill('10:80:10');
  await page.getByTestId('hitRate.also.measure').selectOption('');
  await page.getByTestId('hitRate.requests').fill('50');
  await page.getByTestId('hitRate.run').click();
  await expect(page.getByTestId('hitRate.cell').first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('hitRate.cancel').click();
  await expect(page.getByTestId('hitRate.status')).toHaveAttribute('data-status', 'cancelled');
  const done = await page.getByTestId('hitRate.cell').count();
  expect(done).toBeGreaterThanOrEqual(1);
  expect(done + (await page.getByTestId('hitRate.pending').count())).toBe(8);
  await expect(page.getByTestId('hitRate.message')).toHaveText(`Cancelled after ${done} cell${done === 1 ? '' : 's'}; the map shows those.`);
  // A new run starts from a fresh worker.
  await page.getByTestId('hitRate.targets').fill('10');
  await page.getByTestId('hitRate.requests').fill('1');
  await page.getByTestId('hitRate.run').click();
  await expect(page.getByTestId('hitRate.status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('hitRate.cell')).toHaveCount(1);
});
