import { expect, test } from './fixtures';
import { designLevels, largestLevel } from './levels';
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { CLASSES } from './pages/GraphPage';

test('drawing a level with the mouse shows the class counts the naive solver computes', async ({ studio }) => {
  const { editor, graph } = studio;
  await editor.resize(5, 5);
  await editor.clear();
  await editor.tool('head');
  await editor.click(2, 2);
  await editor.tool('wall');
  await editor.drag([0, 0], [3, 0]);
  await editor.click(4, 3);
  await editor.click(1, 0, 'right'); // the right button erases
  const expected = ['#.##.', '.....', '..C..', '....#', '.....'];
  await editor.expectRows(expected);
  await graph.waitForLevel();
  const truth = naiveAnalyze(expected);
  expect(await graph.classCounts()).toEqual(truth.classes);
  expect(await graph.feature('nStates')).toBe(String(truth.features.nStates));
  await expect(graph.gaugeValue()).not.toHaveText('…');
});

test('typing the largest 8x8 level shows the counts and features the naive solver computes', async ({ studio }) => {
  // Binswing's largest when the real sets are here, else our fixtures' largest 8x8 level.
  const level = largestLevel(designLevels(['longcat-binswing-52.txt']));
  await studio.editor.typeLevel(level.text);
  await studio.editor.expectRows(level.rows);
  await studio.graph.waitForLevel();
  const truth = naiveAnalyze(level.rows);
  expect(await studio.graph.classCounts()).toEqual(truth.classes);
  for (const f of ['nStates', 'nSolutions', 'shortestSolutionLength', 'nIndeterminateBranches'] as const) {
    expect(await studio.graph.feature(f), f).toBe(truth.features[f].toLocaleString('en-US'));
  }
  await expect(studio.page.getByTestId('editor.name')).toHaveValue(level.name);
});

test('a malformed level text shows its line and column and cannot be applied', async ({ studio }) => {
  await studio.page.getByTestId('editor.textOpen').click();
  await studio.page.getByTestId('editor.text').fill('C..\n.x.\n...');
  await expect(studio.page.getByTestId('editor.textError')).toContainText('line 2, column 2');
  await expect(studio.page.getByTestId('editor.textApply')).toBeDisabled();
});

test('undo and redo with the keyboard, also across a resize', async ({ studio }) => {
  const { editor, page } = studio;
  await editor.typeLevel('C...\n....\n....\n....');
  await editor.click(1, 1);
  await editor.click(2, 2);
  await editor.expectRows(['C...', '.#..', '..#.', '....']);
  await editor.resize(3, 4);
  await editor.expectRows(['C..', '.#.', '..#', '...']);
  await page.keyboard.press('Control+z');
  await editor.expectRows(['C...', '.#..', '..#.', '....']);
  await page.keyboard.press('Control+z');
  await editor.expectRows(['C...', '.#..', '....', '....']);
  await page.keyboard.press('Control+Shift+Z');
  await editor.expectRows(['C...', '.#..', '..#.', '....']);
  await page.keyboard.press('Control+y');
  await editor.expectRows(['C..', '.#.', '..#', '...']);
  await page.getByTestId('editor.undo').click();
  await editor.expectRows(['C...', '.#..', '..#.', '....']);
  // The graph follows every undo.
  await studio.graph.waitForLevel();
  expect(await studio.graph.classCounts()).toEqual(naiveAnalyze(['C...', '.#..', '..#.', '....']).classes);
});

test('a drag is one undo step; mirror and rotate transform the grid', async ({ studio }) => {
  const { editor, page } = studio;
  await editor.typeLevel('C....\n.....\n.....');
  await editor.drag([1, 1], [4, 1]);
  await editor.expectRows(['C....', '.####', '.....']);
  await page.keyboard.press('Control+z');
  await editor.expectRows(['C....', '.....', '.....']);
  await page.keyboard.press('Control+Shift+Z');
  await page.getByTestId('editor.mirrorH').click();
  await editor.expectRows(['....C', '####.', '.....']);
  await page.keyboard.press('Shift+M'); // mirror top-bottom
  await editor.expectRows(['.....', '####.', '....C']);
  await page.getByTestId('editor.rotate').click(); // clockwise: columns become rows, bottom row first
  await editor.expectRows(['.#.', '.#.', '.#.', '.#.', 'C..']);
  await page.keyboard.press('Shift+T');
  await editor.expectRows(['.....', '####.', '....C']);
});

test('keyboard editing: tools by letter, cursor by arrows, Space applies', async ({ studio }) => {
  const { editor, page } = studio;
  await editor.typeLevel('C..\n...\n...');
  await page.keyboard.press('w');
  await expect(page.getByTestId('editor.tool.wall')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight'); // the cursor starts at the head, then moves
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await editor.expectRows(['C..', '.#.', '...']);
  await expect(page.getByTestId('editor.status.cursor')).toContainText('(2, 2)');
  await page.keyboard.press('h');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await editor.expectRows(['...', '.#.', '.C.']);
});

/** 16x16 with a diagonal wall lattice: more than 2,000,000 states. */
function hugeLevel(): string {
  const rows: string[] = [];
  for (let y = 0; y < 16; y++) {
    let row = '';
    for (let x = 0; x < 16; x++) row += x === 0 && y === 0 ? 'C' : (x * 3 + y * 5) % 7 === 3 ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}

test('a level past the state cap says so instead of freezing', async ({ studio }) => {
  await studio.editor.typeLevel(hugeLevel());
  await expect(studio.graph.capMessage).toContainText('State cap reached', { timeout: 20_000 });
  await expect(studio.graph.capMessage).toContainText('200,000');
  await expect(studio.page.getByTestId('gauge.band')).toHaveText('state cap');
  for (const c of CLASSES) await expect(studio.page.getByTestId(`graph.count.${c}`)).toHaveAttribute('data-count', '');
  // The page stays responsive: an edit is analysed again.
  await studio.editor.typeLevel('C..\n...\n...');
  await studio.graph.waitForLevel();
  expect(await studio.graph.classCounts()).toEqual(naiveAnalyze(['C..', '...', '...']).classes);
});

test('a long analysis can be cancelled, and the worker comes back for the next edit', async ({ studio }) => {
  const { page } = studio;
  await studio.editor.typeLevel(hugeLevel());
  await expect(studio.graph.capMessage).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('graph.stateCap').selectOption('2000000'); // about a second of search
  await page.getByTestId('graph.cancel').click();
  await expect(page.getByTestId('graph.cancelled')).toBeVisible();
  await expect(studio.graph.counts).toHaveAttribute('data-status', 'cancelled');
  await studio.editor.typeLevel('C...\n.#..\n....');
  await studio.graph.waitForLevel();
  expect(await studio.graph.classCounts()).toEqual(naiveAnalyze(['C...', '.#..', '....']).classes);
});
