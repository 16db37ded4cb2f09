import { expect, test } from './fixtures';
import { BatchPage } from './pages/BatchPage';
import { createLevelSource } from '../src/core/generators/registry';
import { toRows } from '../src/core/level/level';
import { handDifficultyOfRows as handDifficulty } from '../test/support/handDifficulty';

/** The default model JSON applied by hand to naive-solver features (independent of the app's predictor). */

/** Our own count of an RSD run: unique grids (by their rows) and their spans by the naive solver and the hand formula. */
function rsdTruth(width: number, height: number, seed: number, count: number): { unique: number; spans: number[]; nonTrivial: number } {
  const source = createLevelSource({ generator: 'rsd', width, height, seed });
  const seen = new Set<string>();
  const spans = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < count; i++) {
    const rows = toRows(source.generate(i).levels[0]!);
    const key = rows.join('/');
    if (seen.has(key)) continue;
    seen.add(key);
    const d = handDifficulty(rows);
    spans[d < 20 ? 0 : d < 40 ? 1 : d < 60 ? 2 : d < 80 ? 3 : d < 200 ? 4 : 5]!++;
  }
  return { unique: seen.size, spans, nonTrivial: spans[1]! + spans[2]! + spans[3]! + spans[4]! + spans[5]! };
}

test('an RSD evaluation of 3,000 levels: numbers match our own count, charts drawn, report exported', async ({ studio: { page } }) => {
  const batch = new BatchPage(page);
  await batch.open();
  await expect(page.getByTestId('batch.empty')).toBeVisible();
  await batch.settings({ generator: 'rsd', width: 8, height: 8, count: 3000, seed: 7 });
  await batch.run();
  await batch.waitStatus('done');
  await expect(page.getByTestId('batch.progress.text')).toContainText('3,000 / 3,000');

  const truth = rsdTruth(8, 8, 7, 3000);
  expect(await batch.stat('generated')).toBe(3000);
  expect(await batch.stat('unique')).toBe(truth.unique);
  expect(await batch.stat('duplicates')).toBe(3000 - truth.unique);
  expect(await batch.stat('nonTrivial')).toBe(truth.nonTrivial);
  expect(await batch.stat('solvablePercent')).toBe(100);
  const spans = await batch.spanCounts();
  expect(spans).toEqual(truth.spans);
  expect(spans.reduce((a, b) => a + b, 0)).toBe(truth.unique);

  // Histogram: band-coloured bars whose counts add up to the unique levels; the log scale keeps them.
  const bins = await batch.histogramCounts();
  expect(bins.length).toBeGreaterThan(5);
  expect(bins.reduce((a, b) => a + b.count, 0)).toBe(truth.unique);
  expect(bins.filter((b) => b.x0 < 20).reduce((a, b) => a + b.count, 0)).toBe(truth.spans[0]);
  await expect(page.getByTestId('batch.histogram')).toHaveAttribute('data-log', 'true');
  await page.getByTestId('batch.log').first().uncheck();
  await expect(page.getByTestId('batch.histogram')).toHaveAttribute('data-log', 'false');
  expect((await batch.histogramCounts()).length).toBe(bins.length);

  // Samples per span, each in its span by hand.
  const samples = page.getByTestId('batch.sample');
  expect(await samples.count()).toBeGreaterThan(5);
  const rows0 = await page.getByTestId('batch.samples.span').first().getByTestId('batch.sample').count();
  expect(rows0).toBe(6);

  // The report file.
  const file = await batch.download('batch.export.json');
  expect(file.name).toBe('evaluation-rsd-8x8-n3000-s7.json');
  const report = JSON.parse(file.text) as Record<string, unknown> & { report: Record<string, unknown> & { spans: { from: number; to: number | null; count: number }[]; samples: { rows: string[]; difficulty: number; span: number }[] } };
  expect(report).toMatchObject({ format: 'longcat-evaluation-report', version: 1, generator: 'rsd', width: 8, height: 8, count: 3000, seed: 7, difficultyModel: 'default' });
  for (const key of ['generated', 'solvablePercent', 'duplicates', 'duplicatesPercent', 'unique', 'spans', 'histogram', 'nonTrivial', 'nonTrivialPercent', 'maxDifficulty', 'meanDifficulty', 'diversity']) {
    expect(report.report, key).toHaveProperty(key);
  }
  expect(report.report.generated).toBe(3000);
  expect(report.report.unique).toBe(truth.unique);
  expect(report.report.spans.map((s) => s.count)).toEqual(truth.spans);
  expect(report.report.diversity as number).toBeGreaterThan(0.2);
  for (const s of report.report.samples) expect(handDifficulty(s.rows)).toBeCloseTo(s.difficulty, 6);
});

test('charts export as SVG and PNG; a sample opens in the editor', async ({ studio }) => {
  const { page } = studio;
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'rsd', width: 6, height: 6, count: 500, seed: 2 });
  await batch.run();
  await batch.waitStatus('done');
  const svg = await batch.download('batch.chart.histogram.svg');
  expect(svg.name).toBe('rsd-6x6-n500-s2-histogram.svg');
  expect(svg.text).toMatch(/^<\?xml/);
  expect(svg.text).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg.text).toContain('data-testid="batch.histogram.bar"');
  const png = await batch.downloadBytes('batch.chart.spans.png');
  expect(png.name).toBe('rsd-6x6-n500-s2-spans.png');
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.readUInt32BE(16)).toBe(1120); // 2x the 560-wide chart

  const file = JSON.parse((await batch.download('batch.export.json')).text) as { report: { samples: { rows: string[] }[] } };
  const first = file.report.samples[0]!;
  await page.getByTestId('batch.sample').first().getByRole('button').first().click();
  await expect(page.getByTestId('app.view.studio')).toHaveAttribute('aria-selected', 'true');
  await studio.editor.expectRows(first.rows);
});

test('a long evaluation shows progress and can be cancelled, keeping the partial report', async ({ studio: { page } }) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'rpu', width: 8, height: 8, count: 200_000, seed: 1 });
  await batch.run();
  await expect(batch.progress).toHaveAttribute('data-status', 'running');
  await expect.poll(async () => Number(await batch.progress.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await batch.progress.getAttribute('aria-valuemax')).toBe('200000');
  await page.getByTestId('batch.cancel').click();
  await batch.waitStatus('cancelled', 5000);
  await expect(batch.message).toContainText(/^Cancelled at [\d,]+ of 200,000 levels/);
  await expect(page.getByTestId('batch.run')).toBeEnabled();
  const generated = await batch.stat('generated');
  expect(generated).toBeGreaterThan(0);
  expect(generated).toBeLessThan(200_000);
  // Nothing keeps running: the number stays put.
  await page.waitForTimeout(600);
  expect(await batch.stat('generated')).toBe(generated);
});

test('SD-PCGRL with the shipped model: one run per temperature and the per-temperature charts', async ({ studio: { page } }) => {
  test.setTimeout(120_000);
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'sd-pcgrl', width: 8, height: 8, count: 300, seed: 3, temperatures: '0.2, 1' });
  await batch.run();
  await batch.waitStatus('done', 100_000);
  await expect(page.getByTestId('batch.run.pick')).toHaveCount(2);
  const dup = page.getByTestId('batch.temperature.duplicates.bar');
  await expect(dup).toHaveCount(2);
  const temps = await dup.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-temperature'))));
  expect(temps).toEqual([0.2, 1]);
  await expect(page.getByTestId('batch.temperature.distribution.line')).toHaveCount(2);
  expect(await page.getByTestId('batch.temperature.spans.bar').count()).toBeGreaterThan(2);
  expect(await batch.stat('generated')).toBe(300);
  await page.getByTestId('batch.run.pick').first().click();
  expect(await batch.stat('generated')).toBe(300);
  const spans = await batch.spanCounts();
  expect(spans.reduce((a, b) => a + b, 0)).toBe(await batch.stat('unique'));
});
