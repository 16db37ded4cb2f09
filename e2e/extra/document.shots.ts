/**
 * Screenshots of the pack as a document (`npm run screenshots`): a level
 * open and changed in place, tags and playtest counts, the undo toast, the
 * history list and the import question. Generated levels only.
 */
import { test, expect } from '../fixtures';
import type { StudioPage } from '../pages/StudioPage';

const DIR = 'test-results/screenshots';
const panel = (studio: StudioPage, testId: string, name: string) => studio.page.getByTestId(testId).screenshot({ path: `${DIR}/${name}.png` });

test('screenshots: pack list, history, toasts, import choice', async ({ studio }) => {
  const { page } = studio;
  await page.getByTestId('dock.tab.generators').click();
  await page.getByTestId('generator.count').fill('8');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.item')).toHaveCount(8);
  await page.getByTestId('generator.addAll').click();
  await studio.pack.show();
  await studio.pack.waitPriced();
  await page.getByTestId('pack.sort').click();
  await studio.pack.item(2).getByTestId('pack.item.open').click();
  await page.getByTestId('pack.tags').fill('intro, corridor');
  await page.getByTestId('pack.tags').press('Enter');
  await page.getByTestId('pack.notes').fill('First level with a dead end to avoid.');
  const rows = await studio.editor.rows();
  const y = rows.findIndex((r) => r.includes('.'));
  await studio.editor.tool('wall');
  await studio.editor.click(rows[y]!.lastIndexOf('.'), y);
  await expect.poll(() => studio.pack.openState(2)).toBe('modified');
  await studio.press('p');
  await expect(studio.playtest.status).toBeVisible();
  await studio.press('Escape');
  await studio.pack.item(5).getByTestId('pack.item.delete').click();
  await expect(page.getByTestId('app.message.undo').last()).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${DIR}/document-studio.png` });
  await panel(studio, 'pack.panel', 'pack-document');
  await page.locator('.messages').screenshot({ path: `${DIR}/undo-toast.png` });

  await studio.history.show();
  await studio.history.jumpTo('Sort by difficulty');
  await panel(studio, 'history.panel', 'history');
  await page.getByTestId('history.redo').click();
  await page.getByTestId('history.redo').click();
  await page.getByTestId('history.redo').click();

  await studio.pack.show();
  const pack = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'from a colleague', levels: [{ id: 'a', name: 'a', rows: ['C..', '.#.', '...'] }, { id: 'b', name: 'b', rows: ['C...', '..#.', '....'] }] });
  await studio.pack.importFile(pack, 'colleague.longcat-pack.json');
  await expect(page.getByTestId('pack.importChoice')).toBeVisible();
  await page.getByTestId('pack.importChoice').screenshot({ path: `${DIR}/import-choice.png` });
});
