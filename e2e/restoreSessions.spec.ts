/**
 * A reload restores the long work: the Batch view's last report (an
 * SD-PCGRL run over two temperatures) and the predictor lab's session (data
 * rows, Table 4.1 runs, the ablation, the fit and its scatter), with the
 * same numbers as before the reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { analyticsCsv } from './labData';
import { BatchPage } from './pages/BatchPage';
import { LabPage } from './pages/LabPage';

const attrs = (page: Page, testId: string, names: readonly string[]): Promise<string[][]> =>
  page.getByTestId(testId).evaluateAll((els, ns) => els.map((e) => ns.map((n) => e.getAttribute(n) ?? '')), names);

async function batchReport(page: Page, batch: BatchPage) {
  const stats: Record<string, number> = {};
  for (const key of ['generated', 'unique', 'duplicates', 'nonTrivial', 'maxDifficulty']) stats[key] = await batch.stat(key);
  return {
    stats,
    spans: await batch.spanCounts(),
    histogram: await batch.histogramCounts(),
    perTemperature: await attrs(page, 'batch.temperature.spans.bar', ['data-span', 'data-temperature', 'data-count']),
    duplicates: await attrs(page, 'batch.temperature.duplicates.bar', ['data-temperature', 'data-duplicates']),
    samples: await page.getByTestId('batch.samples').innerText(),
    progress: await page.getByTestId('batch.progress.text').innerText(),
  };
}

test('a reload shows the same batch report: summary, histogram, spans, per-temperature results and samples', async ({ studio, page }) => {
  test.setTimeout(120_000);
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'sd-pcgrl', width: 8, height: 8, count: 200, seed: 5, temperatures: '0.2, 1' });
  await batch.run();
  await batch.waitStatus('done', 90_000);
  const before = await batchReport(page, batch);
  expect(before.stats['generated']).toBe(200);
  expect([...new Set(before.perTemperature.map((b) => b[1]))].sort()).toEqual(['0.2', '1']); // both temperatures charted
  expect(before.histogram.reduce((a, b) => a + b.count, 0)).toBeGreaterThan(0);
  await studio.waitSaved();

  await page.reload();
  const again = new BatchPage(page);
  await again.view.waitFor(); // the view came back too
  await expect(again.progress).toHaveAttribute('data-status', 'done');
  expect(await batchReport(page, again)).toEqual(before);
  await expect(page.getByTestId('app.message')).toHaveCount(0);
});

test('a reload shows the same lab session: data summary, Table 4.1 runs, ablation and the fit with its scatter', async ({ studio, page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  await lab.open();
  const csv = analyticsCsv();
  await lab.importCsv(csv.text);
  await lab.method('ridge');
  await lab.features(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  await lab.evaluate();
  await lab.method('ols');
  await lab.evaluate();
  await page.getByTestId('lab.ablate').click();
  await expect(page.getByTestId('lab.ablation')).toHaveAttribute('data-subsets', '7', { timeout: 60_000 });
  await lab.fit();

  const read = async () => ({
    summary: [await lab.summaryNumber('used'), await lab.summaryNumber('invalid'), await lab.summaryNumber('unsolvable'), await lab.summaryNumber('rows')],
    problems: await lab.problemRows(),
    runs: [await lab.run(0), await lab.run(1)],
    ablation: await attrs(page, 'lab.ablation.row', ['data-mse']),
    usage: await attrs(page, 'lab.usage.row', ['data-feature', 'data-count']),
    coefficients: await attrs(page, 'lab.coefficient', ['data-feature', 'data-value']),
    scatter: [await lab.scatter.getAttribute('data-points'), await lab.scatter.getAttribute('data-r')],
    plots: await attrs(page, 'lab.featurePlot', ['data-feature', 'data-points', 'data-r']),
  });
  const before = await read();
  expect(before.summary[0]).toBe(csv.levels);
  expect(before.runs.map((r) => r.method)).toEqual(['ridge', 'ols']);
  expect(before.ablation).toHaveLength(7);
  expect(Number(before.scatter[0])).toBe(csv.levels);
  await studio.waitSaved();

  await page.reload();
  await lab.view.waitFor(); // the view came back too
  await expect(lab.runs).toHaveCount(2);
  await expect(page.getByTestId('lab.method.ols')).toHaveAttribute('aria-checked', 'true'); // the form as it was, not the default
  expect(await read()).toEqual(before);
  await expect(page.getByTestId('app.message')).toHaveCount(0);
});

test('a corrupt saved batch report or lab session is refused with a message and the views start empty', async ({ studio, page }) => {
  await studio.waitSaved();
  await studio.writeSaved({
    batchReport: { version: 1, status: 'done', runs: 'nope' },
    labSession: { version: 1, data: null, runs: [{ id: 'x' }], ablation: null, fitted: null },
  });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.reload();
  const errors = page.locator('[data-testid="app.message"][data-kind="error"]');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toContainText('saved batch report is invalid');
  await expect(errors.nth(1)).toContainText('saved lab session is invalid (runs.0.');
  expect(warnings.filter((w) => w.includes('saved work'))).toHaveLength(2);
  const batch = new BatchPage(page);
  await batch.open();
  await expect(page.getByTestId('batch.empty')).toBeVisible();
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByTestId('lab.runs.empty')).toBeVisible();
});
