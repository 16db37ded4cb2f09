import { expect, test } from './fixtures';
import { HistoryPage } from './pages/HistoryPage';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { handDifficultyOfRows as handDifficulty } from '../test/support/handDifficulty';

/** The default model JSON applied by hand to naive-solver features (independent of the app's predictor). */
/** SPEC §7's default tolerance, by hand: the larger of ±10% and ±3. */
const tolerance = (target: number): number => Math.max(0.1 * target, 3);

interface PackFile {
  levels: { id: string; rows: string[]; difficulty: number | null; source: { generator: string; seed: number | null; model: string | null } }[];
}

test('generate at a band, add a result to the pack: its difficulty is in the band by the naive solver and the model by hand', async ({ studio, page }) => {
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.target(45);
  await expect(page.getByTestId('atd.window')).toHaveText('±4.5: 40.5–49.5');
  await atd.band('medium');
  await atd.settings({ width: 7, height: 7, count: 3, seed: 11 });
  await atd.run();
  await expect(atd.items).toHaveCount(3, { timeout: 30_000 });
  await expect(atd.message).toContainText('Found 3 levels for the medium band (40–60)');
  await expect(atd.items.getByTestId('thumb')).toHaveCount(3);
  for (const [i, d] of (await atd.difficulties()).entries()) {
    expect(d).toBeGreaterThanOrEqual(40);
    expect(d).toBeLessThan(60);
    expect(handDifficulty(await atd.rows(i))).toBeCloseTo(d, 6);
  }

  // Open one in the editor, add another to the pack.
  const openedRows = await atd.rows(2);
  await atd.items.nth(2).getByTestId('atd.open').click();
  await studio.editor.expectRows(openedRows);
  const addedRows = await atd.rows(0);
  await atd.items.nth(0).getByTestId('atd.add').click();
  await expect(atd.items.nth(0).getByTestId('atd.add')).toHaveText('Added');

  await studio.pack.show();
  const shown = await studio.pack.difficulties();
  expect(shown).toHaveLength(1);
  const pack = JSON.parse(await studio.pack.exportText()) as PackFile;
  const level = pack.levels[0]!;
  expect(level.rows).toEqual(addedRows);
  const byHand = handDifficulty(level.rows);
  expect(byHand).toBeGreaterThanOrEqual(40);
  expect(byHand).toBeLessThan(60);
  expect(shown[0]!).toBeCloseTo(byHand, 1);
  expect(naiveAnalyze(level.rows).features.nSolutions).toBeGreaterThan(0);
  // Provenance: method, seed and attempts; no wall time (the same seed gives the same pack).
  expect(level.source.generator).toMatch(/^at-difficulty \(target 50, \d+ evaluations\)$/);
  expect(level.source.seed).toBe(11);
  expect(level.source.model).toBe('default');
});

test('an out-of-reach target says so, with the reachable range', async ({ studio: { page } }) => {
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.target(5000);
  await atd.settings({ width: 5, height: 5, count: 1 });
  await atd.run();
  await atd.waitDone();
  await expect(atd.message).toHaveAttribute('data-out-of-reach', 'true');
  const text = await atd.message.innerText();
  const m = /A difficulty of 5000 is out of reach for 5x5 levels: the reachable range is about (\d+) to (\d+)\./.exec(text);
  expect(m, text).not.toBeNull();
  expect(Number(m![1])).toBe(0);
  expect(Number(m![2])).toBeGreaterThan(0);
  expect(Number(m![2])).toBeLessThan(5000);
  await expect(atd.items).toHaveCount(0);
});

test('fill the pack along a curve: difficulties rise and each is within tolerance of its target', async ({ studio, page }) => {
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.settings({ width: 8, height: 8, seed: 5 });
  await atd.fillCurve(10, 60, 6);
  await expect(atd.curveMessage).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(atd.curveMessage).toHaveText('Added 6 levels from 10 to 60 to the pack.');
  await studio.pack.show();
  await expect(studio.pack.items).toHaveCount(6);
  const shown = (await studio.pack.difficulties()) as number[];
  const pack = JSON.parse(await studio.pack.exportText()) as PackFile;
  const targets = [10, 20, 30, 40, 50, 60];
  const byHand = pack.levels.map((l) => handDifficulty(l.rows));
  for (let i = 0; i < 6; i++) {
    expect(Math.abs(byHand[i]! - targets[i]!), `level ${i + 1}: ${byHand[i]} for target ${targets[i]}`).toBeLessThanOrEqual(tolerance(targets[i]!) + 1e-9);
    expect(shown[i]!).toBeCloseTo(byHand[i]!, 1);
    if (i > 0) expect(byHand[i]!).toBeGreaterThan(byHand[i - 1]!);
  }
  expect(new Set(pack.levels.map((l) => l.rows.join('/'))).size).toBe(6);
  // The whole curve is one step of the history: one undo takes all six out, redo puts them back.
  const history = new HistoryPage(page);
  await history.show();
  expect(await history.labels()).toEqual(['Fill the pack along a curve (6 levels)']);
  await studio.press('Control+z');
  await studio.pack.show();
  await expect(studio.pack.items).toHaveCount(0);
  await studio.press('Control+Shift+Z');
  await expect(studio.pack.items).toHaveCount(6);
});

test('results skip levels already in the pack, honour unique-solution and open-cell constraints, and can be cancelled', async ({ studio: { page } }) => {
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.band('easy');
  await atd.settings({ width: 6, height: 6, count: 2, seed: 3, uniqueSolution: true, openMin: 16, openMax: 26 });
  await atd.run();
  await expect(atd.items).toHaveCount(2, { timeout: 30_000 });
  for (let i = 0; i < 2; i++) {
    const rows = await atd.rows(i);
    expect(naiveAnalyze(rows).features.solutionPaths).toBe(1);
    const open = rows.join('').replace(/#/g, '').length;
    expect(open).toBeGreaterThanOrEqual(16);
    expect(open).toBeLessThanOrEqual(26);
  }
  const firstKeys = await atd.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  await page.getByTestId('atd.addAll').click();
  // The same request again: the levels now in the pack are excluded.
  await atd.run();
  await expect(atd.items).toHaveCount(2, { timeout: 30_000 });
  await atd.waitDone();
  const again = await atd.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  for (const k of again) expect(firstKeys).not.toContain(k);

  // A long request (50 expert levels with one solution each) is cancelled.
  await atd.band('expert');
  await atd.settings({ width: 8, height: 8, count: 50, openMin: null, openMax: null });
  await atd.run();
  await expect(page.getByTestId('atd.cancel')).toBeVisible();
  await page.getByTestId('atd.cancel').click();
  await expect(atd.message).toHaveText('Cancelled.');
  await expect(page.getByTestId('atd.run')).toBeEnabled();
});
