import { expect, test } from './fixtures';
import { StudioPage } from './pages/StudioPage';

test('a reload keeps the level, its name, the pack, the open level, the view and the undo history', async ({ studio, page }) => {
  await studio.editor.typeLevel('; kept\nC...#\n.#...\n.....');
  await studio.graph.waitForLevel();
  await studio.pack.addCurrent();
  await studio.editor.click(2, 2);
  await studio.editor.setName('kept and edited');
  const rows = ['C...#', '.#...', '..#..'];
  await studio.editor.expectRows(rows);
  await studio.waitSaved();
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.grid.waitFor();
  await again.editor.expectRows(rows);
  await expect(page.getByTestId('editor.name')).toHaveValue('kept and edited');
  // The level was added, so it is open in place: the edits changed the pack level.
  expect(await again.pack.names()).toEqual(['kept and edited']);
  await expect(again.pack.item(0)).toHaveAttribute('data-open', 'modified');
  await again.graph.waitForLevel();
  // The undo history came back: undo the name and the wall, the pack level is as added.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await again.editor.expectRows(['C...#', '.#...', '.....']);
  expect(await again.pack.names()).toEqual(['kept']);
  await expect(again.pack.item(0)).toHaveAttribute('data-open', 'open');
  // The view is restored too.
  await page.getByTestId('app.view.batch').click();
  await again.waitSaved();
  await page.reload();
  await expect(page.getByTestId('view.batch')).toBeVisible();
});

test('corrupt saved data is reported and the studio starts clean', async ({ studio, page }) => {
  await studio.editor.typeLevel('C..\n...\n...');
  await studio.waitSaved();
  await studio.writeSaved({
    level: { version: 1, rows: ['C#', 'x..'], name: 'broken' },
    pack: { format: 'longcat-pack', version: 1, name: 'p', levels: 'nope' },
    playtests: 'garbage',
  });
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.grid.waitFor();
  const errors = page.locator('[data-testid="app.message"][data-kind="error"]');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0)).toContainText('saved level is invalid');
  await expect(errors.nth(1)).toContainText('saved pack is invalid');
  // Each damaged record is kept as found (the undo history too: it no longer matches).
  await expect(page.getByTestId('workspace.backup')).toHaveCount(4);
  await expect(page.getByTestId('pack.empty')).toBeVisible();
  await again.graph.waitForLevel(); // the starter level, analysed
});

test('a share URL opens its level', async ({ studio, browser }) => {
  await studio.editor.typeLevel('; shared one\n#C..\n....\n..#.');
  await studio.page.getByTestId('editor.share').click();
  const url = await studio.page.getByTestId('editor.shareUrl').inputValue();
  expect(url).toContain('#level=');
  // A different browser profile: nothing saved, only the link.
  const context = await browser.newContext();
  const page = await context.newPage();
  const other = new StudioPage(page);
  await other.open(url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${process.env.PREVIEW_PORT ?? 4173}`));
  await other.editor.expectRows(['#C..', '....', '..#.']);
  await expect(page.getByTestId('editor.name')).toHaveValue('shared one');
  await other.graph.waitForLevel();
  await context.close();
});

test('a hand-written share link opens; a broken one is explained', async ({ page }) => {
  const studio = new StudioPage(page);
  await studio.open('/#level=c--x_-x--_----&name=hand%20made');
  await studio.editor.expectRows(['C..#', '.#..', '....']);
  await expect(page.getByTestId('editor.name')).toHaveValue('hand made');
  await page.goto('/#level=c--_-?-_---');
  await expect(page.locator('[data-testid="app.message"][data-kind="error"]')).toContainText('unknown character');
});
