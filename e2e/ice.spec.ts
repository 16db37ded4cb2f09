/**
 * Ice (SPEC §14) in the studio, end to end through the real UI: an ice pack,
 * a level drawn by hand with the goal tool, its graph (cycles, a state per
 * cell) and gauge, and a playtest where the goal stops a slide and wins.
 * The level is the project's own ice fixture (test/fixtures/ice-perft.txt);
 * every expected number comes from the naive ice solver
 * (test/naive/naiveIce.ts), never from the app.
 */
import { expect, test } from './fixtures';
import { readIcePerft } from '../test/fixtures/icePerft';
import { iceFeatures, iceGraph, iceSolution } from '../test/naive/naiveIce';

test('an ice level drawn with the goal tool: its graph and gauge, and a playtest the goal ends', async ({ studio }) => {
  const rows = readIcePerft().find((r) => r.name === 'goal-in-line')!.rows; // C... / ..#. / .... / .G..
  const g = iceGraph(rows);
  const truth = iceFeatures(g);
  await studio.pack.show();
  await studio.page.getByTestId('pack.newPack').click();
  await studio.page.getByTestId('pack.newPack.ice').click();
  await expect(studio.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'ice');
  await expect(studio.editor.grid).toHaveAttribute('data-rules', 'ice');
  // The goal tool is offered under ice only.
  await expect(studio.page.getByTestId('editor.tool.goal')).toBeVisible();

  await studio.editor.resize(4, 4);
  await studio.editor.clear();
  await studio.editor.tool('head');
  await studio.editor.click(0, 0);
  await studio.editor.tool('wall');
  await studio.editor.click(2, 1);
  await studio.editor.tool('goal');
  await studio.editor.click(3, 3);
  await studio.editor.click(1, 3); // the goal moves: a level has one
  await studio.editor.expectRows(rows);

  await studio.graph.waitForDrawn(g.order.length);
  expect(await studio.graph.classCounts()).toEqual(truth.classes);
  expect(await studio.graph.feature('nStates')).toBe(String(truth.features.nStates));
  expect(await studio.graph.feature('shortestSolutionLength')).toBe(String(truth.features.shortestSolutionLength));
  expect(await studio.graph.feature('solutionPaths')).toBe('n/a');
  await expect(studio.page.getByTestId('gauge.band')).not.toHaveText('no solution');
  await studio.page.screenshot({ path: 'test-results/ice-drawn.png' });

  // Playtest: R from the start slides to the edge (no goal on the top row); the naive solution wins on the goal.
  await studio.playtest.start();
  await studio.playtest.play('R');
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'playing');
  await studio.page.getByTestId('playtest.restart').click();
  await studio.playtest.play(iceSolution(rows)!);
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'won');
});

test('the goal tool is not offered under Longcat', async ({ studio }) => {
  await expect(studio.editor.grid).toBeVisible();
  await expect(studio.page.getByTestId('editor.tool.goal')).toHaveCount(0);
});
