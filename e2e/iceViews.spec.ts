/**
 * Ice (SPEC §14) in every studio view and file paint reaches, end to end
 * through the real UI on one page: an ice pack imported, priced and exported
 * (pack JSON, levels JSON, text, CSV; no Arduboy header), its play link and
 * standalone player played to the goal, a level's share link opening as ice
 * in a fresh studio, RSD and generate at difficulty, a Batch evaluation, the
 * predictor lab and the play link's results file, players' attempts, the
 * Training view and the longest-puzzle search. Levels are the project's own ice
 * fixtures (test/fixtures/ice-perft.txt); every expected number comes from
 * the naive ice solver (test/naive/naiveIce.ts), never from the app.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { BatchPage } from './pages/BatchPage';
import { GeneratorsPage } from './pages/GeneratorsPage';
import { LabPage } from './pages/LabPage';
import { PlayersPage } from './pages/PlayersPage';
import { PlayPage } from './pages/PlayPage';
import { StudioPage } from './pages/StudioPage';
import { TrainingPage } from './pages/TrainingPage';
import { readIcePerft } from '../test/fixtures/icePerft';
import { iceFeatures, iceGraph, iceSolution } from '../test/naive/naiveIce';

const FIXTURES = readIcePerft();
function fixture(name: string): string[] {
  const row = FIXTURES.find((r) => r.name === name);
  if (row === undefined) throw new Error(`no ice fixture ${name}`);
  return row.rows;
}
const ICE_LEVELS = [
  { id: 'line', name: 'Line', rows: fixture('goal-in-line') },
  { id: 'cave', name: 'Cave', rows: fixture('seven-by-six') },
  { id: 'long', name: 'Long', rows: fixture('rsd-4x8-9') },
];
const ICE_PACK = { format: 'longcat-pack', version: 2, rules: 'ice', name: 'Ice pack', levels: ICE_LEVELS };
const solvable = (rows: string[]): boolean => iceSolution(rows) !== null;

interface Exported {
  rules: string;
  levels: { id: string; rows: string[]; difficulty: number | null; features: Record<string, number | null>; source?: { generator: string } }[];
}

test('ice everywhere paint goes: pack, exports, play link and results, standalone player, share link, RSD, at difficulty, Batch, lab, Players, training and the longest-puzzle search', async ({ studio, browser }) => {
  test.setTimeout(240_000);
  const page = studio.page;
  const dir = scratchDir('ice');
  let resultsText = '';

  await test.step('an ice pack imported, priced by the ice rules, exported in every format that holds ice', async () => {
    await studio.pack.show();
    await studio.pack.importFile(JSON.stringify(ICE_PACK), 'ice.json');
    await expect(studio.pack.items).toHaveCount(3);
    await expect(page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'ice');
    await studio.pack.waitPriced();
    const pack = JSON.parse(await studio.pack.exportText()) as Exported;
    expect(pack.rules).toBe('ice');
    for (const [i, l] of pack.levels.entries()) {
      const truth = iceFeatures(iceGraph(ICE_LEVELS[i]!.rows)).features;
      expect(l.rows).toEqual(ICE_LEVELS[i]!.rows);
      expect(l.features).toMatchObject({ nStates: truth.nStates, shortestSolutionLength: truth.shortestSolutionLength, solutionPaths: null });
      expect(l.difficulty).not.toBeNull();
    }
    const json = JSON.parse((await studio.pack.exportAs('pack.export.json')).buffer.toString('utf8')) as { rules: string; levels: { rows: string[] }[] };
    expect(json.rules).toBe('ice');
    expect(json.levels.map((l) => l.rows)).toEqual(ICE_LEVELS.map((l) => l.rows));
    const text = (await studio.pack.exportAs('pack.exportText')).buffer.toString('utf8');
    for (const l of ICE_LEVELS) expect(text).toContain(l.rows.join('\n'));
    const csv = (await studio.pack.exportAs('pack.export.csv')).buffer.toString('utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(4);
    await page.getByTestId('pack.exportMenu').click();
    await expect(page.getByTestId('pack.export.arduboy')).toBeDisabled();
    await page.keyboard.press('Escape');
  });

  await test.step('the play link plays ice: a slide stops at the goal and wins', async () => {
    await page.getByTestId('pack.playLink').click();
    const url = await page.getByTestId('pack.shareUrl').inputValue();
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(url);
    const play = new PlayPage(p);
    await expect(play.board).toHaveAttribute('data-rules', 'ice');
    await play.play(iceSolution(ICE_LEVELS[0]!.rows)!);
    await play.expectWon();
    await p.screenshot({ path: 'test-results/ice-play-link.png' });
    // The results file says which game was played, and its trace replays under ice.
    resultsText = await play.downloadResults();
    expect(JSON.parse(resultsText)).toMatchObject({ version: 3, rules: 'ice', levels: [{ rows: ICE_LEVELS[0]!.rows, attempts: [{ outcome: 'solved', trace: iceSolution(ICE_LEVELS[0]!.rows) }] }] });
    await context.close();
  });

  await test.step('the standalone player plays ice from disk', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('pack.exportPlayer').click();
    const file = join(dir, (await download).suggestedFilename());
    await (await download).saveAs(file);
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(pathToFileURL(file).href);
    const play = new PlayPage(p);
    await expect(play.board).toHaveAttribute('data-rules', 'ice');
    await play.play(iceSolution(ICE_LEVELS[0]!.rows)!);
    await play.expectWon();
    await context.close();
  });

  await test.step("a level's share link opens as ice in a studio whose pack is Longcat", async () => {
    await studio.pack.item(1).dblclick();
    await studio.editor.expectRows(ICE_LEVELS[1]!.rows);
    await page.getByTestId('editor.share').click();
    const url = await page.getByTestId('editor.shareUrl').inputValue();
    const context = await browser.newContext();
    const other = new StudioPage(await context.newPage());
    await other.open();
    await expect(other.page.getByTestId('pack.rules')).toHaveAttribute('data-rules', 'longcat');
    await other.page.goto(url);
    await expect(other.editor.grid).toHaveAttribute('data-rules', 'ice');
    await other.editor.expectRows(ICE_LEVELS[1]!.rows);
    const g = iceGraph(ICE_LEVELS[1]!.rows);
    await other.graph.waitForDrawn(g.order.length);
    expect(await other.graph.classCounts()).toEqual(iceFeatures(g).classes);
    await context.close();
  });

  await test.step('RSD makes ice levels; RPU is not offered', async () => {
    const gen = new GeneratorsPage(page);
    await gen.show();
    await expect(page.locator('[data-testid="generator.kind"] option[value="rpu"]')).toBeDisabled();
    await gen.settings({ generator: 'rsd', width: 6, height: 6, count: 4, seed: 2 });
    await gen.run(4);
    for (const rows of await gen.resultRows('generator')) {
      expect(rows.join('')).toContain('G');
      expect(solvable(rows), rows.join('/')).toBe(true);
    }
    await expect(page.getByTestId('generator.summary')).toContainText('4 levels (Ice)');
  });

  await test.step('generate at difficulty makes ice levels within the window, and Add all keeps them ice', async () => {
    const atd = new AtDifficultyPage(page);
    await atd.show();
    await expect(page.getByTestId('atd.uniqueSolution')).toBeDisabled();
    await atd.settings({ width: 6, height: 6, count: 2, seed: 1 });
    await atd.target(12);
    await atd.run();
    await atd.waitDone(90_000);
    await expect(atd.items).toHaveCount(2);
    for (const d of await atd.difficulties()) expect(Math.abs(d - 12)).toBeLessThanOrEqual(3);
    for (let i = 0; i < 2; i++) expect(solvable(await atd.rows(i))).toBe(true);
    await page.getByTestId('atd.addAll').click();
    await studio.pack.show();
    await expect(studio.pack.items).toHaveCount(5);
    await page.screenshot({ path: 'test-results/ice-atd.png' });
  });

  await test.step('the Batch view evaluates ice RSD', async () => {
    const batch = new BatchPage(page);
    await batch.open();
    await batch.settings({ generator: 'rsd', width: 6, height: 6, count: 20, seed: 3 });
    await batch.run();
    await batch.waitStatus('done', 90_000);
    expect(await batch.stat('generated')).toBe(20);
    expect(await batch.stat('solvablePercent')).toBe(100);
    await page.screenshot({ path: 'test-results/ice-batch.png' });
    await page.getByTestId('batch.sample').first().getByRole('button', { name: '+ Pack' }).click();
    await page.getByTestId('app.view.studio').click();
    await studio.pack.show();
    await expect(studio.pack.items).toHaveCount(6);
  });

  await test.step('the predictor lab reads ice levels under the ice rules', async () => {
    const lab = new LabPage(page);
    await lab.open();
    await expect(page.getByTestId('lab.rules')).toHaveAttribute('data-rules', 'ice');
    const csv = ['level,avgCompletionSeconds', ...ICE_LEVELS.map((l, i) => `${l.rows.join('/')},${10 + 5 * i}`), 'C../.G./...,9'].join('\n');
    await lab.pasteCsv(csv);
    expect(await lab.summaryNumber('used')).toBe(3);
    expect(await lab.summaryNumber('unsolvable')).toBe(1); // goal-unreachable: the naive solver finds no way
    // The play link's results file reads in an ice pack: its level is one row, solved once.
    await page.getByTestId('lab.resultsFile').setInputFiles({ name: 'ice.results.json', mimeType: 'application/json', buffer: Buffer.from(resultsText) });
    await expect(page.getByTestId('lab.resultsRow')).toHaveCount(1);
    await expect(page.getByTestId('lab.resultsRow')).toHaveAttribute('data-solved', '1');
    await expect(page.getByTestId('lab.resultsRejected')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/ice-lab.png' });
    await lab.backToStudio();
  });

  await test.step("the Players view replays attempts' moves under ice", async () => {
    const players = new PlayersPage(page);
    await players.open();
    const moves = iceSolution(ICE_LEVELS[0]!.rows)!; // "DR": under Longcat the goal would block R
    await players.importFiles([{ name: 'attempts.csv', text: `level,player,outcome,seconds,moves\nline,ann,solved,12,${moves}\nline,bob,gaveup,20,D\n` }]);
    await expect(players.problems).toHaveCount(0);
    expect((await players.report()).find((r) => r.id === 'line')).toMatchObject({ attempts: 2 });
    await players.backToStudio();
  });

  await test.step('the Training view trains for ice', async () => {
    const training = new TrainingPage(page);
    await training.open();
    await expect(page.getByTestId('training.rules')).toHaveAttribute('data-rules', 'ice');
    await training.configure({ width: 5, height: 5, minutes: 0.05, backend: 'wasm', seed: 3, learningStarts: 500 });
    await training.start();
    await training.expectPhase('finished', 60_000);
    expect(await training.meta()).toMatchObject({ env: 'sd-pcgrl', width: 5, height: 5, rules: 'ice' });
    await page.screenshot({ path: 'test-results/ice-training.png' });
  });

  await test.step('the longest-puzzle search finds a long ice level in the worker, and can be cancelled', async () => {
    await page.getByTestId('app.view.studio').click();
    await new GeneratorsPage(page).show();
    const fill = async (id: string, v: number): Promise<void> => page.getByTestId(`max.${id}`).fill(String(v));
    await page.getByTestId('max.feature').selectOption('shortestSolutionLength');
    await fill('width', 5);
    await fill('height', 4);
    await fill('walls', 2);
    await fill('evaluations', 20000);
    await fill('seed', 2);
    await page.getByTestId('max.run').click();
    await expect(page.getByTestId('max.message')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const item = page.getByTestId('max.item');
    const key = (await item.getAttribute('data-key'))!;
    const rows = key.slice(key.indexOf(':') + 1).split('/');
    // The naive solver's shortest solution is the value shown; a random 5x4 with 2 rocks is solved in 1 to 3 moves.
    const shortest = iceFeatures(iceGraph(rows)).features.shortestSolutionLength;
    expect(Number(await item.getAttribute('data-value'))).toBe(shortest);
    expect(shortest).toBeGreaterThanOrEqual(6);
    expect(rows.join('').split('#')).toHaveLength(3);
    await page.getByTestId('max.panel').screenshot({ path: 'test-results/ice-maximize.png' });
    await page.getByTestId('max.add').click();
    await studio.pack.show();
    await expect(studio.pack.items).toHaveCount(7);
    await new GeneratorsPage(page).show();
    await fill('evaluations', 2_000_000);
    await page.getByTestId('max.run').click();
    await expect(page.getByTestId('max.message')).toHaveAttribute('data-status', 'running');
    // Progress comes back from the worker while it searches.
    await expect(page.getByTestId('max.message')).toContainText('levels tried', { timeout: 30_000 });
    await page.getByTestId('max.cancel').click();
    await expect(page.getByTestId('max.message')).toHaveAttribute('data-status', 'stopped');
    await expect(page.getByTestId('max.message')).toContainText('Cancelled');
  });
});
