import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';
import { naiveAnalyze } from '../test/naive/naiveSolver';

const CLASSES = ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const;

/** The hardest real level in the binswing set, by the naive solver's state count (ground truth is computed here, in Node). */
function hardestBinswingLevel(): { text: string; rows: string[] } {
  const text = readFileSync(resolve(import.meta.dirname, '../../shared/data/longcat-binswing-52.txt'), 'utf8');
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b !== '');
  let best = { text: '', rows: [] as string[], states: -1 };
  for (const block of blocks) {
    const rows = block.split('\n').filter((l) => !l.startsWith(';'));
    const states = naiveAnalyze(rows).nStates;
    if (states > best.states) best = { text: block, rows, states };
  }
  return best;
}

test('typing a level shows the class counts and features the naive solver computes', async ({ analyzer }) => {
  const { text, rows } = hardestBinswingLevel();
  await analyzer.enterLevel(text);
  const expected = naiveAnalyze(rows);
  for (const c of CLASSES) expect(await analyzer.classCount(c), c).toBe(expected.classes[c]);
  expect(await analyzer.feature('nStates')).toBe(String(expected.features.nStates));
  expect(await analyzer.feature('shortestSolutionLength')).toBe(String(expected.features.shortestSolutionLength));
  await analyzer.page.screenshot({ path: 'test-results/analyzer.png' });
});

test('a malformed level shows its line and column and no stale numbers', async ({ analyzer }) => {
  await analyzer.enterLevel('C..\n.x.\n...');
  await expect(analyzer.error).toContainText('line 2, column 2');
  await expect(analyzer.page.getByTestId('graph.counts')).toHaveCount(0);
});
