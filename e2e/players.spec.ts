/**
 * Players' attempts end to end: two levels played from a pack link (a wrong
 * move undone, a restart), the results file imported into the Players view,
 * the gauge switching from the structural estimate to the rating, traffic
 * on the solution graph with the wrong branch named, an attempt replayed
 * step by step, and a bad attempts file refused with its lines. Screenshots
 * of the traffic view, the pack report and the rated gauge go to the test's
 * output folder (test-results/), never into the checkout: the README's
 * pictures in docs/screenshots/ are copies of them.
 */
import { naiveGraph, naiveParse, naiveSolution, naiveStep } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { PlayPage } from './pages/PlayPage';
import { PlayersPage } from './pages/PlayersPage';

const LEVELS = [
  { id: 'corner', name: 'Corner', rows: ['C..', '##.', '##.'] },
  { id: 'room', name: 'Room', rows: ['C...', '....', '.#..'] },
  { id: 'ring', name: 'Ring', rows: ['..C..', '.###.', '.....'] },
];
const PACK = { format: 'longcat-pack', version: 1, name: 'Players pack', levels: LEVELS };

function solve(rows: string[]): string {
  const s = naiveSolution(rows);
  if (s === null) throw new Error('fixture level must be solvable');
  return s;
}

test('play two levels from a pack link, import the results: the gauge is rated, traffic on the graph, an attempt replays', async ({ studio, browser }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PACK), 'players.json');
  await expect(studio.pack.items).toHaveCount(3);
  await studio.page.getByTestId('pack.playLink').click();
  const url = await studio.page.getByTestId('pack.shareUrl').inputValue();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const play = new PlayPage(page);
  // Level 1: a move, a restart, then the solution.
  const first = solve(LEVELS[0]!.rows);
  await play.play(first.slice(0, 1));
  await page.keyboard.press('r');
  await play.play(first);
  await play.expectWon();
  await play.next(2, 3);
  // Level 2: its first solution move, a wrong turn taken back with undo, then the rest.
  const second = solve(LEVELS[1]!.rows);
  await play.play(second.slice(0, 1));
  const wrong = 'UDLR'.split('').find((d) => d !== second[1] && naiveStep(naiveAfter(LEVELS[1]!.rows, second.slice(0, 1)), 4, 3, d) !== null);
  if (wrong !== undefined) {
    await play.play(wrong);
    await page.keyboard.press('z');
  }
  await play.play(second.slice(1));
  await play.expectWon();
  const results = await play.downloadResults();
  await context.close();
  const file = JSON.parse(results) as { version: number; rules: string; levels: { id: string; attempts: { trace?: string }[] }[] };
  expect([file.version, file.rules]).toEqual([3, 'longcat']);
  expect(file.levels.map((l) => [l.id, l.attempts.map((a) => a.trace)])).toEqual([
    ['corner', [`${first[0]}|${first}`]],
    ['room', [wrong === undefined ? second : `${second[0]}${wrong}-${second.slice(1)}`]],
  ]);

  // The Room level in the editor: a structural estimate before any attempts.
  await studio.pack.item(1).getByTestId('pack.item.open').click();
  await studio.editor.expectRows(LEVELS[1]!.rows);
  await expect(studio.page.getByTestId('gauge.source')).toHaveAttribute('data-source', 'structural');
  await expect(studio.page.getByTestId('gauge.unit')).toHaveText('estimated seconds');

  const players = new PlayersPage(studio.page);
  await players.open();
  await players.importFiles([{ name: 'player1.results.json', text: results }]);
  const report = await players.report();
  expect(report.map((r) => [r.id, r.attempts])).toEqual([['corner', 1], ['room', 1], ['ring', 0]]);
  expect(report[0]!.rating).not.toBe('');
  expect(report[2]!.rating).toBe('');
  await expect(studio.page.getByTestId('players.curve.point')).toHaveCount(2);

  // A bad attempts file: its bad rows with their lines, and nothing changes.
  await players.importFiles([{ name: 'bad.csv', text: 'level,player,outcome,seconds\nroom,x,won,3\ncorner,,solved,2\n' }]);
  await expect(players.problems).toHaveCount(2);
  expect(await players.problems.evaluateAll((els) => els.map((e) => e.getAttribute('data-line')))).toEqual(['2', '3']);
  expect((await players.report()).map((r) => r.attempts)).toEqual([1, 1, 0]);

  await players.backToStudio();
  await expect(studio.page.getByTestId('gauge.source')).toHaveAttribute('data-source', 'rated');
  await expect(studio.page.getByTestId('gauge.source')).toHaveAttribute('data-attempts', '1');
  await expect(studio.page.getByTestId('gauge.unit')).toHaveText("seconds, players' rating");
  // The structural estimate stays on the same dial, as a marker beside the rating.
  await expect(studio.page.getByTestId('gauge.second')).toHaveCount(1);

  // Traffic: the states the player passed are lit, the rest dimmed.
  await studio.graph.waitForDrawn();
  await studio.page.getByTestId('graph.traffic.toggle').check();
  // Start, every state of the solution, and the wrong turn's state.
  await expect.poll(async () => (await studio.graph.marked('lit')).length).toBe(second.length + 1 + (wrong === undefined ? 0 : 1));
  await expect(studio.page.getByTestId('graph.traffic.summary')).toContainText('1 attempt with moves');

  // Replay the attempt step by step, undo included.
  await studio.page.getByText('Replay an attempt').click();
  await studio.page.getByTestId('graph.traffic.replay').first().click();
  await expect(studio.page.getByTestId('replay.bar')).toBeVisible();
  await expect(studio.page.getByTestId('replay.label')).toContainText('Attempt by');
  const trace = file.levels[1]!.attempts[0]!.trace!;
  for (let i = 0; i < trace.length; i++) await studio.page.getByTestId('replay.next').click();
  await expect(studio.page.getByTestId('replay.step')).toHaveText(String(trace.length));
  await expect(studio.page.getByTestId('graph.count.success')).toBeVisible();
  await expect.poll(async () => (await studio.graph.marked('current')).length).toBe(1);
  await studio.page.getByTestId('replay.exit').click();

  // Refit in the lab: the two rated levels (Ring was never played) become the lab's data.
  await players.open();
  await studio.page.getByTestId('players.useInLab').click();
  await expect(studio.page.getByTestId('lab.summary.source')).toContainText('rated levels (2 of 3, 2 attempts)');
  await expect(studio.page.getByTestId('lab.summary')).toHaveAttribute('data-used', '2');
  await expect(studio.page.getByTestId('lab.summary')).toHaveAttribute('data-invalid', '0');
});

/** The naive state after `moves` from the start of `rows`. */
function naiveAfter(rows: string[], moves: string): string {
  const { w, h, start } = naiveParse(rows);
  let s = start;
  for (const m of moves) s = naiveStep(s, w, h, m) ?? s;
  return s;
}

/** A move from a solvable state into one that is not (by the naive classes), with the moves before it. */
function wrongTurn(rows: string[]): { before: string; move: string } {
  const g = naiveGraph(rows);
  const parentMoves = new Map<string, string>([[g.start, '']]);
  for (const s of g.order) for (const [d, t] of g.edges.get(s)!) if (!parentMoves.has(t)) parentMoves.set(t, parentMoves.get(s)! + d);
  for (const s of g.order) {
    if (g.cls.get(s) !== 'solution') continue;
    for (const [d, t] of g.edges.get(s)!) if (g.cls.get(t) !== 'solution' && g.cls.get(t) !== 'success') return { before: parentMoves.get(s)!, move: d };
  }
  throw new Error('the level has no wrong turn');
}

test('many players: traffic names the most-travelled wrong branch; the pack report and the rated gauge (screenshots)', async ({ studio }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PACK), 'players.json');
  const lines = ['level,player,outcome,seconds,moves'];
  const room = LEVELS[1]!.rows;
  const wrongRoom = wrongTurn(room);
  for (let p = 0; p < 24; p++) {
    const speed = 0.6 + (p % 6) * 0.25;
    lines.push(`corner,p${p},solved,${(3 * speed).toFixed(2)},${solve(LEVELS[0]!.rows)}`);
    // Two thirds take the wrong turn in Room first, restart, then solve; a few give up there.
    if (p % 3 !== 0) lines.push(`room,p${p},failed,${(9 * speed).toFixed(2)},${wrongRoom.before}${wrongRoom.move}|`);
    if (p % 8 === 7) {
      lines.push(`room,p${p},gaveup,${(30 * speed).toFixed(2)},${wrongRoom.before}${wrongRoom.move}`);
      continue;
    }
    lines.push(`room,p${p},solved,${(14 * speed).toFixed(2)},${solve(room)}`);
    if (p % 2 === 0) lines.push(`ring,p${p},solved,${(20 * speed).toFixed(2)},${solve(LEVELS[2]!.rows)}`);
  }
  const players = new PlayersPage(studio.page);
  await players.open();
  await players.importFiles([{ name: 'playtest-day.csv', text: lines.join('\n') }]);
  expect((await players.report()).map((r) => r.attempts)).toEqual([24, 16 + 24 - 3 + 3, 12]);
  await studio.setStoreState({ messages: [] });
  await studio.page.getByTestId('players.report').screenshot({ path: test.info().outputPath('pack-report.png') });

  await players.backToStudio();
  await studio.pack.item(1).getByTestId('pack.item.open').click();
  await studio.graph.waitForDrawn();
  await expect(studio.page.getByTestId('gauge.source')).toHaveAttribute('data-source', 'rated');
  await studio.page.getByTestId('gauge.panel').screenshot({ path: test.info().outputPath('gauge-rated.png') });
  await studio.page.getByTestId('graph.traffic.toggle').check();
  await expect(studio.page.getByTestId('graph.traffic.wrongBranch')).toContainText(`moving ${wrongRoom.move}`);
  await expect(studio.page.getByTestId('graph.traffic.wrongBranch')).toContainText("(19 of 40 attempts there)"); // 16 restarts after it and 3 give-ups in it, of 40 attempts at Room
  await studio.setStoreState({ messages: [] });
  await studio.page.getByTestId('graph.maximise').click();
  await studio.page.getByTestId('graph.fit').click();
  await studio.page.getByTestId('graph.panel').screenshot({ path: test.info().outputPath('graph-traffic.png') });
});
