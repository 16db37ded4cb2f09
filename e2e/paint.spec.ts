/**
 * Paint (SPEC §12) in the studio, end to end: a paint pack, a level drawn
 * by hand with its cyclic graph and gauge, a bigger graph on the canvas
 * renderer (the layout worker on a graph with cycles), play mode on a
 * phone-sized page with swipes, a pack exported and imported again, and
 * levels generated at a difficulty. Levels are the project's own paint
 * fixtures (test/fixtures/paint-perft.txt); every expected number comes from
 * the naive paint solver (test/naive/naivePaint.ts), never from the app.
 */
import { expect, test } from './fixtures';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { PlayPage } from './pages/PlayPage';
import type { StudioPage } from './pages/StudioPage';
import { readPaintPerft } from '../test/fixtures/paintPerft';
import { paintFeatures, paintGraph, paintStart, paintStep, paintSuccessors, paintWon } from '../test/naive/naivePaint';

const FIXTURES = readPaintPerft();
function fixture(name: string): string[] {
  const row = FIXTURES.find((r) => r.name === name);
  if (row === undefined) throw new Error(`no paint fixture ${name}`);
  return row.rows;
}

/** One shortest solution by the naive paint rules (breadth-first), or null. */
function paintSolution(rows: string[]): string | null {
  const { w, h, start } = paintStart(rows);
  const seen = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (paintWon(s)) return seen.get(s)!;
    for (const [m, next] of paintSuccessors(s, w, h)) {
      if (seen.has(next)) continue;
      seen.set(next, seen.get(s)! + m);
      queue.push(next);
    }
  }
  return null;
}

/** The naive state after `moves` as rows, with the ball as `C` (the editor's notation). */
function stateAfter(rows: string[], moves: string): string[] {
  const { w, h, start } = paintStart(rows);
  let s = start;
  for (const m of moves) s = paintStep(s, w, h, m) ?? s;
  return Array.from({ length: h }, (_, y) => s.slice(y * w, y * w + w).replace('O', 'C'));
}

async function newPaintPack(studio: StudioPage): Promise<void> {
  await studio.pack.show();
  await studio.page.getByTestId('pack.newPack').click();
  await studio.page.getByTestId('pack.newPack.paint').click();
  await expect(studio.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'paint');
  await expect(studio.editor.grid).toHaveAttribute('data-rules', 'paint');
}

test('a paint level drawn by hand: its cyclic graph, the five classes and the gauge, states with paint and the ball', async ({ studio }) => {
  const rows = fixture('ring'); // C.. / .#. / ...: every move can be undone, so the graph has cycles
  const truth = paintFeatures(paintGraph(rows));
  await newPaintPack(studio);
  await studio.editor.resize(3, 3);
  await studio.editor.clear();
  await studio.editor.tool('head');
  await studio.editor.click(0, 0);
  await studio.editor.tool('wall');
  await studio.editor.click(1, 1);
  await studio.editor.expectRows(rows);
  await studio.graph.waitForDrawn(paintGraph(rows).order.length);
  expect(await studio.graph.classCounts()).toEqual(truth.classes);
  expect(await studio.graph.feature('nStates')).toBe(String(truth.features.nStates));
  expect(await studio.graph.feature('shortestSolutionLength')).toBe(String(truth.features.shortestSolutionLength));
  // Paths from start to success are not a finite count on a cyclic graph: "n/a", never 0.
  expect(await studio.graph.feature('solutionPaths')).toBe('n/a');
  expect(await studio.graph.feature('shortestSolutionCount')).toBe(String(truth.features.shortestSolutionCount));
  await expect(studio.page.getByTestId('gauge.band')).not.toHaveText('no solution');
  await expect(studio.page.getByTestId('gauge.unsolvable')).toHaveCount(0);
  await studio.page.screenshot({ path: 'test-results/paint-ring.png' });

  // The deepest solution node: the grid shows its painted cells and the ball, as the naive rules say.
  const g = paintGraph(rows);
  const nodes = await studio.graph.nodes();
  expect(nodes).toHaveLength(g.order.length);
  const deepest = nodes.filter((n) => n.cls === 'solution').sort((a, b) => b.depth - a.depth)[0]!;
  await studio.graph.clickNode(deepest.id);
  await expect(studio.page.getByTestId('editor.stateBanner')).toHaveAttribute('data-node', String(deepest.id));
  const shown = await studio.editor.rows();
  const state = shown.join('').replace('C', 'O');
  expect(g.cls.get(state), shown.join('\n')).toBe('solution');
  expect(g.depth.get(state)).toBe(deepest.depth);
  await expect(studio.editor.grid.getByTestId('editor.ball')).toHaveCount(1);
  await expect(studio.editor.grid.getByTestId('editor.cat')).toHaveCount(0);
  await studio.page.screenshot({ path: 'test-results/paint-ring-state.png' });
  await studio.page.keyboard.press('Escape');

  // Playtest: painting does not block (R then L goes back), the naive solution wins.
  const solution = paintSolution(rows)!;
  await studio.playtest.start();
  await studio.playtest.play('RL');
  await studio.editor.expectRows(stateAfter(rows, 'RL'));
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'playing');
  await studio.page.getByTestId('playtest.restart').click();
  await studio.playtest.play(solution);
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'won');
});

test('a paint graph past the canvas threshold is laid out in the worker and drawn, cycles and all', async ({ studio }) => {
  const rows = fixture('rsd-12x8-1'); // 935 states
  const g = paintGraph(rows);
  await newPaintPack(studio);
  await studio.editor.typeLevel(rows.join('\n'));
  await studio.graph.waitForDrawn(g.order.length);
  expect(await studio.graph.renderer()).toBe('canvas');
  expect(await studio.graph.classCounts()).toEqual(paintFeatures(g).classes);
  // Back edges exist (a move that paints nothing new), yet every node got a place.
  const depths = (await studio.graph.nodes()).map((n) => n.depth);
  expect(Math.max(...depths)).toBe(Math.max(...g.depth.values()));
  await studio.page.screenshot({ path: 'test-results/paint-canvas.png' });
});
