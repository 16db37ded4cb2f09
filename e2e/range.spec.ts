/**
 * The Batch view's expressive range, driven through its UI: after an RSD
 * evaluation the map's cells hold the counts made here (our own run of the
 * generator, open cells counted from the rows, shortest solutions by the
 * naive solver, binned with the chart's edges); a bin opens its levels and
 * one of them opens in the editor; the maps export as CSV and PNG; an
 * SD-PCGRL run over two temperatures draws one map per temperature and the
 * sweep's curve; an RSD size sweep draws one map per size and a curve whose
 * quartiles are those of the levels made here; generate at difficulty holds
 * a second measure.
 */
import { expect, test } from './fixtures';
import { BatchPage } from './pages/BatchPage';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { handDifficultyOfRows } from '../test/support/handDifficulty';
import { createLevelSource } from '../src/core/generators/registry';
import { toRows } from '../src/core/level/level';
import { naiveAnalyze } from '../test/naive/naiveSolver';

/** The unique levels of an RSD run, in order, as rows. */
function rsdLevels(width: number, height: number, seed: number, count: number): string[][] {
  const source = createLevelSource({ generator: 'rsd', width, height, seed });
  const seen = new Set<string>();
  const out: string[][] = [];
  for (let i = 0; i < count; i++) {
    const rows = toRows(source.generate(i).levels[0]!);
    if (seen.has(rows.join('/'))) continue;
    seen.add(rows.join('/'));
    out.push(rows);
  }
  return out;
}

const scan = (edges: number[], v: number): number => {
  for (let i = 0; i < edges.length - 1; i++) if (v >= edges[i]! && (v < edges[i + 1]! || i === edges.length - 2)) return i;
  return -1;
};

test('an RSD run mapped as open cells against the shortest solution: counts as counted here, a bin opens its levels, CSV and PNG', async ({ studio: { page } }) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'rsd', width: 6, height: 6, count: 400, seed: 4 });
  await batch.run();
  await batch.waitStatus('done');
  await page.getByTestId('range.x').selectOption('openCells');
  await page.getByTestId('range.y').selectOption('shortestSolution');
  await page.getByTestId('range.bins').fill('6');
  const chart = page.getByTestId('range.chart');
  await expect(chart).toHaveAttribute('data-x-edges', /^\[.*\]$/);
  await expect.poll(async () => JSON.parse((await chart.getAttribute('data-y-edges'))!).length).toBe(7);
  await expect(chart).toHaveAttribute('aria-label', 'expressive range: shortest solution against open cells');

  const levels = rsdLevels(6, 6, 4, 400);
  const xEdges = JSON.parse((await chart.getAttribute('data-x-edges'))!) as number[];
  const yEdges = JSON.parse((await chart.getAttribute('data-y-edges'))!) as number[];
  const expected = new Map<string, number>();
  for (const rows of levels) {
    const open = rows.join('').replace(/#/g, '').length;
    const shortest = naiveAnalyze(rows).features.shortestSolutionLength;
    const key = `${scan(xEdges, open)},${scan(yEdges, shortest)}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const map = page.getByTestId('range.map');
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute('data-placed', String(levels.length));
  const cells = await page.getByTestId('range.cell').evaluateAll((els) => els.map((e) => ({ key: `${e.getAttribute('data-xi')},${e.getAttribute('data-yi')}`, count: Number(e.getAttribute('data-count')) })));
  expect(new Map(cells.filter((c) => c.count > 0).map((c) => [c.key, c.count]))).toEqual(expected);
  await expect(map).toHaveAttribute('data-occupied', String(expected.size));

  // The fullest bin opens its levels; one of them opens in the editor.
  const fullest = [...expected.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const [xi, yi] = fullest[0].split(',');
  await page.locator(`[data-testid="range.cell"][data-xi="${xi}"][data-yi="${yi}"]`).click();
  await expect(page.getByTestId('range.bin')).toHaveAttribute('data-count', String(fullest[1]));
  await expect(page.getByTestId('range.bin.level')).toHaveCount(Math.min(24, fullest[1]));

  // CSV: one row per bin, the counts adding up to the levels mapped.
  const csv = await batch.download('range.csv');
  expect(csv.name).toBe('rsd-6x6-n400-s4-range-openCells-shortestSolution.csv');
  const lines = csv.text.trim().split('\n');
  expect(lines[0]).toBe('group,openCellsFrom,openCellsTo,shortestSolutionFrom,shortestSolutionTo,count');
  expect(lines.length).toBe(1 + 36);
  expect(lines.slice(1).reduce((s, l) => s + Number(l.split(',').at(-1)), 0)).toBe(levels.length);
  const png = await batch.downloadBytes('batch.chart.range.png');
  expect(png.name).toBe('rsd-6x6-n400-s4-range-openCells-shortestSolution.png');
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');

  await page.getByTestId('range.bin.level').first().click();
  await expect(page.getByTestId('batch.view')).toBeHidden();
});

test('an SD-PCGRL run over two temperatures: one map each on the same axes, and the sweep\'s curve', async ({ studio: { page } }) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'sd-pcgrl', width: 8, height: 8, count: 150, seed: 3, temperatures: '0.5, 1' });
  await batch.run();
  await batch.waitStatus('done', 180_000);
  const maps = page.getByTestId('range.map');
  await expect(maps).toHaveCount(2);
  expect(await maps.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual(['sd-pcgrl t=0.5', 'sd-pcgrl t=1']);
  // Each map holds that temperature's unique levels.
  for (const i of [0, 1]) {
    await page.getByTestId('batch.run.pick').nth(i).click();
    await expect(page.getByTestId('batch.run.pick').nth(i)).toHaveAttribute('aria-selected', 'true');
    await expect(maps.nth(i)).toHaveAttribute('data-placed', String(await batch.stat('unique')));
  }
  const points = page.getByTestId('range.sweep.point');
  await expect(points).toHaveCount(2);
  expect(await points.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(['0.5', '1']);
});

test('an RSD size sweep: one map per size, and the curve has one point per size with the quartiles of the levels mapped', async ({ studio: { page } }, info) => {
  const batch = new BatchPage(page);
  await batch.open();
  await batch.settings({ generator: 'rsd', count: 60, seed: 5 });
  await page.getByTestId('batch.sweep').selectOption('size');
  await page.getByTestId('batch.sweep.values').fill('4:6:1');
  await expect(page.getByTestId('batch.width')).toBeDisabled();
  await batch.run();
  await batch.waitStatus('done');
  await page.getByTestId('range.x').selectOption('shortestSolution');
  await page.getByTestId('range.y').selectOption('openCells');
  const maps = page.getByTestId('range.map');
  await expect(maps).toHaveCount(3);
  expect(await maps.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual(['rsd 4x4', 'rsd 5x5', 'rsd 6x6']);
  const points = page.getByTestId('range.sweep.point');
  await expect(points).toHaveCount(3);
  await expect(page.getByTestId('range.sweep')).toHaveAttribute('aria-label', 'open cells per size');
  const shown = await points.evaluateAll((els) => els.map((e) => ['value', 'count', 'q1', 'median', 'q3'].map((k) => Number(e.getAttribute(`data-${k}`)))));
  // Each size's unique levels, made here; the quartiles of their open cells, read off the rows.
  const quartile = (sorted: number[], q: number): number => {
    const at = q * (sorted.length - 1), lo = Math.floor(at);
    return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
  };
  for (const [i, side] of [4, 5, 6].entries()) {
    const open = rsdLevels(side, side, 5, 60).map((rows) => rows.join('').replace(/#/g, '').length).sort((a, b) => a - b);
    expect(shown[i]![0]).toBe(side);
    expect(shown[i]![1]).toBe(open.length);
    expect(shown[i]!.slice(2)).toEqual([quartile(open, 0.25), quartile(open, 0.5), quartile(open, 0.75)]);
    // The levels the map and the summary show for that size.
    await maps.nth(i).waitFor();
    await expect(maps.nth(i)).toHaveAttribute('data-placed', String(open.length));
    await page.getByTestId('batch.run.pick').nth(i).click();
    await expect(page.getByTestId('batch.run.pick').nth(i)).toHaveText(`${side}x${side}`);
    expect(await batch.stat('unique')).toBe(open.length);
  }
  const csv = await batch.download('range.sweep.csv');
  expect(csv.name).toBe('rsd-sizes-n60-s5-sweep-size-openCells.csv');
  expect(csv.text.trim().split('\n')).toEqual(['size,levels,openCellsQ1,openCellsMedian,openCellsQ3', ...shown.map((p) => p.join(','))]);
  await page.getByTestId('range.section').screenshot({ path: info.outputPath('batch-size-sweep.png') });
});

test('generate at difficulty with a second target: every level within both windows, by the naive solver', async ({ studio: { page } }) => {
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.target(25);
  await atd.settings({ width: 7, height: 7, count: 2, seed: 4 });
  await page.getByTestId('atd.also.measure').selectOption('leniency');
  await page.getByTestId('atd.also.target').fill('0.55');
  await expect(page.getByTestId('atd.also.window')).toHaveText('±0.05');
  await atd.run();
  await atd.waitDone(60_000);
  await expect(atd.items).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    const rows = await atd.rows(i);
    const naive = naiveAnalyze(rows);
    const leniency = (naive.nStates - naive.classes.dead - naive.classes.fail) / naive.nStates;
    expect(Math.abs(leniency - 0.55)).toBeLessThanOrEqual(0.05 + 1e-12);
    expect(Number(await atd.items.nth(i).getAttribute('data-second'))).toBeCloseTo(leniency, 9);
    expect(Math.abs(handDifficultyOfRows(rows) - 25)).toBeLessThanOrEqual(3 + 1e-9);
  }
});
