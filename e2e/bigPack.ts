/**
 * A big pack imported and used: the main thread's long tasks (PerformanceObserver
 * 'longtask', > 50 ms) while a pack of `n` levels (ids, names and rows
 * only, as a file from elsewhere would be) is imported and every difficulty
 * is computed, then while it is sorted, filtered and exported. Recorded,
 * never asserted against wall time (the machine's load decides those).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type CDPSession, type Page } from '@playwright/test';
import type { StudioPage } from './pages/StudioPage';
import { PackOverviewPage } from './pages/PackOverviewPage';

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
  /** The main thread's time in tasks over the step (Chrome's `TaskDuration` metric; wall time, so it grows with the machine's load), ms. */
  readonly mainMs: number;
  /** The main thread's CPU time over the step (Chrome's `ThreadTime` metric: what the load does not inflate), ms. */
  readonly cpuMs: number;
  /**
   * From a trace of the step (Chrome's `RunTask` events on the page's main thread): the most CPU
   * time one task took (its thread time, which the machine's load does not inflate, unlike the
   * long-task durations above), and how many tasks took 100 ms of CPU or more. Null when not traced.
   */
  readonly taskCpu: { readonly longest: number; readonly over100: number; readonly over50: number } | null;
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
  /** The pack overview opened and closed again. */
  readonly overview: TaskStats;
}

/**
 * The main thread's busy time so far (Chrome DevTools protocol `Performance`
 * metrics), and when `BIG_PACK_PROFILE` names a folder, a sampled CPU profile (and the trace, `<levels>-<step>.trace.json`)
 * of each step written there (`<levels>-<step>.cpuprofile`, for DevTools).
 */
class Probe {
  private profiling = false;
  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<Probe> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    if (process.env['BIG_PACK_PROFILE'] !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    return new Probe(cdp);
  }

  /** Time in tasks and CPU time of the page's main thread so far, ms. */
  async taskMs(): Promise<{ task: number; cpu: number }> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const ms = (name: string): number => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: ms('TaskDuration'), cpu: ms('ThreadTime') };
  }

  async start(): Promise<void> {
    if (process.env['BIG_PACK_PROFILE'] === undefined) return;
    await this.cdp.send('Profiler.start');
    this.profiling = true;
  }

  async stop(name: string): Promise<void> {
    const dir = process.env['BIG_PACK_PROFILE'];
    if (dir === undefined || !this.profiling) return;
    this.profiling = false;
    const { profile } = await this.cdp.send('Profiler.stop');
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
  }
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

/** The page's main-thread tasks in a Chrome trace: CPU ms per task (`tdur`). */
function traceTaskCpu(trace: Buffer): TaskStats['taskCpu'] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[] }).traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  // The page's renderer is the main thread with the most tasks (a trace may hold other renderers' few).
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const at = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(at) || e.tdur === undefined) continue;
    byThread.set(at, [...(byThread.get(at) ?? []), e.tdur / 1000]);
  }
  const cpu = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return { longest: Math.round(Math.max(0, ...cpu)), over100: cpu.filter((d) => d >= 100).length, over50: cpu.filter((d) => d >= 50).length };
}

async function readTasks(page: Page, busy: { task: number; cpu: number }, taskCpu: TaskStats['taskCpu']): Promise<TaskStats> {
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks.slice());
  return {
    mainMs: Math.round(busy.task),
    cpuMs: Math.round(busy.cpu),
    taskCpu,
    count: tasks.length,
    longest: Math.round(Math.max(0, ...tasks)),
    blocked: Math.round(tasks.reduce((a, d) => a + Math.max(0, d - 50), 0)),
    over100: tasks.filter((d) => d >= 100).length,
  };
}

/** Imports `n` levels into an empty pack and measures; waits at most `waitMs` for every difficulty. */
export async function measureBigPack(studio: StudioPage, n: number, waitMs: number): Promise<BigPackRun> {
  const { page } = studio;
  const probe = await Probe.attach(page);
  /** Runs `step` with long tasks, busy time and (optionally) a profile recorded. */
  // Traced unless BIG_PACK_TRACE=0 (Chromium only).
  const browser = process.env['BIG_PACK_TRACE'] === '0' ? null : page.context().browser();
  const measure = async (name: string, step: () => Promise<void>): Promise<TaskStats> => {
    await startTasks(page);
    await probe.start();
    if (browser !== null) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const before = await probe.taskMs();
    await step();
    await page.waitForTimeout(300);
    const after = await probe.taskMs();
    const trace = browser !== null ? await browser.stopTracing() : null;
    const dir = process.env['BIG_PACK_PROFILE'];
    if (trace !== null && dir !== undefined) writeFileSync(`${dir}/${n}-${name}.trace.json`, trace);
    const busy = { task: after.task - before.task, cpu: after.cpu - before.cpu };
    await probe.stop(`${n}-${name}`);
    return readTasks(page, busy, trace === null ? null : traceTaskCpu(trace));
  };
  // The file is chosen from disk, as a designer's file chooser does: the browser reads it. (Handing Playwright the
  // bytes instead builds the file inside the page, a task of 60-110 ms of CPU at 5,000 levels that was counted as the import's.)
  const folder = mkdtempSync(join(tmpdir(), 'big-pack-'));
  const file = join(folder, `big-${n}.json`);
  writeFileSync(file, bigPackJson(n));
  await studio.pack.show();
  // The studio's start (the first level's graph drawn) is over before the import: its tasks are not the import's.
  await studio.graph.waitForDrawn();
  await page.waitForTimeout(500);
  const t0 = Date.now();
  let importMs = 0;
  let allDifficultiesMs: number | null = null;
  const importAndAnalysis = await measure('import', async () => {
    await page.getByTestId('pack.importFile').setInputFiles(file);
    await expect(page.getByTestId('pack.count')).toHaveText(`${n} levels`, { timeout: waitMs });
    importMs = Date.now() - t0;
    try {
      // The list draws only the rows on screen: the panel's count says how many levels are still being analysed.
      await expect(page.getByTestId('pack.count')).toHaveAttribute('data-pending', '0', { timeout: waitMs });
      allDifficultiesMs = Date.now() - t0;
    } catch {
      // Not within the wait: recorded as null.
    }
  });
  rmSync(folder, { recursive: true, force: true });
  const sort = await measure('sort', () => page.getByTestId('pack.sort').click());
  const filter = await measure('filter', async () => {
    await page.getByTestId('pack.search').fill('big 12');
    await page.getByTestId('pack.search').fill('');
  });
  const exportJson = await measure('export', async () => {
    await studio.pack.exportText();
  });
  // The pack overview opened (its windowed grid drawn) and closed again.
  const overview = await measure('overview', async () => {
    await new PackOverviewPage(page).open();
    await expect(page.getByTestId('pack.grid')).toHaveAttribute('data-windowed', 'true');
    await expect(page.getByTestId('pack.tile').first()).toBeVisible();
    await page.getByTestId('app.view.studio').click();
    await expect(page.getByTestId('pack.count')).toHaveText(`${n} levels`);
  });
  return { levels: n, importMs, allDifficultiesMs, importAndAnalysis, sort, filter, exportJson, overview };
}
