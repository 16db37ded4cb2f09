/**
 * Hints for the game: the levels JSON with hints, exported from the studio,
 * followed from every winnable state of the fixture levels (walked here by
 * the naive reference solver) always wins.
 */
import { isWon, naiveGraph, naiveStep } from '../test/naive/naiveSolver';
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';

/** A state's key as docs/formats.md describes it, computed from the naive solver's state string. */
function key(state: string): string {
  const bits = [...state].map((ch) => (ch === 'B' || ch === 'C' ? 1 : 0));
  while (bits.length % 4 !== 0) bits.push(0);
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) hex += (bits[i]! * 8 + bits[i + 1]! * 4 + bits[i + 2]! * 2 + bits[i + 3]!).toString(16);
  return `${state.indexOf('C')}:${hex}`;
}

test('following the exported hints from any winnable state of the fixture levels wins', async ({ studio }) => {
  const levels = fixtureLevels().filter((l) => l.rows.length * l.rows[0]!.length <= 64);
  const pack = { format: 'longcat-pack', version: 1, name: 'Fixtures', levels: levels.map((l, i) => ({ id: `l${i + 1}`, name: l.name, rows: l.rows })) };
  await studio.pack.show();
  await studio.pack.importText(JSON.stringify(pack), 'fixtures.json');
  await expect(studio.pack.items).toHaveCount(levels.length);
  const file = await studio.pack.exportAs('pack.export.jsonHints');
  expect(file.name.endsWith('.levels.hints.json')).toBe(true);
  const game = JSON.parse(file.buffer.toString('utf8')) as { levels: { rows: string[]; hints: { solution: string | null; next?: Record<string, string> } }[] };
  // Plain checks in the walk, one assertion at the end: Playwright's expect records a step and its
  // stack per call, and the walk makes tens of thousands of moves (most of this spec's CPU when each
  // move was an expect).
  let followed = 0;
  const failures: string[] = [];
  for (const [index, level] of game.levels.entries()) {
    const g = naiveGraph(level.rows);
    const next = level.hints.next!;
    for (const start of g.order.filter((s) => g.cls.get(s) === 'solution')) {
      let s = start;
      let moves = 0;
      for (; !isWon(s) && moves < g.w * g.h; moves++) {
        const hint = next[key(s)];
        const step = hint === undefined ? null : naiveStep(s, g.w, g.h, hint);
        if (step === null) break;
        s = step;
      }
      if (!isWon(s)) failures.push(`level ${index + 1}, from ${key(start)}: stuck at ${key(s)} after ${moves} moves (hint ${next[key(s)] ?? 'none'})`);
      followed++;
    }
  }
  expect(failures.slice(0, 5)).toEqual([]);
  expect(followed).toBeGreaterThan(500);
});
