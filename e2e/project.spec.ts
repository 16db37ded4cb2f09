/**
 * Ctrl+S saves the project to a file and Ctrl+O opens one: through the File
 * System Access API (stubbed here with an in-memory file, since a headless
 * browser cannot show a picker) and, where the API is missing, as a download.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const LEVELS = '; first\nC...\n.#..\n....\n\n; second\nC..#\n....\n#...';

test('Ctrl+S writes the project through the File System Access API; Ctrl+O opens it back, undoably', async ({ studio, page }) => {
  await page.evaluate(() => {
    const files: Record<string, string> = {};
    const handle = (name: string) => ({
      name,
      createWritable: async () => ({ write: async (text: string) => void (files[name] = text), close: async () => undefined }),
      getFile: async () => new File([files[name] ?? ''], name),
    });
    Object.assign(window, {
      savedFiles: files,
      showSaveFilePicker: async (o: { suggestedName: string }) => handle(o.suggestedName),
      showOpenFilePicker: async () => [handle(Object.keys(files)[0]!)],
    });
  });
  await studio.pack.paste(LEVELS);
  await expect(studio.pack.items).toHaveCount(2);
  await studio.pack.item(1).getByTestId('pack.item.open').click();
  await studio.press('Control+s');
  await expect(studio.messages().filter({ hasText: 'Saved the project to my-pack.longcat.json' })).toHaveCount(1);
  const saved = JSON.parse(await page.evaluate(() => (window as unknown as { savedFiles: Record<string, string> }).savedFiles['my-pack.longcat.json']!));
  expect(saved).toMatchObject({ format: 'longcat-project', level: { rows: ['C..#', '....', '#...'], name: 'second' } });
  expect(saved.pack.levels.map((l: { name: string }) => l.name)).toEqual(['first', 'second']);
  // Pasted levels get random ids (never a counter); the open level is named by its id.
  expect(saved.openInPack).toBe(saved.pack.levels[1].id);

  // Change the document, then open the saved project: it comes back, and undo returns to the change.
  await studio.pack.item(0).getByTestId('pack.item.delete').click();
  await expect(studio.pack.items).toHaveCount(1);
  await studio.press('Control+o');
  await expect(studio.pack.items).toHaveCount(2);
  expect(await studio.pack.openState(1)).toBe('open');
  await studio.editor.expectRows(['C..#', '....', '#...']);
  await studio.press('Control+z');
  await expect(studio.pack.items).toHaveCount(1);
});

test('without the API, Ctrl+S downloads the project file', async ({ studio, page }) => {
  await page.evaluate(() => {
    delete (window as unknown as Record<string, unknown>)['showSaveFilePicker'];
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
  await studio.pack.paste(LEVELS);
  await expect(studio.pack.items).toHaveCount(2);
  const download = page.waitForEvent('download');
  await studio.press('Control+s');
  const file = await (await download).path();
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  expect(saved.format).toBe('longcat-project');
  expect(saved.pack.levels.map((l: { rows: string[] }) => l.rows)).toEqual([['C...', '.#..', '....'], ['C..#', '....', '#...']]);
});
