/**
 * Saving that tells the truth (issue 20): an edit is safe the moment it is
 * shown (a reload right after it loses nothing), a failed write keeps the
 * work and says why, and the header reads "saved" only when the records
 * are in IndexedDB. Expected grids are worked out here from the clicks and
 * keys, never read from the app.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';
import { StudioPage } from './pages/StudioPage';

const mirror = (rows: string[]): string[] => rows.map((r) => [...r].reverse().join(''));
/** `rows` with a wall at (x, y). */
const walled = (rows: string[], x: number, y: number): string[] => rows.map((r, j) => (j === y ? r.slice(0, x) + '#' + r.slice(x + 1) : r));

test('an edit survives a reload 0, 50, 100 and 200 ms after it, by mouse and by keys (0 lost)', async ({ studio, page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => (dialogs.push(d.type()), void d.accept()));
  await studio.editor.typeLevel('; reload me\nC.......\n........\n........\n........');
  await studio.waitSaved();
  let rows = await studio.editor.rows();
  const lost: string[] = [];
  let cell = 1;
  for (const delay of [0, 50, 100, 200]) {
    for (const how of ['mouse', 'keys'] as const) {
      let expected: string[];
      if (how === 'mouse') {
        // A fresh empty cell each time, left to right along the second row.
        const x = cell % 8, y = 1 + Math.floor(cell / 8);
        cell++;
        await studio.editor.tool('wall');
        await studio.editor.click(x, y);
        expected = walled(rows, x, y);
      } else {
        await studio.press('m');
        expected = mirror(rows);
      }
      await studio.editor.expectRows(expected);
      if (delay > 0) await page.waitForTimeout(delay);
      await page.reload();
      const again = new StudioPage(page);
      await again.editor.grid.waitFor();
      await expect(page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
      const now = await again.editor.rows();
      if (JSON.stringify(now) !== JSON.stringify(expected)) lost.push(`${how} edit, reload after ${delay} ms`);
      rows = now;
    }
  }
  expect(lost).toEqual([]);
  expect(dialogs).toEqual([]);
  // The journal was written through: IndexedDB has the last grid and the journal is empty once saved.
  await studio.waitSaved();
  expect(((await studio.readSaved('level')) as { rows: string[] }).rows).toEqual(rows);
  expect(await studio.journalled()).toEqual([]);
});

test('a full disk: nothing lost, the reason in plain words, "saved" only once the records are written', async ({ page }) => {
  await StudioPage.installStorageSwitch(page);
  const studio = new StudioPage(page);
  await studio.open();
  await studio.pack.paste('; one\nC..\n...\n...\n\n; two\nC.#\n...\n...');
  await expect(studio.pack.items).toHaveCount(2);
  await studio.waitSaved();

  await studio.setStorageFull(true);
  await studio.pack.paste('; three\nC..\n.#.\n...\n\n; four\nC..\n...\n..#\n\n; five\nC..\n#..\n...');
  await expect(studio.pack.items).toHaveCount(5);
  await expect(page.getByTestId('app.save')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('app.save')).toHaveText('Not saved: storage is full; retrying');
  await expect(studio.messages().filter({ hasText: 'storage for this site is full' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/saving-storage-full.png' });
  // Another edit while the disk is full: the header still does not claim "saved".
  await studio.editor.tool('wall');
  await studio.editor.click(1, 1);
  await page.waitForTimeout(400);
  expect((await studio.saveState()).status).toBe('failed');
  const onScreen = await studio.editor.rows();
  // On disk: still the two levels of before (the write failed), but the journal holds the rest.
  expect(((await studio.readSaved('pack')) as { levels: unknown[] }).levels).toHaveLength(2);
  expect(await studio.journalled()).toEqual(expect.arrayContaining(['history', 'pack']));

  // A reload while the disk is still full loses nothing: the journal is read over IndexedDB.
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.grid.waitFor();
  await expect(again.pack.items).toHaveCount(5);
  await again.editor.expectRows(onScreen);
  await expect(page.getByTestId('app.save')).toHaveAttribute('data-status', 'failed');

  // Space comes back: the retry writes everything; then, and only then, "All changes saved".
  await again.setStorageFull(false);
  await expect(page.getByTestId('app.save')).toHaveText('All changes saved', { timeout: 20_000 });
  expect(((await again.readSaved('pack')) as { levels: unknown[] }).levels).toHaveLength(5);
  expect(await again.journalled()).toEqual([]);
  await expect(again.messages().filter({ hasText: 'Saved again' })).toHaveCount(1);

  // And the undo history is whole: undo the wall, then the paste of three.
  await page.reload();
  const third = new StudioPage(page);
  await third.editor.grid.waitFor();
  await expect(third.pack.items).toHaveCount(5);
  await third.press('Control+z');
  await third.press('Control+z');
  await expect(third.pack.items).toHaveCount(2);
});

test('records saved by the previous build load after an upgrade: the document, its undo history, playtests, settings', async ({ studio, page }) => {
  // Written by the build before the record migrations (test/fixtures/make-saved-records.ts at commit 3205588),
  // with the playtest log in the first builds' shape (no starts), which version 2 upgrades.
  const saved = JSON.parse(readFileSync(resolve(import.meta.dirname, '../test/fixtures/saved-records-v1.json'), 'utf8')) as Record<string, unknown>;
  const playtests = saved['playtests'] as { version: number; records: unknown[] };
  await studio.writeSaved({ ...saved, playtests: { version: 1, records: playtests.records } });
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.grid.waitFor();
  await expect(page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
  await expect(again.messages().filter({ hasText: 'saved' })).toHaveCount(0);
  await expect(page.getByTestId('workspace.backup')).toHaveCount(0);
  expect(await again.pack.names()).toEqual(['first, walled', 'new level']);
  await expect(again.pack.item(0)).toHaveAttribute('data-open', /open|modified/);
  await again.editor.expectRows(['C..#', '.#..', '.#..']);
  await expect(page.getByTestId('pack.name')).toHaveValue('Saved by the previous build');
  // The history came with it: undo takes back the pack's rename.
  await again.press('Control+z');
  await expect(page.getByTestId('pack.name')).toHaveValue('My pack');
  await again.waitSaved();
});
