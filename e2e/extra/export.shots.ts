/**
 * Screenshots of the pack's Export menu and of a PNG sheet it downloads
 * (`npm run screenshots`). Generated levels only.
 */
import { copyFileSync } from 'node:fs';
import { test, expect } from '../fixtures';

const DIR = 'test-results/screenshots';

test('screenshots: the export menu and a thumbnail sheet', async ({ studio }) => {
  const { page } = studio;
  await page.getByTestId('dock.tab.generators').click();
  await page.getByTestId('generator.count').fill('12');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.item')).toHaveCount(12);
  await page.getByTestId('generator.addAll').click();
  await studio.pack.show();
  await studio.pack.waitPriced();
  await page.getByTestId('pack.sort').click();
  await page.getByTestId('pack.exportMenu').click();
  await page.mouse.move(0, 0);
  const box = (await page.getByTestId('pack.panel').boundingBox())!;
  const menu = (await page.getByTestId('pack.exportList').boundingBox())!;
  await page.screenshot({ path: `${DIR}/export-menu.png`, clip: { x: box.x, y: box.y, width: box.width, height: menu.y + menu.height + 12 - box.y } });
  await page.keyboard.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByTestId('pack.exportMenu').click();
  await page.getByTestId('pack.export.png').click();
  copyFileSync(await (await download).path(), `${DIR}/export-sheet.png`);
});
