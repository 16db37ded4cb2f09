import { expect, test } from './fixtures';
import { createLevelSource } from '../src/core/generators/registry';
import { toRows } from '../src/core/level/level';

/** What the engine's RSD produces for these settings (ground truth in Node). */
function rsdLevels(seed: number, count: number): { id: string; rows: string[] }[] {
  const source = createLevelSource({ generator: 'rsd', width: 6, height: 6, seed });
  const seen = new Set<string>();
  const out: { id: string; rows: string[] }[] = [];
  for (let i = 0; out.length < count; i++) {
    const level = source.generate(i).levels[0]!;
    const rows = toRows(level);
    if (seen.has(rows.join('/'))) continue;
    seen.add(rows.join('/'));
    out.push({ id: `rsd-6x6-s${seed}-${i}`, rows });
  }
  return out;
}

test('RSD generates N levels with thumbnails and difficulty; open one, add one to the pack', async ({ studio, page }) => {
  await page.getByTestId('dock.tab.generators').click();
  await page.getByTestId('generator.kind').selectOption('rsd');
  await page.getByTestId('generator.width').fill('6');
  await page.getByTestId('generator.height').fill('6');
  await page.getByTestId('generator.seed').fill('7');
  await page.getByTestId('generator.count').fill('5');
  await page.getByTestId('generator.run').click();
  const items = page.getByTestId('generator.item');
  await expect(items).toHaveCount(5, { timeout: 20_000 });
  const expected = rsdLevels(7, 5);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(expected.map((l) => l.id));
  for (const d of await items.getByTestId('generator.item.difficulty').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))) {
    expect(Number(d)).toBeGreaterThanOrEqual(0);
  }
  await expect(items.getByTestId('thumb')).toHaveCount(5);

  await items.nth(3).getByTestId('generator.open').click();
  await studio.editor.expectRows(expected[3]!.rows);
  await items.nth(1).getByTestId('generator.add').click();
  await page.getByTestId('dock.tab.pack').click();
  expect(await studio.pack.ids()).toEqual([expected[1]!.id]);
});

test('RPU generates solvable levels too', async ({ studio: { page } }) => {
  await page.getByTestId('dock.tab.generators').click();
  await page.getByTestId('generator.kind').selectOption('rpu');
  await page.getByTestId('generator.count').fill('3');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.item')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('generator.summary')).toContainText('3 levels');
});
