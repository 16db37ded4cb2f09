import { expect, test } from './fixtures';
import { designLevels, largestLevel, naiveReplay, pathToClass, type DataLevel } from './levels';
import { naiveAnalyze } from '../test/naive/naiveSolver';

let level: DataLevel;
test.beforeAll(() => {
  // The biggest 8x8 level that can be won and lost, with a solution of 4+ moves (Arduboy's when the real sets are here).
  level = largestLevel(
    designLevels(['longcat-arduboy.txt']).filter((l) => {
      const a = naiveAnalyze(l.rows);
      return a.classes.success > 0 && a.classes.fail > 0 && a.features.shortestSolutionLength >= 4;
    }),
  );
});

test.beforeEach(async ({ studio }) => {
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForLevel();
});

test('playing a level to a win with the arrow keys, then it is logged', async ({ studio }) => {
  const { playtest, editor } = studio;
  const win = pathToClass(level.rows, 'success')!;
  expect(await playtest.logCount()).toBe(0);
  await playtest.start();
  await expect(playtest.status).toHaveAttribute('data-outcome', 'playing');
  await playtest.play(win.moves.slice(0, 3));
  await expect(playtest.moves).toHaveText('3');
  await editor.expectRows(naiveReplay(level.rows, win.moves.slice(0, 3)));
  await playtest.play(win.moves.slice(3));
  await expect(playtest.status).toHaveAttribute('data-outcome', 'won');
  await expect(playtest.status).toContainText(`Solved in ${win.moves.length} moves`);
  expect((await editor.rows()).join('')).not.toContain('.');
  await expect(studio.page.getByTestId('playtest.logCount')).toContainText('1 playtest logged');
  // Moves after the win do nothing.
  await studio.page.keyboard.press('ArrowUp');
  await expect(playtest.moves).toHaveText(String(win.moves.length));
});

test('playing into a dead end fails; restart and undo', async ({ studio }) => {
  const { playtest, editor, page } = studio;
  const fail = pathToClass(level.rows, 'fail')!;
  await playtest.start();
  await playtest.play(fail.moves, 'wasd');
  await expect(playtest.status).toHaveAttribute('data-outcome', 'failed');
  await expect(playtest.status).toContainText('Stuck');
  await editor.expectRows(naiveReplay(level.rows, fail.moves));
  await page.keyboard.press('z'); // undo the losing move
  await expect(playtest.status).toHaveAttribute('data-outcome', 'playing');
  await expect(playtest.moves).toHaveText(String(fail.moves.length - 1));
  await page.keyboard.press('r');
  await expect(playtest.moves).toHaveText('0');
  await expect(playtest.restarts).toHaveText('1');
  await editor.expectRows(level.rows);
  await expect(page.getByTestId('playtest.logCount')).toContainText('0 playtests logged');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('app.mode')).toHaveText('Editing');
});

test('the shortest solution can be replayed step by step', async ({ studio }) => {
  const { editor, page } = studio;
  const shortest = naiveAnalyze(level.rows).features.shortestSolutionLength;
  await page.getByTestId('replay.start').click();
  await expect(page.getByTestId('replay.status')).toContainText(`of ${shortest}`);
  await editor.expectRows(level.rows);
  const moves = await page.locator('.replay-moves span').allInnerTexts();
  expect(moves).toHaveLength(shortest);
  for (let step = 1; step <= 3; step++) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('replay.step')).toHaveText(String(step));
    await editor.expectRows(naiveReplay(level.rows, moves.slice(0, step).join('')));
  }
  await page.getByTestId('replay.prev').click();
  await editor.expectRows(naiveReplay(level.rows, moves.slice(0, 2).join('')));
  await page.keyboard.press('End');
  expect((await editor.rows()).join('')).not.toContain('.');
});

test('the timer runs while playing', async ({ studio }) => {
  await studio.playtest.start();
  await expect(studio.playtest.timer).toHaveText('0:00');
  // It counts up (read as seconds, so a slow frame that skips 0:01 does not matter).
  const seconds = async (): Promise<number> => {
    const [m, sec] = (await studio.playtest.timer.innerText()).split(':').map(Number);
    return m! * 60 + sec!;
  };
  await expect.poll(seconds).toBeGreaterThanOrEqual(1);
});

test('a swipe on the grid moves the cat', async ({ studio }) => {
  const { playtest, editor, page } = studio;
  const win = pathToClass(level.rows, 'success')!;
  await playtest.start();
  const box = (await editor.grid.boundingBox())!;
  const dirs: Record<string, [number, number]> = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] };
  for (const m of win.moves.slice(0, 2)) {
    const [dx, dy] = dirs[m]!;
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx * 60, cy + dy * 60, { steps: 4 });
    await page.mouse.up();
  }
  await expect(playtest.moves).toHaveText('2');
  await editor.expectRows(naiveReplay(level.rows, win.moves.slice(0, 2)));
});
