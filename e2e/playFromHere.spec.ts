/** "Play from here": a playtest that starts at a state picked in the graph; restart comes back to it. */
import { naiveGraph, naiveStep, isWon } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';

test('play from a solution state picked in the graph, win from there, restart returns there', async ({ studio, page }) => {
  const rows = fixtureLevels().find((l) => l.name === 'rsd-6x6-12')!.rows;
  await studio.editor.typeLevel(rows.join('\n'));
  await studio.graph.waitForDrawn();
  const nodes = await studio.graph.nodes();
  const pick = nodes.filter((n) => n.cls === 'solution' && n.depth === 2)[0]!;
  await studio.graph.clickNode(pick.id);
  await page.getByTestId('graph.playFromHere').click();
  await expect(page.getByTestId('app.mode')).toHaveText('Playtest');
  // The naive solver: the state on the grid is one of the depth-2 states (read once the grid shows it:
  // the mode can change a frame before the grid does), and a way to win from it.
  const g = naiveGraph(rows);
  const w = g.w;
  const depth2 = new Set(g.order.filter((s) => g.depth.get(s) === 2 && g.cls.get(s) === 'solution'));
  await expect.poll(async () => depth2.has((await studio.editor.rows()).join(''))).toBe(true);
  const state = (await studio.editor.rows()).join('');
  const headAt = state.indexOf('C');
  const win = (s: string): string | null => {
    if (isWon(s)) return '';
    for (const m of 'UDLR') {
      const t = naiveStep(s, w, g.h, m);
      if (t === null || g.cls.get(t) === 'fail') continue;
      const rest = win(t);
      if (rest !== null) return m + rest;
    }
    return null;
  };
  const moves = win(state)!;
  await studio.playtest.play(moves);
  await expect.poll(() => studio.playtest.outcome()).toBe('won');
  // A win from a picked state is not a whole solve: the lab's log does not grow.
  expect(await studio.playtest.logCount()).toBe(0);
  await page.keyboard.press('r');
  await expect.poll(() => studio.playtest.outcome()).toBe('playing');
  expect((await studio.editor.rows()).join('').indexOf('C')).toBe(headAt);
});
