/**
 * A big pack imported and used: the main thread's long tasks (PerformanceObserver
 * 'longtask', > 50 ms) while a pack of `n` levels (ids, names and rows
 * only, as a file from elsewhere would be) is imported and every difficulty
 * is computed, then while it is sorted, filtered and exported. Recorded,
 * never asserted against wall time (the machine's load decides those).
 */
import { expect, type Page } from '@playwright/test';
import type { StudioPage } from './pages/StudioPage';

/** `n` distinct 7x7 levels: the head top-left, walls on the other cells by the bits of `i` spread over the grid. */
export function bigPackJson(n: number): string {
  const levels = Array.from({ length: n }, (_, i) => {
    const cells = Array.from({ length: 49 }, (_, c) => {
      if (c === 0) return 'C';
      // Cells 1..48 take bits of i (distinct grids), thinned so most levels stay open enough to solve.
      const bit = (i >> (c % 13)) & 1;
      return bit === 1 && (c * 7 + i) % 3 === 0 ? '#' : '.';
    });
    const rows = Array.from({ length: 7 }, (_, y) => cells.slice(y * 7, y * 7 + 7).join(''));
    return { id: `big-${i}`, name: `big ${i}`, rows };
  });
  return JSON.stringify({ format: 'longcat-pack', version: 1, name: `big ${n}`, levels });
}

export interface TaskStats {
  /** Long tasks seen. */
  readonly count: number;
  /** The longest, ms. */
  readonly longest: number;
  /** Sum over long tasks of the part past 50 ms (total blocking time), ms. */
  readonly blocked: number;
  /** Tasks of 100 ms or more. */
  readonly over100: number;
}

export interface BigPackRun {
  readonly levels: number;
  /** Until the list shows every level. */
  readonly importMs: number;
  /** Until no level is "being analysed" (null: not within the wait). */
  readonly allDifficultiesMs: number | null;
  readonly importAndAnalysis: TaskStats;
  readonly sort: TaskStats;
  readonly filter: TaskStats;
  readonly exportJson: TaskStats;
}

async function startTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks?: number[]; __taskObserver?: PerformanceObserver };
    w.__taskObserver?.disconnect();
    w.__tasks = [];
    w.__taskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks!.push(e.duration);
    });
    w.__taskObserver.observe({ type: 'longtask' });
  });
}

async function readTasks(page: Page): Promise<TaskStats> {
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks.slice());
  return {
    count: tasks.length,
    longest: Math.round(Math.max(0, ...tasks)),
    blocked: Math.round(tasks.reduce((a, d) => a + Math.max(0, d - 50), 0)),
    over100: tasks.filter((d) => d >= 100).length,
  };
}

/** Imports `n` levels into an empty pack and measures; waits at most `waitMs` for every difficulty. */
export async function measureBigPack(studio: StudioPage, n: number, waitMs: number): Promise<BigPackRun> {
  const { page } = studio;
  await studio.pack.show();
  await startTasks(page);
  const t0 = Date.now();
  await studio.pack.importText(bigPackJson(n), `big-${n}.json`);
  await expect(page.getByTestId('pack.count')).toHaveText(`${n} levels`, { timeout: waitMs });
  const importMs = Date.now() - t0;
  let allDifficultiesMs: number | null = null;
  try {
    // The list draws only the rows on screen: the panel's count says how many levels are still being analysed.
    await expect(page.getByTestId('pack.count')).toHaveAttribute('data-pending', '0', { timeout: waitMs });
    allDifficultiesMs = Date.now() - t0;
  } catch {
    // Not within the wait: recorded as null.
  }
  const importAndAnalysis = await readTasks(page);

  await startTasks(page);
  await page.getByTestId('pack.sort').click();
  const sort = await readTasks(page);

  await startTasks(page);
  await page.getByTestId('pack.search').fill('big 12');
  await page.getByTestId('pack.search').fill('');
  const filter = await readTasks(page);

  await startTasks(page);
  await studio.pack.exportText();
  const exportJson = await readTasks(page);
  return { levels: n, importMs, allDifficultiesMs, importAndAnalysis, sort, filter, exportJson };
}
