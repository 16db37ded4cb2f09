/**
 * Browser benchmark of generate-at-difficulty (`npm run bench:browser:difficulty`,
 * not part of `npm test`): 8x8, targets 10, 20, 30, 40, 50, 60, 80, 100
 * and the reachable maximum (as the studio reports it for an out-of-reach
 * request), 20 requests each (one level, seeds 1..20), through the Generators
 * dock. Per request: the time from the click on Generate to the DOM showing
 * the answer (worker + messaging + React), the search's own time in the
 * worker, and whether the level is within tolerance of the target, checked
 * here by the naive solver and the model JSON by hand. Writes
 * test-results/bench-at-difficulty.json and prints a markdown table.
 * bench/atDifficulty.ts runs the same protocol on Node.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { AtDifficultyPage } from '../pages/AtDifficultyPage';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { handDifficultyOfRows as handDifficulty } from '../../test/support/handDifficulty';

const TARGETS = [10, 20, 30, 40, 50, 60, 80, 100];
const REQUESTS = 20;

const tolerance = (target: number): number => Math.max(0.1 * target, 3);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)]!;

/** Clicks Generate; resolves with ms from the click to the DOM showing the finished answer. */
async function timedGenerate(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __atd?: Promise<number> };
    w.__atd = new Promise((resolveTime) => {
      let down = 0, sawRunning = false;
      const panel = document.querySelector('[data-testid="atd.panel"]')!;
      document.addEventListener('click', (e) => (down = e.timeStamp), { capture: true, once: true });
      const check = (): void => {
        const status = document.querySelector('[data-testid="atd.message"]')?.getAttribute('data-status');
        if (status === 'running') sawRunning = true;
        else if (sawRunning && down > 0 && (status === 'done' || status === 'failed')) {
          observer.disconnect();
          resolveTime(performance.now() - down);
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(panel, { attributes: true, subtree: true, childList: true, characterData: true });
    });
  });
  await page.getByTestId('atd.run').click();
  return page.evaluate(() => (window as unknown as { __atd: Promise<number> }).__atd);
}

test('generate at difficulty in the browser: success rate, median and p95 ms per target', async ({ studio: { page } }) => {
  test.setTimeout(600_000);
  const atd = new AtDifficultyPage(page);
  await atd.show();
  await atd.settings({ width: 8, height: 8, count: 1, notInPack: false });

  // The reachable maximum, as the studio says it (this also warms the worker's range estimate).
  await atd.target(100_000);
  await atd.run();
  await atd.waitDone();
  const m = /reachable range is about (\d+) to (\d+)/.exec(await atd.message.innerText());
  expect(m).not.toBeNull();
  const reachableMax = Number(m![2]);

  const rows: { target: number; ok: number; medianMs: number; p95Ms: number; maxMs: number; workerMedianMs: number; workerP95Ms: number }[] = [];
  for (const target of [...TARGETS, reachableMax]) {
    await atd.target(target);
    const ms: number[] = [], worker: number[] = [];
    let ok = 0;
    for (let seed = 1; seed <= REQUESTS; seed++) {
      await page.getByTestId('atd.seed').fill(String(seed));
      ms.push(await timedGenerate(page));
      worker.push(Number(await atd.message.getAttribute('data-ms')));
      if ((await atd.items.count()) === 1) {
        const rows = await atd.rows(0);
        if (naiveAnalyze(rows).features.nSolutions > 0 && Math.abs(handDifficulty(rows) - target) <= tolerance(target) + 1e-9) ok++;
      }
    }
    rows.push({ target, ok, medianMs: median(ms), p95Ms: p95(ms), maxMs: Math.max(...ms), workerMedianMs: median(worker), workerP95Ms: p95(worker) });
  }

  const table = [
    `reachable max reported by the studio for 8x8: ${reachableMax}`,
    '',
    '| target | within tolerance | click to answer, median ms | p95 ms | max ms | search in the worker, median / p95 ms |',
    '|---|---|---|---|---|---|',
    ...rows.map((r, i) => `| ${r.target}${i === rows.length - 1 ? ' (reachable max)' : ''} | ${r.ok}/${REQUESTS} | ${r.medianMs.toFixed(1)} | ${r.p95Ms.toFixed(1)} | ${r.maxMs.toFixed(1)} | ${r.workerMedianMs.toFixed(1)} / ${r.workerP95Ms.toFixed(1)} |`),
  ].join('\n');
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-at-difficulty.json', JSON.stringify({ reachableMax, requests: REQUESTS, rows }, null, 2));
  console.log(`\n${table}\n`);
});
