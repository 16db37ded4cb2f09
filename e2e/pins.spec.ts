/**
 * Pinned cells that generators never change: cells pinned in the
 * Suggestions tab are kept by RSD and by generate at difficulty, shown
 * outlined on the results, carried into the pack's export, and still pinned
 * after a reload. Every check reads the levels from the page (result keys,
 * the exported pack) and solves them with the naive reference solver.
 */
import { existsSync } from 'node:fs';
import { naiveSolution } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { GeneratorsPage } from './pages/GeneratorsPage';
import { PackPage } from './pages/PackPage';
import { SuggestionsPage } from './pages/SuggestionsPage';
import { SdPcgrlPanel } from './pages/TrainingPage';

const rows = fixtureLevels().find((l) => l.name === 'rsd-8x8-16')!.rows;
/** The start, two open cells beside it, and two walls (read off the fixture, row-major on 8x8). */
const PINS = [16, 17, 24, 0, 12];
const at = (r: readonly string[], cell: number): string => r[Math.floor(cell / 8)]![cell % 8]!;

/** Pinned cells whose character differs from the fixture's. */
const broken = (level: readonly string[]): number[] => PINS.filter((c) => at(level, c) !== at(rows, c));

test('generators keep the pinned cells: RSD and generate at difficulty, through the pack export and a reload', async ({ studio, page }) => {
  expect(PINS.map((c) => at(rows, c)).join('')).toBe('C..##');
  await studio.editor.typeLevel(rows.join('\n'));
  const suggestions = new SuggestionsPage(page);
  await suggestions.show();
  for (const cell of PINS) await suggestions.pin(cell);

  const gen = new GeneratorsPage(page);
  await gen.show();
  await gen.settings({ generator: 'rsd', width: 8, height: 8, seed: 11, count: 6 });
  await expect(gen.keepPins('generator')).toBeChecked();
  await expect(page.getByTestId('generator.panel')).toContainText('Keep 5 pinned cells');
  await gen.run(6);
  await expect(page.getByTestId('generator.summary')).toContainText('5 pinned cells kept');
  const rsd = await gen.resultRows('generator');
  for (const level of rsd) {
    expect(broken(level), level.join('/')).toEqual([]);
    expect(naiveSolution(level), level.join('/')).not.toBeNull();
  }
  expect(await gen.outlined('generator')).toEqual(rsd.map(() => [...PINS].sort((a, b) => a - b).join(',')));
  await page.getByTestId('generator.panel').locator('.gen-form').first().screenshot({ path: test.info().outputPath('rsd-form.png') });
  await page.getByTestId('generator.results').screenshot({ path: test.info().outputPath('rsd-pinned.png') });
  await page.getByTestId('generator.add').first().click();

  // Another size cannot keep them, and says so instead of a checkbox.
  await gen.settings({ width: 7 });
  await expect(gen.keepPins('generator')).toHaveCount(0);
  await expect(page.getByTestId('generator.pinsNote')).toContainText('a 7x8 run cannot keep them');
  await gen.settings({ width: 8 });

  const atd = new AtDifficultyPage(page);
  await atd.settings({ width: 8, height: 8, count: 3, seed: 5 });
  await atd.target(20);
  await expect(gen.keepPins('atd')).toBeChecked();
  await atd.run();
  await atd.waitDone();
  await expect(atd.items).toHaveCount(3);
  const found = await gen.resultRows('atd');
  for (const level of found) {
    expect(broken(level), level.join('/')).toEqual([]);
    expect(naiveSolution(level), level.join('/')).not.toBeNull();
  }
  await page.getByTestId('atd.panel').screenshot({ path: test.info().outputPath('atd-pinned.png') });
  await page.getByTestId('atd.add').first().click();

  // The exported pack holds the two generated levels, pins and all.
  const pack = new PackPage(page);
  await pack.show();
  const exported = (await pack.exportJson()).levels;
  expect(exported.map((l) => l.rows.join('/'))).toEqual([rsd[0]!.join('/'), found[0]!.join('/')]);
  for (const l of exported) expect(broken(l.rows)).toEqual([]);

  // Unticked, a run is free to change them; the pins themselves stay.
  await gen.show();
  await gen.keepPins('generator').uncheck();
  await gen.run(6);
  await expect(page.getByTestId('generator.item.pinned')).toHaveCount(0);
  const free = await gen.resultRows('generator');
  expect(free.some((level) => broken(level).length > 0)).toBe(true);
  await gen.keepPins('generator').check();

  // A reload keeps the pins and the choice to keep them.
  await page.reload();
  await suggestions.show();
  await expect(page.locator('details.suggest-pins summary')).toContainText('Pinned cells (5)');
  for (const cell of PINS) await expect(page.locator(`[data-testid="suggest.pin"][data-cell="${cell}"]`)).toHaveAttribute('aria-pressed', 'true');
  await gen.show();
  await expect(gen.keepPins('atd')).toBeChecked();
});

test('SD-PCGRL keeps the pinned cells: the policy only picks steps the pins allow', async ({ studio, page }) => {
  test.skip(!existsSync('models/sd-pcgrl-8x8/meta.json'), 'no shipped model: models/sd-pcgrl-8x8/meta.json is absent');
  await studio.editor.typeLevel(rows.join('\n'));
  const suggestions = new SuggestionsPage(page);
  await suggestions.show();
  for (const cell of PINS) await suggestions.pin(cell);
  const sd = new SdPcgrlPanel(page);
  await sd.open();
  const gen = new GeneratorsPage(page);
  await expect(gen.keepPins('sd')).toBeChecked();
  await sd.generate({ temperature: 0.2, count: 8, seed: 5 });
  await expect(sd.items).toHaveCount(8, { timeout: 30_000 });
  await expect(page.getByTestId('sd.summary')).toContainText('5 pinned cells kept');
  const levels = await gen.resultRows('sd');
  for (const level of levels) {
    expect(broken(level), level.join('/')).toEqual([]);
    expect(naiveSolution(level), level.join('/')).not.toBeNull();
  }
  // A chosen start and pins do not go together: the panel says so instead of dropping either.
  await sd.generate({ temperature: 0.2, count: 2, seed: 5, startMode: 'cell', cell: 40 });
  await expect(page.getByTestId('sd.summary')).toContainText('pin the start cell instead');
});
