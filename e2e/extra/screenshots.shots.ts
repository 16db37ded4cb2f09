/**
 * Screenshots of every panel, empty and full (`npm run screenshots`), into
 * test-results/screenshots/. The README's pictures in docs/screenshots/ are
 * copies of some of these.
 */
import { test, expect } from '../fixtures';
import { pathToClass } from '../levels';
import type { StudioPage } from '../pages/StudioPage';

const DIR = 'test-results/screenshots';

/**
 * Generated levels only (the data levels in ../shared/data are fan ports of
 * a commercial game: tests may use them, the docs do not show them).
 * RSD 8x8, seed 2, #304: 532 states, "hard" under the default model.
 */
const HARD = { name: 'rsd-8x8-s2-304', rows: ['##...###', '##.C....', '#...#...', '..#....#', '.#...#..', '#..#..#.', '..#...#.', '....#...'] };
const HARD_TEXT = `; ${HARD.name}\n${HARD.rows.join('\n')}`;
const shot = (studio: StudioPage, name: string) => studio.page.screenshot({ path: `${DIR}/${name}.png` });
const panel = (studio: StudioPage, testId: string, name: string) => studio.page.getByTestId(testId).screenshot({ path: `${DIR}/${name}.png` });

function lattice(size: number): string {
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    let row = '';
    for (let x = 0; x < size; x++) row += x === 0 && y === 0 ? 'C' : (x * 3 + y * 5) % 7 === 3 ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}

test('screenshots: a fresh studio, then every panel full', async ({ studio }) => {
  const { page } = studio;
  await studio.graph.waitForDrawn();
  await shot(studio, '01-fresh-studio');
  await panel(studio, 'pack.panel', 'pack-empty');
  await page.getByTestId('dock.tab.generators').click();
  await panel(studio, 'generator.panel', 'generators-empty');

  // Generators with results, some added to the pack.
  await page.getByTestId('generator.count').fill('9');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.item')).toHaveCount(9);
  await shot(studio, '02-generators');
  await page.getByTestId('generator.addAll').click();
  await page.getByTestId('generator.seed').fill('5');
  await page.getByTestId('generator.count').fill('4');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.summary')).toContainText('4 levels');
  await page.getByTestId('generator.addAll').click();

  // A hard generated level in the editor, with a node selected and one hovered.
  const level = HARD;
  await studio.editor.typeLevel(HARD_TEXT);
  await studio.graph.waitForDrawn();
  await studio.pack.show();
  await studio.pack.addCurrent();
  await page.getByTestId('pack.sort').click();
  await studio.graph.waitForDrawn();
  const nodes = await studio.graph.nodes();
  const deep = nodes.filter((n) => n.cls === 'solution').sort((a, b) => b.depth - a.depth)[3]!;
  await studio.graph.clickNode(deep.id);
  const dead = nodes.filter((n) => n.cls === 'dead').sort((a, b) => b.depth - a.depth)[0]!;
  await studio.graph.hoverNode(dead.id);
  await expect(studio.graph.tooltip).toBeVisible();
  await shot(studio, '03-state-view-and-hover');
  await panel(studio, 'graph.panel', 'graph-full');
  await panel(studio, 'gauge.panel', 'gauge');
  await panel(studio, 'pack.panel', 'pack-full');
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 400);

  // Playtest: in progress, won, failed; the solution replay.
  const win = pathToClass(level.rows, 'success')!;
  await studio.playtest.start();
  await studio.playtest.play(win.moves.slice(0, 9));
  await shot(studio, '04-playtest');
  await studio.playtest.play(win.moves.slice(9));
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'won');
  await panel(studio, 'editor.panel', 'playtest-won');
  await page.keyboard.press('r');
  await studio.playtest.play(pathToClass(level.rows, 'fail')!.moves);
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'failed');
  await panel(studio, 'editor.panel', 'playtest-failed');
  await page.keyboard.press('Escape');
  await page.getByTestId('replay.start').click();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await panel(studio, 'editor.panel', 'replay');
  await page.keyboard.press('Escape');

  // Big graphs: collapsed, and past the state cap.
  await studio.editor.typeLevel(lattice(12));
  await studio.graph.waitForDrawn();
  await panel(studio, 'graph.panel', 'graph-collapsed');
  await shot(studio, '05-collapsed-graph');
  await studio.editor.typeLevel(lattice(16));
  await expect(studio.graph.capMessage).toBeVisible({ timeout: 20_000 });
  await shot(studio, '06-state-cap');

  // Import errors, dialogs.
  await studio.pack.importText('{"format":"longcat-pack","version":1,"name":"x","levels":[{"id":"a","name":"a","rows":["C.","x."],"difficulty":"hard","features":{},"source":{}}]}', 'broken.json');
  await expect(studio.pack.errors).toBeVisible();
  await panel(studio, 'pack.panel', 'pack-import-errors');
  await page.keyboard.press('?');
  await shot(studio, '07-shortcuts');
  await page.keyboard.press('Escape');
  await page.getByTestId('editor.textOpen').click();
  await page.getByTestId('editor.text').fill('C..\n.x.\n...');
  await shot(studio, '08-text-dialog');
});

test('screenshots: a larger window and an unsolvable level', async ({ studio }) => {
  const { page } = studio;
  await page.setViewportSize({ width: 1680, height: 1050 });
  await studio.editor.typeLevel('; no way\nC...\n.##.\n....\n#..#');
  await studio.graph.waitForDrawn();
  await shot(studio, '09-large-window-unsolvable');
  await studio.editor.typeLevel(HARD_TEXT);
  await studio.graph.waitForDrawn();
  await studio.editor.cell(3, 3).hover();
  await shot(studio, '10-large-window');
});
