/**
 * Accessibility: axe-core on every view (studio with a pack, its selection
 * and the suggestions tab; the pack overview; batch; lab; training; the play
 * page) finds no serious or critical violation of WCAG 2.1 A/AA.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';
import type { StudioPage } from './pages/StudioPage';

/** Serious and critical violations on the page as it is now, each as "rule: target (summary)". */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? v.help})`));
}

async function importPack(studio: StudioPage): Promise<void> {
  const levels = fixtureLevels().filter((l) => l.rows.length >= 4).slice(0, 8);
  const pack = {
    format: 'longcat-pack', version: 1, name: 'A11y',
    fields: [{ key: 'par', label: 'Par moves', type: 'number' }],
    levels: levels.map((l, i) => ({ id: `l${i + 1}`, name: l.name, rows: l.rows, tags: ['intro'], fields: { par: 4 + i } })),
  };
  await studio.pack.show();
  await studio.pack.importText(JSON.stringify(pack), 'a11y.json');
  await expect(studio.pack.items).toHaveCount(levels.length);
}

test('the studio, with a pack, a selection and suggestions: no serious or critical violation', async ({ studio, page }) => {
  await importPack(studio);
  await studio.pack.item(0).click();
  await studio.pack.item(2).click({ modifiers: ['Shift'] });
  await studio.graph.waitForDrawn();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('dock.tab.suggestions').click();
  await expect(page.getByTestId('suggest.panel')).toHaveAttribute('data-status', 'done');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('dock.tab.generators').click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('dock.tab.history').click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the pack overview, batch, lab and training views: no serious or critical violation', async ({ studio, page }) => {
  await importPack(studio);
  for (const view of ['pack', 'batch', 'lab', 'training'] as const) {
    await page.getByTestId(`app.view.${view}`).click();
    await expect(page.getByTestId(`view.${view}`)).toBeVisible();
    if (view === 'pack') await page.getByTestId('pack.tile').first().click();
    expect(await seriousViolations(page), view).toEqual([]);
  }
});

test('the play page: no serious or critical violation', async ({ studio, browser }) => {
  await importPack(studio);
  await studio.page.getByTestId('pack.playLink').click();
  const url = await studio.page.getByTestId('pack.shareUrl').inputValue();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('play.board')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
