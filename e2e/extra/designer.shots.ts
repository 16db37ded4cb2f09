/**
 * README pictures of the designer's first hour, at
 * 1280x800 and 1920x1080: the pack overview grid with a selection, its
 * batch actions and custom fields; the dock's list with several levels
 * selected; the suggestions panel with pinned cells; the gauge in plain
 * words. Into test-results/screenshots/{pack-grid,pack-multiselect,
 * suggestions,gauge-plain}-<width>.png. Retake them with
 * `npx vite build && npx playwright test -c playwright.extra.config.ts designer`
 * (`npm run screenshots` runs only screenshots.shots.ts).
 */
import { expect, test } from '../fixtures';
import { fixtureLevels } from '../levels';
import { PackOverviewPage } from '../pages/PackOverviewPage';
import { SuggestionsPage } from '../pages/SuggestionsPage';

const DIR = 'test-results/screenshots';

for (const [w, h] of [[1280, 800], [1920, 1080]] as const) {
  test(`designer screenshots at ${w}x${h}`, async ({ studio, page }) => {
    await page.setViewportSize({ width: w, height: h });
    // Every fixture level from 4x4 up, plus a repeated grid (a warning on its tile).
    const levels = fixtureLevels().filter((l) => l.rows.length >= 4 && l.rows[0]!.length >= 4);
    const pack = {
      format: 'longcat-pack',
      version: 1,
      name: 'Fixture pack',
      fields: [
        { key: 'parMoves', label: 'Par moves', type: 'number' },
        { key: 'world', label: 'World', type: 'choice', choices: ['forest', 'desert', 'ice'] },
        { key: 'locked', label: 'Locked', type: 'flag' },
      ],
      levels: [...levels, levels[2]!].map((l, i) => ({
        id: `l${i + 1}`,
        name: l.name,
        rows: l.rows,
        ...(i < 6 ? { tags: ['intro'], fields: { parMoves: 4 + i, world: 'forest' } } : {}),
        ...(i === 8 ? { fields: { locked: true } } : {}),
      })),
    };
    await studio.pack.show();
    await studio.pack.importText(JSON.stringify(pack), 'fixture.json');
    await studio.pack.waitPriced();
    const overview = new PackOverviewPage(page);
    // The dock's list with three levels selected (Shift and Ctrl) and the batch bar.
    await studio.pack.item(1).click();
    await studio.pack.item(3).click({ modifiers: ['Shift'] });
    await studio.pack.item(5).click({ modifiers: ['Control'] });
    await page.mouse.move(w - 5, h - 5);
    await page.screenshot({ path: `${DIR}/pack-multiselect-${w}.png` });
    await overview.open();
    await overview.tiles.nth(6).click();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(overview.selection).toBeVisible();
    await page.mouse.move(w - 5, h - 5);
    await page.screenshot({ path: `${DIR}/pack-grid-${w}.png` });

    // Suggestions for an 8x8 level with a pinned corner, and the gauge in plain words.
    await page.getByTestId('app.view.studio').click();
    const rows = fixtureLevels().find((l) => l.name === 'rpu-8x8-24')!.rows;
    await studio.editor.typeLevel(rows.join('\n'));
    await studio.graph.waitForDrawn();
    const suggestions = new SuggestionsPage(page);
    await suggestions.show();
    await suggestions.settled();
    for (const cell of [0, 1, 8, 9]) await suggestions.pin(cell);
    await suggestions.settled();
    await page.mouse.move(w - 5, h - 5);
    await page.screenshot({ path: `${DIR}/suggestions-${w}.png` });
    const gauge = page.getByTestId('gauge.panel');
    await gauge.locator('details').last().evaluate((d) => d.setAttribute('open', ''));
    await gauge.screenshot({ path: `${DIR}/gauge-plain-${w}.png` });
  });
}
