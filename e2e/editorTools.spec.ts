/** Issue 13: the editor's tools — rectangle, line, flood fill, selection with copy/paste/move across levels, shift, crop — each one undo step. */
import { expect, test } from './fixtures';

/** Rows with the cells of a rectangle set to `ch` (never over the head), computed here independently of the app. */
function withRect(rows: string[], x0: number, y0: number, x1: number, y1: number, ch: string): string[] {
  return rows.map((row, y) => [...row].map((c, x) => (x >= x0 && x <= x1 && y >= y0 && y <= y1 && c !== 'C' ? ch : c)).join(''));
}

const OPEN = ['C.....', '......', '......', '......', '......'];

test('rectangle and line tools paint by drag, right button empties, each undone in one step', async ({ studio, page }) => {
  await studio.editor.typeLevel(OPEN.join('\n'));
  await page.keyboard.press('r');
  await expect(page.getByTestId('editor.shape.rect')).toHaveAttribute('aria-checked', 'true');
  await studio.editor.drag([4, 3], [1, 1]); // corners in either order
  const rect = withRect(OPEN, 1, 1, 4, 3, '#');
  await studio.editor.expectRows(rect);
  // Right-drag empties a rectangle inside it.
  const a = await page.locator('[data-testid="editor.cell"][data-x="2"][data-y="2"]').boundingBox();
  const b = await page.locator('[data-testid="editor.cell"][data-x="3"][data-y="3"]').boundingBox();
  await page.mouse.move(a!.x + 5, a!.y + 5);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b!.x + 5, b!.y + 5, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  await studio.editor.expectRows(withRect(rect, 2, 2, 3, 3, '.'));
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(rect);
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(OPEN);

  // Line: a diagonal from (0,4) to (4,0) (Bresenham: one cell per column).
  await page.keyboard.press('l');
  await studio.editor.drag([0, 4], [4, 0]);
  await studio.editor.expectRows(['C...#.', '...#..', '..#...', '.#....', '#.....']);
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(OPEN);
});

test('flood fill fills the connected region only, and undoes in one step', async ({ studio, page }) => {
  const rows = ['C.#...', '..#...', '###...', '......'];
  await studio.editor.typeLevel(rows.join('\n'));
  await page.keyboard.press('f');
  await studio.editor.click(4, 0); // the big region right of and below the walls
  // Independent flood: every '.' connected to (4,0) becomes '#'.
  const grid = rows.map((r) => [...r]);
  const stack = [[4, 0]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (y! < 0 || y! >= grid.length || x! < 0 || x! >= grid[0]!.length || grid[y!]![x!] !== '.') continue;
    grid[y!]![x!] = '#';
    stack.push([x! + 1, y!], [x! - 1, y!], [x!, y! + 1], [x!, y! - 1]);
  }
  const expected = grid.map((r) => r.join(''));
  await studio.editor.expectRows(expected);
  expect(expected[0]).toBe('C.####'); // the head's region is untouched
  // Filling walls with empty (right button) opens them again.
  await studio.editor.click(3, 3, 'right');
  await studio.editor.expectRows(['C.....', '......', '......', '......']);
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(expected);
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(rows);
});

test('select, copy, paste into another level, move with arrows, cut; every step undoable', async ({ studio, page }) => {
  const first = ['C.....', '.##...', '.#....', '......'];
  await studio.editor.typeLevel(first.join('\n'));
  await page.keyboard.press('s');
  await studio.editor.drag([1, 1], [2, 2]);
  await expect(page.getByTestId('editor.selection')).toHaveAttribute('data-rect', '1,1,2,2');
  await page.keyboard.press('Control+c');

  // Another level: the clipboard survives and pastes at the selection's corner.
  const second = ['......', '......', '......', '.....C', '......'];
  await studio.editor.typeLevel(second.join('\n'));
  await page.keyboard.press('Control+v');
  const pasted = ['......', '.##...', '.#....', '.....C', '......'];
  await studio.editor.expectRows(pasted);
  // Arrows move the selected content, one undo step per move.
  await page.getByTestId('editor.grid').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const moved = ['......', '......', '..##..', '..#..C', '......'];
  await studio.editor.expectRows(moved);
  await expect(page.getByTestId('editor.selection')).toHaveAttribute('data-rect', '2,2,3,3');
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(['......', '..##..', '..#...', '.....C', '......']);
  await page.keyboard.press('Control+y');
  await studio.editor.expectRows(moved);
  // Cut empties the selection and keeps it for a later paste.
  await page.keyboard.press('Control+x');
  await studio.editor.expectRows(second);
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(moved);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(second); // before the paste
});

test('shift by a cell wraps round; crop removes the wall border; resize keeps the anchor or says why not', async ({ studio, page }) => {
  const rows = ['#####', '#C..#', '#.#.#', '#####'];
  await studio.editor.typeLevel(rows.join('\n'));
  await page.getByTestId('editor.grid').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await studio.editor.expectRows(['#####', '##C..', '##.#.', '#####']);
  await page.keyboard.press('Shift+ArrowLeft');
  await studio.editor.expectRows(rows);
  await page.keyboard.press('k');
  await studio.editor.expectRows(['C..', '.#.', '###']); // at least 3 a side: one wall row stays
  await page.keyboard.press('Control+z');
  await studio.editor.expectRows(rows);
  // Anchor bottom-right: growing adds the new cells top-left.
  await page.getByTestId('editor.anchor').selectOption('1,1');
  await studio.editor.resize(6, 5);
  await studio.editor.expectRows(['......', '.#####', '.#C..#', '.#.#.#', '.#####']);
  // Shrinking to 3x3 from the bottom-right would cut the head off: refused with a message.
  await page.getByTestId('editor.width').fill('3');
  await page.getByTestId('editor.width').press('Enter');
  await page.getByTestId('editor.height').fill('3');
  await page.getByTestId('editor.height').press('Enter');
  await expect(studio.messages().last()).toContainText('cut the cat off');
});

test('the grid zooms by buttons, keys on the focused grid and Ctrl+wheel, and pans by scrolling', async ({ studio, page }) => {
  const cell = async (): Promise<number> => (await studio.editor.cell(0, 0).boundingBox())!.width;
  const fit = await cell();
  await page.getByTestId('editor.zoomIn').click();
  await expect.poll(cell).toBeGreaterThan(fit * 1.1);
  await page.getByTestId('editor.grid').focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(cell).toBeGreaterThan(fit * 1.6);
  // Zoomed past the panel: the stage scrolls, so the grid can be panned.
  const scrollable = await page.locator('.editor-stage').evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(scrollable).toBe(true);
  await page.keyboard.press('0');
  await expect.poll(cell).toBeCloseTo(fit, 0);
  const box = (await page.getByTestId('editor.grid').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Control');
  await expect.poll(cell).toBeLessThan(fit * 0.9);
});
