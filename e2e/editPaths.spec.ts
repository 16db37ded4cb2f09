/**
 * Regression cases for work that went missing between features (issue 20),
 * one test per defect, driven through the real UI. Expected rows are the
 * text typed here.
 */
import { expect, test } from './fixtures';
import { StudioPage } from './pages/StudioPage';

test('regression: Text… on a pack level edits that pack level in place', async ({ studio, page }) => {
  await studio.pack.show();
  await page.getByTestId('pack.new').click();
  await expect(studio.pack.items).toHaveCount(1);
  await expect(studio.pack.item(0)).toHaveAttribute('data-open', 'open');
  await page.getByTestId('editor.textOpen').click();
  await page.getByTestId('editor.text').fill('; typed in\nC..#\n.#..\n....');
  await page.getByTestId('editor.text').press('Control+Enter');
  await studio.editor.expectRows(['C..#', '.#..', '....']);
  // Still the pack's level: marked as changed in place, no "+ Pack" offered, its rows and name in the export.
  await expect(studio.pack.item(0)).toHaveAttribute('data-open', 'modified');
  await expect(page.getByTestId('pack.add')).toHaveText('In the pack');
  // Another level opened, then this one again: the text's edit is there.
  await page.getByTestId('pack.new').click();
  await expect(studio.pack.items).toHaveCount(2);
  await studio.pack.item(0).getByTestId('pack.item.open').click();
  await studio.editor.expectRows(['C..#', '.#..', '....']);
  const exported = await studio.pack.exportJson();
  expect(exported.levels[0]).toMatchObject({ name: 'typed in', rows: ['C..#', '.#..', '....'] });
});

test('regression: Ctrl+V of level text after Ctrl+C of cells imports the levels; copied cells still paste', async ({ studio, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await studio.editor.typeLevel('C##.\n.#..\n....');
  await studio.press('s');
  await studio.editor.drag([1, 0], [2, 1]);
  await page.keyboard.press('Control+c');
  await expect(studio.messages().filter({ hasText: 'Copied 2×2 cells' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('##\n#.');

  // Three levels copied from elsewhere: Ctrl+V imports them and leaves the grid alone.
  await page.evaluate(() => navigator.clipboard.writeText('; a\nC..\n...\n...\n\n; b\n.C.\n...\n...\n\n; c\n..C\n...\n...'));
  await studio.press('Control+v');
  await expect(studio.pack.items).toHaveCount(3);
  expect(await studio.pack.names()).toEqual(['a', 'b', 'c']);
  await studio.editor.expectRows(['C##.', '.#..', '....']);

  // Cells copied again paste as cells (at the selection's corner).
  await studio.press('s');
  await studio.editor.drag([1, 0], [2, 1]);
  await page.keyboard.press('Control+c');
  await studio.editor.drag([2, 1], [2, 1]);
  await page.keyboard.press('Control+v');
  await studio.editor.expectRows(['C##.', '.###', '..#.']);
  await expect(studio.pack.items).toHaveCount(3);
});

test('regression: one click opens a pack row, and the notes box names the level it edits', async ({ studio, page }) => {
  await studio.pack.paste('; first\nC..\n...\n...\n\n; second\nC.#\n...\n...');
  await expect(studio.pack.items).toHaveCount(2);
  await studio.pack.item(1).locator('.pack-index').click();
  await expect(studio.pack.item(1)).toHaveAttribute('data-open', 'open');
  await expect(page.getByTestId('pack.details.level')).toHaveText('“second”');
  await page.getByTestId('pack.notes').fill('notes for the second');
  await page.getByTestId('pack.tags').fill('late, walls');
  await page.getByTestId('pack.tags').press('Enter');
  await studio.pack.item(0).locator('.pack-index').click();
  await expect(page.getByTestId('pack.details.level')).toHaveText('“first”');
  await expect(page.getByTestId('pack.notes')).toHaveValue('');
  const exported = await studio.pack.exportJson();
  expect(exported.levels.map((l) => [l.name, l.notes ?? '', l.tags ?? []])).toEqual([
    ['first', '', []],
    ['second', 'notes for the second', ['late', 'walls']],
  ]);
});

test('regression: a read-only second tab refuses edits with a message instead of dropping them', async ({ studio, context }) => {
  await studio.editor.typeLevel('C...\n....\n....');
  await studio.waitSaved();
  const page2 = await context.newPage();
  const second = new StudioPage(page2);
  await page2.goto('/');
  await second.editor.grid.waitFor();
  await expect(page2.getByTestId('workspace.readOnly')).toBeVisible();
  await second.editor.expectRows(['C...', '....', '....']);
  await second.editor.tool('wall');
  await second.editor.click(2, 1);
  await second.press('m');
  await second.editor.expectRows(['C...', '....', '....']);
  await expect(second.messages().filter({ hasText: 'This tab is read-only' })).toHaveCount(1);
  await page2.screenshot({ path: 'test-results/read-only-refuses.png' });
  await page2.close();
});
