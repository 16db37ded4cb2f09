/**
 * Packs that leave the studio: a play link opened in a fresh browser, the
 * standalone player opened from disk with the network blocked, the CLI's
 * standalone file, bad links, and the players' results back in the lab
 * and the pack. Solutions come from the naive reference solver.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';
import { standaloneHtml } from '../src/cli/exportHtml';
import { naiveSolution } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { LabPage } from './pages/LabPage';
import { PlayPage } from './pages/PlayPage';
import type { StudioPage } from './pages/StudioPage';

const LEVELS = [
  { id: 'corner', name: 'Corner', rows: ['C..', '##.', '##.'] },
  { id: 'room', name: 'Room', rows: ['C...', '....', '.#..'] },
  { id: 'ring', name: 'Ring', rows: ['..C..', '.###.', '.....'] },
];
const PACK = { format: 'longcat-pack', version: 1, name: 'Playtest pack', levels: LEVELS };

/** A solution by the naive rules (depth-first). */
function solve(rows: string[]): string {
  const s = naiveSolution(rows);
  if (s === null) throw new Error('fixture level must be solvable');
  return s;
}

async function loadPack(studio: StudioPage): Promise<void> {
  await studio.pack.show();
  // An empty pack takes the file without asking append or replace.
  await studio.pack.importFile(JSON.stringify(PACK), 'playtest.json');
  await expect(studio.pack.items).toHaveCount(3);
}

/** Plays level 1 (with a restart and an undo), level 2 with WASD, gives up on level 3; returns the results file. */
async function playTwoLevels(play: PlayPage): Promise<string> {
  await expect(play.position).toHaveText('Level 1 of 3');
  const first = solve(LEVELS[0]!.rows);
  await play.play(first.slice(0, 1));
  await play.page.keyboard.press('r');
  await expect(play.board).toHaveAttribute('data-moves', '');
  await play.play(first);
  await play.expectWon();
  await play.next(2, 3);
  await play.play(solve(LEVELS[1]!.rows), 'wasd');
  await play.expectWon();
  await play.next(3, 3);
  await play.play(solve(LEVELS[2]!.rows).slice(0, 1));
  await play.giveUp();
  await play.page.getByTestId('play.levelsButton').click();
  await expect(play.page.getByTestId('play.levelItem')).toHaveCount(3);
  expect(await play.page.getByTestId('play.levelItem').evaluateAll((els) => els.map((e) => e.getAttribute('data-solved')))).toEqual(['true', 'true', 'false']);
  await play.page.keyboard.press('Escape');
  return play.downloadResults();
}

/** Imports a results file in the lab; checks the rows: two levels solved once, one given up. */
async function importResults(studio: StudioPage, text: string): Promise<void> {
  const results = JSON.parse(text) as { format: string; levels: { id: string; attempts: { outcome: string; moves: number; restarts: number }[] }[] };
  expect(results.format).toBe('longcat-play-results');
  expect(results.levels.map((l) => [l.id, l.attempts.map((a) => a.outcome)])).toEqual([['corner', ['solved']], ['room', ['solved']], ['ring', ['gave-up']]]);
  expect(results.levels[0]!.attempts[0]).toMatchObject({ restarts: 1, moves: solve(LEVELS[0]!.rows).length + 1 });
  const lab = new LabPage(studio.page);
  await lab.open();
  await studio.page.getByTestId('lab.resultsFile').setInputFiles({ name: 'player1.results.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  const rows = studio.page.getByTestId('lab.resultsRow');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-solved'), e.getAttribute('data-gaveup')]))).toEqual([['1', '0'], ['1', '0'], ['0', '1']]);
  await expect(studio.page.getByTestId('lab.summary.source')).toHaveText('player results (1 file)');
  await expect(studio.page.getByTestId('lab.progress')).toHaveCount(0);
  expect(await lab.summaryNumber('used')).toBe(2);
  // Into the pack, as one undoable step.
  await studio.page.getByTestId('lab.resultsToPack').click();
  await lab.backToStudio();
  await expect(studio.page.getByTestId('pack.item.players')).toHaveCount(3);
  expect(await studio.page.getByTestId('pack.item.players').evaluateAll((els) => els.map((e) => e.getAttribute('data-gaveup')))).toEqual(['0', '0', '1']);
}

async function offlineContext(browser: Browser): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await browser.newContext();
  const blocked: string[] = [];
  await context.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return { context, blocked };
}

test('a pack as a link: played in a fresh browser, results back in the lab and the pack', async ({ studio, browser }) => {
  await loadPack(studio);
  await studio.page.getByTestId('pack.playLink').click();
  const url = await studio.page.getByTestId('pack.shareUrl').inputValue();
  expect(url).toMatch(/\/play\.html#pack=1\.[A-Za-z0-9_-]+$/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const play = new PlayPage(page);
  await expect(page.getByTestId('play.packName')).toHaveText('Playtest pack');
  const text = await playTwoLevels(play);
  // Progress survives a reload of the link.
  await page.reload();
  await expect(page.getByTestId('play.solvedCount')).toHaveText('2 solved');
  await context.close();
  await importResults(studio, text);
});

test('the standalone player from the studio plays from disk with the network blocked', async ({ studio, browser }) => {
  await loadPack(studio);
  const download = studio.page.waitForEvent('download');
  await studio.page.getByTestId('pack.exportPlayer').click();
  // Saved under its own name: Chromium shows a file without the .html extension as text.
  const file = join(scratchDir('play'), (await download).suggestedFilename());
  expect(file).toMatch(/playtest-pack\.play\.html$/);
  await (await download).saveAs(file);
  const { context, blocked } = await offlineContext(browser);
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  const text = await playTwoLevels(new PlayPage(page));
  expect(blocked).toEqual([]);
  await context.close();
  await importResults(studio, text);
});

let html = '';
test.beforeAll(async () => {
  html = await standaloneHtml({ format: 'longcat-pack', version: 2, rules: 'longcat', name: PACK.name, levels: LEVELS.map((l) => ({ ...l, difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } })) });
});

test("the CLI's standalone file (export --format html) shows the first level and answers the arrow keys offline", async ({ browser }) => {
  const dir = scratchDir('play');
  const path = join(dir, 'play.html');
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(PACK));
  execFileSync('npx', ['tsx', 'src/cli/longcat.ts', 'export', join(dir, 'pack.json'), '--format', 'html', '--out', path], { stdio: 'pipe' });
  const { context, blocked } = await offlineContext(browser);
  const page = await context.newPage();
  await page.goto(pathToFileURL(path).href);
  const play = new PlayPage(page);
  await expect(play.position).toHaveText('Level 1 of 3');
  await expect(page.getByTestId('play.levelName')).toHaveText('Corner');
  await play.play('R');
  await expect(play.board).toHaveAttribute('data-moves', 'R');
  expect(blocked).toEqual([]);
  await context.close();
});

test('on a phone-sized screen a swipe is a move; a short tap is not', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await page.route('**/play.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://longcat.invalid/play.html');
  const play = new PlayPage(page);
  await play.swipe(3, 0);
  await expect(play.board).toHaveAttribute('data-moves', 'R');
  await play.swipe(0.1, 0.1);
  await expect(play.board).toHaveAttribute('data-moves', 'R');
  await play.swipe(0, 3);
  await play.expectWon();
  await context.close();
});

test('a damaged link says so and stores nothing; a #level= link still opens the editor', async ({ studio, page }) => {
  await loadPack(studio);
  await page.getByTestId('pack.playLink').click();
  const url = await page.getByTestId('pack.shareUrl').inputValue();
  const play = new PlayPage(page);
  for (const bad of [url.slice(0, -6), url.replace(/(#pack=1\.)(.)/, (_, a: string, c: string) => a + (c === 'A' ? 'B' : 'A')), url.replace('#pack=1.', '#pack=9.'), `${url}${'A'.repeat(40_000)}`]) {
    await page.goto(bad);
    await expect(play.error).toBeVisible();
    await expect(play.error).toContainText(/link/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('longcat-play/') && k !== 'longcat-play/player'))).toEqual([]);
  }
  // The studio's own page forwards a pack link to play mode.
  await page.goto(`/${new URL(url).hash}`);
  await expect(page).toHaveURL(/\/play\.html#pack=1\./);
  await expect(play.position).toHaveText('Level 1 of 3');
  await studio.open('/#level=c--_-x-_---&name=Shared');
  await studio.editor.expectRows(['C..', '.#.', '...']);
  await expect(page.getByTestId('editor.name')).toHaveValue('Shared');
});
