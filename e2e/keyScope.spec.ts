import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Keyboard scope: Space, Enter and the arrows operate the focused control
 * (checkbox, button, select, slider), never the canvas behind it. Before,
 * Space on a checkbox painted a wall and arrows on a slider moved the
 * editor's cursor.
 */
const LEVEL = ['C...', '....', '....'];
const KEYS = ['Space', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

async function pressAll(control: Locator): Promise<void> {
  await control.focus();
  await expect(control).toBeFocused();
  for (const key of KEYS) await control.press(key);
}

test('Space, Enter and arrows on a checkbox, button, select and slider leave the level alone', async ({ studio }) => {
  const { editor, page } = studio;
  await editor.typeLevel(LEVEL.join('\n'));
  await page.keyboard.press('w'); // wall tool: a leaked Space or Enter would paint
  await page.getByTestId('dock.tab.generators').click();

  // Checkbox: Space toggles it (and only it).
  const checkbox = page.getByTestId('atd.uniqueSolution');
  const wasChecked = await checkbox.isChecked();
  await checkbox.focus();
  await checkbox.press('Space');
  await expect(checkbox).toBeChecked({ checked: !wasChecked });
  await pressAll(checkbox);
  await editor.expectRows(LEVEL);

  // Button: the graph's Fit; Enter and Space press it (it fits the graph).
  const button = page.getByTestId('graph.fit');
  await pressAll(button);
  await editor.expectRows(LEVEL);

  // Select: arrows change the choice, the grid's cursor stays hidden.
  const select = page.getByTestId('sd.startMode');
  const before = await select.inputValue();
  await select.focus();
  await select.press('ArrowDown');
  await expect(select).not.toHaveValue(before);
  await pressAll(select);
  await page.keyboard.press('Escape'); // closes the select's popup, if Enter opened it
  await editor.expectRows(LEVEL);

  // Slider: arrows move the temperature.
  const slider = page.getByTestId('sd.temperature');
  await slider.focus();
  const t0 = Number(await slider.inputValue());
  await slider.press(t0 < 1 ? 'ArrowRight' : 'ArrowLeft');
  await expect(slider).not.toHaveValue(String(t0));
  await pressAll(slider);
  await editor.expectRows(LEVEL);
  await expect(page.getByTestId('editor.cursor')).toHaveCount(0);

  // Once the grid has focus, the same keys edit the canvas again.
  await editor.grid.focus();
  await page.keyboard.press('Space'); // shows the cursor at the head
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await editor.expectRows(['C#..', '....', '....']);
  // Escape from a control hands the keys back as well.
  await button.focus();
  await page.keyboard.press('Escape');
  await expect(button).not.toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await editor.expectRows(['C#..', '.#..', '....']);
});
