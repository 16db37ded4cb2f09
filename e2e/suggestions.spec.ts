/**
 * Suggestions while drawing: each suggested level is checked here by the
 * naive reference solver (test/naive), pinned cells stay as they are over
 * many seeds, and a click applies one suggestion as one undo step.
 */
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';
import { SuggestionsPage } from './pages/SuggestionsPage';

const level = (name: string): string[] => fixtureLevels().find((l) => l.name === name)!.rows;
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Cells (row-major) where two grids differ. */
function changed(a: readonly string[], b: readonly string[]): number[] {
  const w = a[0]!.length;
  const out: number[] = [];
  a.forEach((row, y) => [...row].forEach((ch, x) => ch !== b[y]![x] && out.push(y * w + x)));
  return out;
}

test('an 8x8 level gets 6 to 12 solvable variants one or two edits away; a click applies one, Undo takes it back', async ({ studio, page }) => {
  const rows = level('rpu-8x8-24');
  await studio.editor.typeLevel(rows.join('\n'));
  const suggestions = new SuggestionsPage(page);
  await suggestions.show();
  const found = await suggestions.settled();
  expect(await suggestions.mode()).toBe('variants');
  expect(found.length).toBeGreaterThanOrEqual(6);
  expect(found.length).toBeLessThanOrEqual(12);
  for (const variant of found) {
    expect(naiveAnalyze(variant).features.nSolutions, variant.join('/')).toBeGreaterThan(0);
    const diff = changed(rows, variant);
    expect(diff.length).toBeGreaterThanOrEqual(1);
    // Two toggled cells, or a moved cat (two cells) plus at most one toggle.
    expect(diff.length).toBeLessThanOrEqual(3);
  }
  const labels = await suggestions.labels();
  expect(labels.every((l) => /^(harder \+[\d.]+|easier −[\d.]+|about the same)( · one solution)?$/.test(l))).toBe(true);

  await suggestions.items.nth(2).click();
  expect(await studio.editor.rows()).toEqual(found[2]);
  await page.keyboard.press(`${mod}+z`);
  expect(await studio.editor.rows()).toEqual(rows);

  // One solution asked: every variant has exactly one (the naive solver counts the move sequences).
  await page.getByTestId('suggest.unique').check();
  const unique = await suggestions.settled();
  expect(unique.length).toBeGreaterThan(0);
  for (const variant of unique) expect(naiveAnalyze(variant).features.solutionPaths).toBe(1);
});

test('pinned cells are never changed, over many seeds', async ({ studio, page }) => {
  const rows = level('rsd-8x8-16');
  await studio.editor.typeLevel(rows.join('\n'));
  const suggestions = new SuggestionsPage(page);
  await suggestions.show();
  await suggestions.settled();
  const pins = [0, 9, 18, 27, 36, 45, 54, 63, 7, 14];
  for (const cell of pins) await suggestions.pin(cell);
  let checked = 0;
  for (let seed = 0; seed < 8; seed++) {
    const found = seed === 0 ? await suggestions.settled() : await suggestions.other();
    for (const variant of found) {
      expect(changed(rows, variant).filter((c) => pins.includes(c))).toEqual([]);
      expect(naiveAnalyze(variant).features.nSolutions).toBeGreaterThan(0);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(30);
});

test('an unsolvable level gets the smallest edits that make it solvable', async ({ studio, page }) => {
  const rows = level('open-5x5-50');
  expect(naiveAnalyze(rows).features.nSolutions).toBe(0);
  await studio.editor.typeLevel(rows.join('\n'));
  const suggestions = new SuggestionsPage(page);
  await suggestions.show();
  const found = await suggestions.settled();
  expect(await suggestions.mode()).toBe('repairs');
  expect(found.length).toBeGreaterThan(0);
  for (const variant of found) {
    expect(naiveAnalyze(variant).features.nSolutions).toBeGreaterThan(0);
    // One edit: a toggled cell, or the cat moved (two cells differ, one of them the old start).
    const diff = changed(rows, variant);
    expect(diff.length === 1 || (diff.length === 2 && diff.some((c) => rows[Math.floor(c / 5)]![c % 5] === 'C'))).toBe(true);
  }
});
