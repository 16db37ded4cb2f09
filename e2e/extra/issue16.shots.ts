/**
 * Issue 16's README pictures (`npm run screenshots`): play mode on a phone
 * (390x844, touch) and on a desktop (1280x800), mid-level and after a win
 * with the level list; the studio's pack panel with a play link, and the
 * lab's player results. Into test-results/screenshots/issue16-*.png.
 */
import { standaloneHtml } from '../../src/cli/exportHtml';
import { test } from '../fixtures';
import { PlayPage } from '../pages/PlayPage';
import { LabPage } from '../pages/LabPage';

const DIR = 'test-results/screenshots';
/** RSD 8x8, seed 2, #304 (as in issue 13's pictures). */
const HARD = ['##...###', '##.C....', '#...#...', '..#....#', '.#...#..', '#..#..#.', '..#...#.', '....#...'];
const LEVELS = [
  { id: 'corner', name: 'Corner', rows: ['C..', '##.', '##.'] },
  { id: 'hard', name: 'The long way', rows: HARD },
  { id: 'room', name: 'Room', rows: ['C...', '....', '.#..'] },
];
const PACK = { format: 'longcat-pack' as const, version: 2 as const, rules: 'longcat' as const, name: 'Spring playtest', levels: LEVELS.map((l) => ({ ...l, difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } })) };

for (const [name, viewport, touch] of [['phone', { width: 390, height: 844 }, true], ['desktop', { width: 1280, height: 800 }, false]] as const) {
  test(`issue 16 play mode on a ${name}`, async ({ browser }) => {
    const html = await standaloneHtml(PACK);
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, deviceScaleFactor: touch ? 2 : 1 });
    const page = await context.newPage();
    await page.route('**/play.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto('http://longcat.invalid/play.html');
    const play = new PlayPage(page);
    await play.play('RD');
    await play.expectWon();
    await play.next(2, 3);
    await play.play('LDR');
    await page.screenshot({ path: `${DIR}/issue16-play-${name}.png` });
    await page.getByTestId('play.levelsButton').click();
    await page.screenshot({ path: `${DIR}/issue16-levels-${name}.png` });
    await context.close();
  });
}

test('issue 16 studio: a play link, and players\' results in the lab', async ({ studio, page }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PACK), 'spring.json');
  await page.getByTestId('pack.playLink').click();
  await page.getByTestId('pack.panel').screenshot({ path: `${DIR}/issue16-pack-link.png` });
  const at = (i: number): string => new Date(Date.UTC(2026, 10, 22, 20, i)).toISOString();
  const attempts = (times: number[], gaveUp: number) => [
    ...times.map((seconds, i) => ({ outcome: 'solved', seconds, moves: 9, undos: 1, restarts: 2, startedAt: at(i), replay: false })),
    ...Array.from({ length: gaveUp }, (_, i) => ({ outcome: 'gave-up', seconds: 30, moves: 5, undos: 0, restarts: 1, startedAt: at(30 + i), replay: false })),
  ];
  const files = [0, 1, 2, 3, 4].map((p) => ({
    name: `player${p + 1}.results.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'longcat-play-results', version: 1, pack: { name: 'Spring playtest', identity: '0123456789abcdef' }, player: `p-player${p}`, exportedAt: at(59), levels: [
      { id: 'corner', name: 'Corner', rows: LEVELS[0]!.rows, attempts: attempts([3 + p], 0) },
      { id: 'hard', name: 'The long way', rows: HARD, attempts: attempts(p === 4 ? [900] : [40 + 7 * p], p % 2) },
      { id: 'room', name: 'Room', rows: LEVELS[2]!.rows, attempts: attempts(p < 2 ? [] : [12 + p], p < 2 ? 1 : 0) },
    ] })),
  }));
  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId('lab.resultsFile').setInputFiles(files);
  await page.getByTestId('lab.resultsRow').first().waitFor();
  await page.getByTestId('lab.progress').waitFor({ state: 'detached' });
  await page.getByTestId('lab.playerResults').screenshot({ path: `${DIR}/issue16-lab-results.png` });
});
