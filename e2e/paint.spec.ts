/**
 * Paint (SPEC §12) in the studio, end to end: a paint pack, a level drawn
 * by hand with its cyclic graph and gauge, a bigger graph on the canvas
 * renderer (the layout worker on a graph with cycles), play mode on a
 * phone-sized page with swipes and the standalone player from disk, a pack
 * exported and imported again, and
 * levels generated at a difficulty. Levels are the project's own paint
 * fixtures (test/fixtures/paint-perft.txt); every expected number comes from
 * the naive paint solver (test/naive/naivePaint.ts), never from the app.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { PlayPage } from './pages/PlayPage';
import type { StudioPage } from './pages/StudioPage';
import { readPaintPerft } from '../test/fixtures/paintPerft';
import { paintFeatures, paintGraph, paintSolution, paintStart, paintStep } from '../test/naive/naivePaint';

const FIXTURES = readPaintPerft();
function fixture(name: string): string[] {
  const row = FIXTURES.find((r) => r.name === name);
  if (row === undefined) throw new Error(`no paint fixture ${name}`);
  return row.rows;
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
  // The hover card speaks paint: the ball and painted cells, never Longcat's head and filled cells.
  await studio.graph.hoverNode(0);
  await expect(studio.graph.tooltip).toContainText('ball');
  await expect(studio.graph.tooltip).toContainText('cells painted');
  await expect(studio.graph.tooltip).not.toContainText('head');
  await studio.page.mouse.move(0, 0);

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

/** Rows from a level key (`WxH:row/row/...`). */
const keyRows = (key: string): string[] => key.slice(key.indexOf(':') + 1).split('/');

test('paint levels generated at a difficulty and by RSD are paint levels the naive solver solves', async ({ studio }) => {
  await newPaintPack(studio);
  const atd = new AtDifficultyPage(studio.page);
  await atd.show();
  // "Unique solution" counts solution paths, which paint levels have no finite number of.
  await expect(studio.page.getByTestId('atd.uniqueSolution')).toBeDisabled();
  await atd.settings({ width: 6, height: 6, count: 3, seed: 1 });
  await atd.target(20);
  await atd.run();
  await atd.waitDone(90_000);
  await expect(atd.items).toHaveCount(3);
  for (const d of await atd.difficulties()) expect(Math.abs(d - 20)).toBeLessThanOrEqual(3);
  for (let i = 0; i < 3; i++) {
    const rows = await atd.rows(i);
    expect(rows).toHaveLength(6);
    expect(paintSolution(rows), rows.join('\n')).not.toBeNull();
  }
  await studio.page.getByTestId('atd.addAll').click();
  await studio.pack.show();
  await expect(studio.pack.items).toHaveCount(3);
  await studio.pack.waitPriced();
  // Priced again from the rows under paint, in the pack's own worker: the same window.
  for (const d of await studio.pack.difficulties()) expect(Math.abs(d! - 20)).toBeLessThanOrEqual(3);
  await studio.page.screenshot({ path: 'test-results/paint-atd.png' });

  // RSD for paint; RPU's stop rules are Longcat's, so it is not offered.
  await studio.page.getByTestId('dock.tab.generators').click();
  await expect(studio.page.locator('[data-testid="generator.kind"] option[value="rpu"]')).toBeDisabled();
  await studio.page.getByTestId('generator.width').fill('5');
  await studio.page.getByTestId('generator.height').fill('5');
  await studio.page.getByTestId('generator.count').fill('4');
  await studio.page.getByTestId('generator.run').click();
  const items = studio.page.getByTestId('generator.item');
  await expect(items).toHaveCount(4, { timeout: 30_000 });
  for (const key of await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''))) {
    const rows = keyRows(key);
    expect(paintSolution(rows), rows.join('\n')).not.toBeNull();
  }
  await expect(studio.page.getByTestId('generator.summary')).toContainText('4 levels (Paint)');
});

const PAINT_LEVELS = [
  { id: 'ring', name: 'Ring', rows: fixture('ring') },
  { id: 'spiral', name: 'Spiral', rows: fixture('spiral') },
  { id: 'steps', name: 'Steps', rows: fixture('rsd-3x6-5') },
];
const PAINT_PACK = { format: 'longcat-pack', version: 2, rules: 'paint', name: 'Paint pack', levels: PAINT_LEVELS };
const SWIPE: Record<string, [number, number]> = { U: [0, -3], D: [0, 3], L: [-3, 0], R: [3, 0] };

test('a paint pack exported and imported again keeps its rules; mixing rules is refused', async ({ studio }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PAINT_PACK), 'paint.json');
  await expect(studio.pack.items).toHaveCount(3);
  await expect(studio.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'paint');
  await studio.pack.waitPriced();
  const exported = JSON.parse(await studio.pack.exportText()) as { version: number; rules: string; levels: { rows: string[]; features: Record<string, number | null>; difficulty: number | null }[] };
  expect(exported).toMatchObject({ version: 2, rules: 'paint' });
  expect(exported.levels.map((l) => l.rows)).toEqual(PAINT_LEVELS.map((l) => l.rows));
  for (const [i, l] of exported.levels.entries()) {
    // Priced under paint: the naive paint solver's counts, and no solution-path count.
    const truth = paintFeatures(paintGraph(PAINT_LEVELS[i]!.rows)).features;
    expect(l.features).toMatchObject({ nStates: truth.nStates, nSolutions: truth.nSolutions, shortestSolutionLength: truth.shortestSolutionLength, solutionPaths: null });
    expect(l.difficulty).not.toBeNull();
  }

  // A Longcat pack with a level in it: the paint file cannot be appended, only replace it.
  await studio.page.getByTestId('pack.newPack').click();
  await studio.page.getByTestId('pack.newPack.longcat').click();
  await expect(studio.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'longcat');
  await studio.editor.typeLevel('C..\n##.\n##.');
  await studio.pack.addCurrent();
  await studio.pack.importFile(JSON.stringify(exported), 'paint-export.json');
  await expect(studio.page.getByTestId('pack.importRules')).toHaveAttribute('data-rules', 'paint');
  await expect(studio.page.getByTestId('pack.importChoice')).toContainText('Paint rules');
  await expect(studio.page.getByTestId('pack.importAppend')).toBeDisabled();
  await studio.page.screenshot({ path: 'test-results/paint-import.png' });
  await studio.pack.chooseImport('replace');
  await expect(studio.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'paint');
  await studio.pack.waitPriced();
  const again = JSON.parse(await studio.pack.exportText()) as typeof exported;
  expect(again.rules).toBe('paint');
  expect(again.levels.map((l) => [l.rows, l.features, l.difficulty])).toEqual(exported.levels.map((l) => [l.rows, l.features, l.difficulty]));
});

test('a paint pack plays on a phone-sized page by swipes, through its play link', async ({ studio, browser }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PAINT_PACK), 'paint.json');
  await expect(studio.pack.items).toHaveCount(3);
  await studio.page.getByTestId('pack.playLink').click();
  const url = await studio.page.getByTestId('pack.shareUrl').inputValue();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(url);
  const play = new PlayPage(page);
  await expect(play.board).toHaveAttribute('data-rules', 'paint');
  for (const [i, level] of PAINT_LEVELS.entries()) {
    await expect(play.position).toHaveText(`Level ${i + 1} of 3`);
    const solution = paintSolution(level.rows)!;
    if (i === 0) {
      // Painting does not block: right and straight back over the paint, then the solution from a restart.
      await play.swipe(...SWIPE.R!);
      await play.swipe(...SWIPE.L!);
      await expect(play.board).toHaveAttribute('data-moves', 'RL');
      await expect(play.board).toHaveAttribute('data-status', 'playing');
      await page.getByTestId('play.restart').click();
      await expect(play.board).toHaveAttribute('data-moves', '');
    }
    for (const m of solution) {
      const before = (await play.board.getAttribute('data-moves')) ?? '';
      await play.swipe(...SWIPE[m]!);
      await expect(play.board).toHaveAttribute('data-moves', before + m);
    }
    await play.expectWon();
    if (i === 0) await page.screenshot({ path: 'test-results/paint-phone.png' });
    if (i < 2) await play.next(i + 2, 3);
  }
  await context.close();
});

test('the standalone player of a paint pack plays paint from disk', async ({ studio, browser }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PAINT_PACK), 'paint.json');
  await expect(studio.pack.items).toHaveCount(3);
  const download = studio.page.waitForEvent('download');
  await studio.page.getByTestId('pack.exportPlayer').click();
  const file = join(scratchDir('paint'), (await download).suggestedFilename());
  await (await download).saveAs(file);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  const play = new PlayPage(page);
  await expect(play.board).toHaveAttribute('data-rules', 'paint');
  await play.play(paintSolution(PAINT_LEVELS[0]!.rows)!);
  await play.expectWon();
  await context.close();
});
