/** The splitter between the editor and the graph column (issue 13): drag, keys, its ARIA role, remembered across a reload. */
import { expect, test } from './fixtures';

test('the graph column is resized by dragging the splitter or by its keys, and keeps its width after a reload', async ({ studio: _studio, page }) => {
  await page.setViewportSize({ width: 1600, height: 900 }); // room to widen the column by drag and by key
  const splitter = page.getByTestId('studio.splitter');
  const panel = page.getByTestId('graph.panel');
  const editor = page.getByTestId('editor.grid');
  await expect(splitter).toHaveAttribute('role', 'separator');
  await expect(splitter).toHaveAttribute('aria-orientation', 'vertical');
  const w0 = (await panel.boundingBox())!.width;
  const e0 = (await editor.boundingBox())!;

  // Drag 120 px to the left: the graph panel is 120 px wider, the editor's grid no wider than before.
  const s = (await splitter.boundingBox())!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2 - 120, s.y + s.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(Math.round(w0 + 120));
  expect((await editor.boundingBox())!.width).toBeLessThanOrEqual(e0.width);
  await expect(splitter).toHaveAttribute('aria-valuenow', String(Math.round(w0 + 120)));

  // Keys: ← one step (32 px) wider, → back, End the narrowest the column can be, Home the widest (the editor keeps 360 px).
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(Math.round(w0 + 152));
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(Math.round(w0 + 120));
  await page.keyboard.press('End');
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(464);
  await page.keyboard.press('Home');
  const max = Number(await splitter.getAttribute('aria-valuemax'));
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(max);
  expect((await page.locator('.editor-panel').boundingBox())!.width).toBeGreaterThanOrEqual(359);
  // The arrow keys on the splitter moved nothing else: the level is unchanged.
  await expect(page.getByTestId('editor.undo')).toBeDisabled();

  // Reload: the same width.
  await page.keyboard.press('ArrowRight');
  const kept = Math.round((await panel.boundingBox())!.width);
  await page.reload();
  await expect(panel).toBeVisible();
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(kept);

  // Enter gives the default share back.
  await splitter.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(Math.round(w0));
});
