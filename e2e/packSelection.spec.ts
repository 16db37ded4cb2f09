/**
 * Many levels at once: multi-select in the pack list and the overview grid,
 * batch edits as one undo step, the list as one Tab stop, custom fields
 * through every export and back, and "only the levels it can hold".
 * Uses only the repository's fixture levels.
 */
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';
import { PackOverviewPage } from './pages/PackOverviewPage';
import type { StudioPage } from './pages/StudioPage';

const NAMES = ['rsd-8x8-15', 'open-5x5', 'rsd-8x8-16', 'rpu-8x8-24', 'rsd-6x6-12', 'rpu-8x8-25'];
const levels = NAMES.map((n) => fixtureLevels().find((l) => l.name === n)!);

/** A pack file of the six fixture levels (ids l1..l6), imported into the empty studio. */
async function importSix(studio: StudioPage): Promise<void> {
  const pack = { format: 'longcat-pack', version: 1, name: 'Six', levels: levels.map((l, i) => ({ id: `l${i + 1}`, name: l.name, rows: l.rows })) };
  await studio.pack.show();
  await studio.pack.importText(JSON.stringify(pack), 'six.json');
  await expect(studio.pack.items).toHaveCount(6);
}

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('Shift and Ctrl select in the list; a batch tag, move and delete are one undo step each', async ({ studio, page }) => {
  await importSix(studio);
  const overview = new PackOverviewPage(page);
  await studio.pack.item(0).click();
  await studio.pack.item(2).click({ modifiers: ['Shift'] });
  await studio.pack.item(4).click({ modifiers: [mod] });
  expect(await overview.selectedIds('pack.item')).toEqual(['l1', 'l2', 'l3', 'l5']);
  await expect(overview.selection).toBeVisible();
  expect(await overview.selectedCount()).toBe(4);

  await overview.selection.getByTestId('pack.selection.tag').fill('Intro');
  await overview.selection.getByTestId('pack.selection.addTag').click();
  const tagged = async (): Promise<string[]> => (await studio.pack.exportJson()).levels.filter((l) => l.tags?.includes('intro')).map((l) => l.id);
  expect(await tagged()).toEqual(['l1', 'l2', 'l3', 'l5']);
  // One Ctrl+Z takes back the whole batch, and only it (the levels and their order stay).
  await page.keyboard.press(`${mod}+z`);
  expect(await tagged()).toEqual([]);
  expect(await studio.pack.ids()).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
  await page.keyboard.press(`${mod}+Shift+z`);
  expect(await tagged()).toEqual(['l1', 'l2', 'l3', 'l5']);

  await overview.selection.getByTestId('pack.selection.bottom').click();
  expect(await studio.pack.ids()).toEqual(['l4', 'l6', 'l1', 'l2', 'l3', 'l5']);
  await page.keyboard.press(`${mod}+z`);
  expect(await studio.pack.ids()).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);

  await overview.selection.getByTestId('pack.selection.delete').click();
  expect(await studio.pack.ids()).toEqual(['l4', 'l6']);
  await page.keyboard.press(`${mod}+z`);
  expect(await studio.pack.ids()).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
  expect(await tagged()).toEqual(['l1', 'l2', 'l3', 'l5']);
});

test('the list is one Tab stop: arrows move inside, Shift+arrows select, Tab leaves', async ({ studio, page }) => {
  await importSix(studio);
  const overview = new PackOverviewPage(page);
  await expect(studio.pack.items.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await studio.pack.item(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(studio.pack.item(1)).toBeFocused();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(studio.pack.item(3)).toBeFocused();
  expect(await overview.selectedIds('pack.item')).toEqual(['l2', 'l3', 'l4']);
  await expect(studio.pack.items.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await page.keyboard.press('Tab');
  // Focus left the list in one press (no row button holds a Tab stop).
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="pack.list"]') === null)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(studio.pack.item(3)).toBeFocused();
  await page.keyboard.press(`${mod}+a`);
  expect(await overview.selectedIds('pack.item')).toHaveLength(6);
  await page.keyboard.press('Escape');
  expect(await overview.selectedIds('pack.item')).toEqual([]);
});

test('custom fields: set on a selection and on one level, through pack JSON, CSV and game JSON, and back in', async ({ studio, page }) => {
  await importSix(studio);
  const overview = new PackOverviewPage(page);
  await overview.addField('Par moves', 'number');
  await overview.addField('World', 'choice', 'forest, desert');
  await overview.addField('Locked', 'flag');

  await studio.pack.item(1).click();
  await studio.pack.item(3).click({ modifiers: ['Shift'] });
  await overview.setSelectionField('parMoves', '7');
  await overview.setSelectionField('world', 'desert');
  // A value that does not fit says why and changes nothing.
  await overview.setSelectionField('parMoves', 'seven');
  await expect(overview.selection.getByTestId('pack.selection.fieldValue.problem')).toContainText('number');

  // One level on its own: the open level's field box.
  await studio.pack.item(0).click();
  const locked = page.locator('[data-testid="pack.levelField"][data-key="locked"]');
  await locked.selectOption('yes');
  await expect(studio.pack.item(0).getByTestId('pack.item.field')).toHaveText(['Locked']);

  const pack = JSON.parse(await studio.pack.exportText());
  expect(pack.fields.map((f: { key: string }) => f.key)).toEqual(['parMoves', 'world', 'locked']);
  expect(pack.levels.map((l: { fields?: unknown }) => l.fields ?? null)).toEqual([
    { locked: true }, { parMoves: 7, world: 'desert' }, { parMoves: 7, world: 'desert' }, { parMoves: 7, world: 'desert' }, null, null,
  ]);

  const csv = (await studio.pack.exportAs('pack.export.csv')).buffer.toString('utf8').trimEnd().split('\r\n').map((line) => line.split(','));
  const at = (name: string): number => csv[0]!.indexOf(name);
  expect([at('field:parMoves'), at('field:world'), at('field:locked')].every((i) => i > 0)).toBe(true);
  expect(csv.slice(1).map((r) => [r[at('field:parMoves')], r[at('field:world')], r[at('field:locked')]])).toEqual([
    ['', '', 'true'], ['7', 'desert', ''], ['7', 'desert', ''], ['7', 'desert', ''], ['', '', ''], ['', '', ''],
  ]);

  const game = JSON.parse((await studio.pack.exportAs('pack.export.json')).buffer.toString('utf8'));
  expect(game.fields.map((f: { key: string; type: string }) => `${f.key}:${f.type}`)).toEqual(['parMoves:number', 'world:choice', 'locked:flag']);
  expect(game.levels[2].fields).toEqual({ parMoves: 7, world: 'desert' });

  // Re-import: delete everything, bring the file back, and get the same bytes.
  const exported = await studio.pack.exportText();
  await studio.pack.item(0).click();
  await page.keyboard.press(`${mod}+a`);
  await overview.selection.getByTestId('pack.selection.delete').click();
  await expect(studio.pack.items).toHaveCount(0);
  // The pack is empty, so the file replaces it without asking.
  await studio.pack.importText(exported, 'with-fields.json');
  await expect(studio.pack.items).toHaveCount(6);
  await expect(studio.pack.item(2).getByTestId('pack.item.field')).toHaveText(['Par moves: 7', 'World: desert']);
  expect(await studio.pack.exportText()).toBe(exported);
});

test('the Arduboy header offers only the 8x8 levels, says how many were left out and why', async ({ studio, page }) => {
  await importSix(studio);
  await studio.pack.waitPriced();
  // The whole pack: refused, with the reason.
  await page.getByTestId('pack.exportMenu').click();
  await page.getByTestId('pack.export.arduboy').click();
  await expect(page.getByTestId('app.message').last()).toContainText('8x8 levels only');
  const { name, buffer } = await studio.pack.exportAs('pack.export.arduboy.fitting');
  expect(name.endsWith('.h')).toBe(true);
  const header = buffer.toString('utf8');
  const eight = levels.filter((l) => l.rows.length === 8 && l.rows[0]!.length === 8);
  expect(header).toContain(`const uint8_t levelCount = ${eight.length};`);
  // Each level's rows as the port stores them, computed here from the fixture text.
  for (const l of eight) {
    const bytes = l.rows.map((r) => `0b${[...r].map((c) => (c === '#' ? '1' : '0')).join('')}`);
    expect(header).toContain(bytes.join(',\n    '));
  }
  await expect(page.getByTestId('app.message').last()).toContainText('2 levels left out (2 not 8x8)');
});

test('the overview grid: tiles, Shift+arrows and Ctrl+click select, export only these, delete is one undo step', async ({ studio, page }) => {
  await importSix(studio);
  await studio.pack.waitPriced();
  const overview = new PackOverviewPage(page);
  await overview.open();
  await expect(overview.tiles).toHaveCount(6);
  await expect(overview.tiles.first().getByTestId('pack.tile.difficulty')).toBeVisible();
  await overview.tiles.nth(0).click();
  await page.keyboard.press('Shift+ArrowRight');
  await overview.tiles.nth(4).click({ modifiers: [mod] });
  expect(await overview.selectedIds('pack.tile')).toEqual(['l1', 'l2', 'l5']);
  const file = await overview.exportSelection('text');
  expect(file.text.trim().split(/\n\s*\n/).map((b) => b.split('\n')[0])).toEqual([`; ${NAMES[0]}`, `; ${NAMES[1]}`, `; ${NAMES[4]}`]);
  await overview.selection.getByTestId('pack.selection.delete').click();
  await expect(overview.tiles).toHaveCount(3);
  await page.keyboard.press(`${mod}+z`);
  await expect(overview.tiles).toHaveCount(6);
});
