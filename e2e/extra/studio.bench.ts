/**
 * Browser benchmark (`npm run bench:browser`): edit-to-gauge latency on 8x8
 * levels, and the time to lay out and draw the largest data-level graph and
 * a 1,520-state RSD level (plus dagre, in the layout worker, on graphs of up to 1,000 states).
 * Then the big-graph figures (issue 13): a 2,762-state level drawn in full,
 * with the longest main-thread task seen (PerformanceObserver 'longtask')
 * from Apply until drawn, the time to drawn, one zoom frame, and edits to
 * that level while its full graph is redrawn (click to gauge).
 * `BENCH_ONLY=big` runs the big-graph part alone.
 * Writes test-results/bench-browser.json and prints it.
 *
 * The first load (its own test; `BENCH_ONLY=first-load` runs it alone):
 * ROUNDS fresh browser contexts (empty cache) open the studio; first paint
 * and first contentful paint, the time until the first level's graph is
 * drawn, and every main-thread task over 50 ms until then (PerformanceObserver
 * 'longtask', registered before the page's own scripts). Then ROUNDS more
 * loads under Chromium's tracing, for the CPU time of each main-thread task
 * until drawn (the trace's thread time): on a shared machine a task's wall
 * time grows with the load, its CPU time much less. Writes
 * test-results/bench-first-load.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { designLevels, largestLevel } from '../levels';
import { StudioPage } from '../pages/StudioPage';
import { createLevelSource } from '../../src/core/generators/registry';
import { toRows } from '../../src/core/level/level';

/** RSD 11x11, seed 3, iteration 1206: 1,520 states. */
const RSD_1520 = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];
/** RSD 15x15, seed 1, iteration 4002: 2,762 states, 6,3xx moves (the "3,000-state full graph"). */
const RSD_2762 = ['#....####....##', 'C.#..###..##..#', '....####.####.#', '...###.....##.#', '##..#..##...#.#', '###...##..#.#..', '#....#...##....', '..##...#.....##', '.#....#....#.##', '...###..#....##', '..####.#..#####', '######...######', '###############', '###############', '###############'];
const EDITS = 60;
const ROUNDS = 7;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

const results: Record<string, unknown> = {};

/**
 * One paint edit by a real mouse click; resolves with ms from the pointerdown
 * event to the gauge's DOM showing the new level's analysis, and to the start
 * of the animation frame that paints it.
 */
async function timedEdit(studio: StudioPage, x: number, y: number): Promise<{ dom: number; frame: number }> {
  const { page, editor } = studio;
  await page.evaluate(() => {
    const w = window as unknown as { __edit?: Promise<{ dom: number; frame: number }> };
    w.__edit = new Promise((resolve) => {
      let down = 0;
      const grid = document.querySelector('[data-testid="editor.grid"]')!;
      const gauge = document.querySelector('[data-testid="gauge.panel"]')!;
      document.addEventListener('pointerdown', (e) => (down = e.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (down === 0 || gauge.getAttribute('data-key') !== grid.getAttribute('data-level-key')) return;
        observer.disconnect();
        const dom = performance.now() - down;
        // The next animation frame is the one that paints the new reading.
        requestAnimationFrame(() => resolve({ dom, frame: performance.now() - down }));
      });
      observer.observe(gauge, { attributes: true, subtree: true, childList: true, characterData: true });
    });
  });
  await editor.click(x, y);
  return page.evaluate(() => (window as unknown as { __edit: Promise<{ dom: number; frame: number }> }).__edit);
}

async function editLatency(studio: StudioPage, rows: string[], label: string, paceMs: number): Promise<void> {
  await studio.editor.typeLevel(rows.join('\n'));
  await studio.graph.waitForLevel();
  await studio.editor.tool('wall');
  // Toggle walls on open cells far from the head: each click is a new level to analyse.
  const open: [number, number][] = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === '.' && open.push([x, y])));
  const cells = open.slice(-6);
  const dom: number[] = [], frame: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const [x, y] = cells[i % cells.length]!;
    await studio.editor.tool(i % (2 * cells.length) < cells.length ? 'wall' : 'empty');
    if (paceMs > 0) await studio.page.waitForTimeout(paceMs);
    const t = await timedEdit(studio, x, y);
    if (i >= 4) {
      dom.push(t.dom);
      frame.push(t.frame);
    }
  }
  const states = Number(await studio.page.getByTestId('graph.total').innerText().then((t) => t.replace(/,/g, '').split(' ')[0]));
  results[label] = { paceMs, edits: dom.length, states, domMedianMs: median(dom), domP95Ms: p95(dom), frameMedianMs: median(frame), frameP95Ms: p95(frame) };
}

/** Types a level and returns the panel's own layout+draw report, and the time from Apply to drawn. */
async function drawTime(studio: StudioPage, rows: string[]): Promise<{ nodes: number; edges: number; drawMs: number; applyToDrawnMs: number }> {
  const { page } = studio;
  const before = await page.evaluate(() => window.__longcatGraph?.renders ?? 0);
  await page.getByTestId('editor.textOpen').click();
  await page.getByTestId('editor.text').fill(rows.join('\n'));
  const t0 = await page.evaluate(() => performance.now());
  await page.getByTestId('editor.textApply').click();
  await expect.poll(() => page.evaluate(() => window.__longcatGraph?.renders ?? 0), { timeout: 30_000 }).toBeGreaterThan(before);
  const r = await page.evaluate(() => ({ report: window.__longcatGraph!.report!, at: window.__longcatGraph!.reportAt }));
  return { nodes: r.report.nodes, edges: r.report.edges, drawMs: r.report.ms, applyToDrawnMs: r.at - t0 };
}

async function graphTimes(studio: StudioPage, rows: string[], label: string): Promise<void> {
  await studio.page.getByTestId('graph.view.full').click();
  const draws: number[] = [], totals: number[] = [];
  let size = { nodes: 0, edges: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    await drawTime(studio, ['C..', '...', '...']); // something else in between, so the graph is drawn from scratch
    const t = await drawTime(studio, rows);
    size = { nodes: t.nodes, edges: t.edges };
    draws.push(t.drawMs);
    totals.push(t.applyToDrawnMs);
  }
  // Interaction: ten zoom steps, each until the renderer has drawn the frame.
  const zoomFrameMs = await zoomFrame(studio);
  const renderer = await studio.graph.renderer();
  // dagre on the same graph, chosen in the panel (offered up to 1,000 states; it runs in the layout
  // worker): the drawing's own report (layout in the worker + draw) and the longest main-thread task meanwhile.
  let dagre: { layoutAndDrawMs: number; longestTaskMs: number } | null = null;
  if (size.nodes <= 1000) {
    await recordLongTasks(studio);
    await studio.graph.layoutSelect.selectOption('dagre');
    await expect.poll(() => studio.graph.drawnLayout(), { timeout: 120_000 }).toBe('dagre');
    const ms = await studio.page.evaluate(() => window.__longcatGraph!.report!.ms);
    dagre = { layoutAndDrawMs: ms, longestTaskMs: Math.max(0, ...(await longTasks(studio))) };
    await studio.graph.layoutSelect.selectOption('layered');
    await expect.poll(() => studio.graph.drawnLayout()).toBe('layered');
  }
  results[label] = { ...size, renderer, drawMedianMs: median(draws), drawMaxMs: Math.max(...draws), applyToDrawnMedianMs: median(totals), zoomFrameMedianMs: zoomFrameMs, dagre };
}

/** Median of ten zoom steps (in, out, ...) about the centre, each timed until its frame is drawn; then fits again. */
async function zoomFrame(studio: StudioPage): Promise<number> {
  const ms = await studio.page.evaluate(async () => {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push(await window.__longcatGraph!.zoomBy(i % 2 ? 0.8 : 1.25));
    return times.sort((a, b) => a - b)[5]!;
  });
  await studio.page.keyboard.press('0');
  return ms;
}

/** Starts recording long tasks (> 50 ms) on the main thread; read with {@link longTasks}. */
async function recordLongTasks(studio: StudioPage): Promise<void> {
  await studio.page.evaluate(() => {
    const w = window as unknown as { __longTasks?: number[]; __longObserver?: PerformanceObserver };
    w.__longObserver?.disconnect();
    w.__longTasks = [];
    w.__longObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks!.push(e.duration);
    });
    w.__longObserver.observe({ type: 'longtask' });
  });
}

/** Long tasks seen since {@link recordLongTasks} (after letting the observer deliver). */
async function longTasks(studio: StudioPage): Promise<number[]> {
  await studio.page.waitForTimeout(300);
  return studio.page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.slice());
}

/**
 * The 2,762-state level drawn in full, from scratch, ROUNDS times: the longest
 * main-thread task from Apply until drawn, the time to drawn, zoom frames,
 * then edits while the full graph is shown (each edit redraws it).
 */
async function bigGraph(studio: StudioPage, rows: string[], label: string): Promise<void> {
  const { page } = studio;
  await page.getByTestId('graph.view.full').click();
  const longest: number[] = [], totals: number[] = [], counts: number[] = [];
  let size = { nodes: 0, edges: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    await drawTime(studio, ['C..', '...', '...']);
    await recordLongTasks(studio);
    const t = await drawTime(studio, rows);
    const tasks = await longTasks(studio);
    size = { nodes: t.nodes, edges: t.edges };
    totals.push(t.applyToDrawnMs);
    longest.push(Math.max(0, ...tasks));
    counts.push(tasks.filter((d) => d > 100).length);
  }
  const zoomFrameMs = await zoomFrame(studio);
  // Edits while the full graph is shown: the gauge must not wait for the drawing.
  await recordLongTasks(studio);
  const open: [number, number][] = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === '.' && open.push([x, y])));
  const cells = open.slice(-4);
  const gauge: number[] = [];
  await studio.editor.tool('wall');
  for (let i = 0; i < 8; i++) {
    const [x, y] = cells[i % cells.length]!;
    await studio.editor.tool(i % 8 < 4 ? 'wall' : 'empty');
    const t = await timedEdit(studio, x, y);
    gauge.push(t.frame);
  }
  const editTasks = await longTasks(studio);
  results[label] = {
    ...size,
    renderer: await studio.graph.renderer(),
    applyToDrawnMedianMs: median(totals),
    longestTaskMedianMs: median(longest),
    longestTaskMaxMs: Math.max(...longest),
    tasksOver100MsPerDraw: median(counts),
    zoomFrameMedianMs: zoomFrameMs,
    editToGaugeFrameMedianMs: median(gauge),
    editToGaugeFrameMaxMs: Math.max(...gauge),
    longestTaskWhileEditingMs: Math.max(0, ...editTasks),
  };
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly documentLoaderURL?: string } };
}

/**
 * From a trace of one page load: the page's main thread (the renderer main
 * thread whose navigation went to `origin`), and its tasks that started
 * before `untilMs` (performance.now() of the page): their CPU time in all,
 * and each task of 30 ms or more wall time with its CPU time.
 */
function mainThreadTasks(events: readonly TraceEvent[], origin: string, untilMs: number): { tasksOver30MsWall: { cpuMs: number; wallMs: number }[]; mainThreadCpuMs: number } {
  const nav = events.filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(origin)).at(-1);
  if (nav === undefined) throw new Error(`the trace has no navigation to ${origin}`);
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.tid === nav.tid);
  if (main?.args?.name !== 'CrRendererMain') throw new Error(`the navigation to ${origin} is not on a renderer's main thread`);
  const end = nav.ts + untilMs * 1000;
  const tasks = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.ts >= nav.ts && e.ts <= end);
  const ms = (us: number | undefined): number => Math.round((us ?? 0) / 100) / 10;
  return {
    tasksOver30MsWall: tasks.filter((t) => (t.dur ?? 0) >= 30_000).map((t) => ({ cpuMs: ms(t.tdur), wallMs: ms(t.dur) })),
    mainThreadCpuMs: Math.round(tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000),
  };
}

test('first load', async ({ browser, browserName }) => {
  test.skip(process.env.BENCH_ONLY !== undefined && process.env.BENCH_ONLY !== 'first-load', `BENCH_ONLY=${process.env.BENCH_ONLY}`);
  test.setTimeout(300_000);
  const { loadavg, cpus } = await import('node:os');
  const loadAtStart = loadavg()[0]!;
  const rounds: { firstPaintMs: number; firstContentfulPaintMs: number; drawnMs: number; longTasksMs: number[] }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __firstLoadTasks: { start: number; duration: number }[] };
      w.__firstLoadTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__firstLoadTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const studio = new StudioPage(page);
    await studio.open();
    await studio.graph.waitForDrawn();
    await page.waitForTimeout(300); // let the observer deliver
    rounds.push(
      await page.evaluate(() => {
        const paint = (name: string): number => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        const drawnMs = window.__longcatGraph?.reportAt ?? NaN;
        const tasks = (window as unknown as { __firstLoadTasks: { start: number; duration: number }[] }).__firstLoadTasks;
        return { firstPaintMs: paint('first-paint'), firstContentfulPaintMs: paint('first-contentful-paint'), drawnMs, longTasksMs: tasks.filter((t) => t.start <= drawnMs).map((t) => Math.round(t.duration)) };
      }),
    );
    await context.close();
  }
  // The same load traced: each main-thread task's CPU time (tdur) and wall time (dur) until the graph is drawn.
  const cpuRounds: { tasksOver30MsWall: { cpuMs: number; wallMs: number }[]; mainThreadCpuMs: number }[] = [];
  for (let i = 0; i < ROUNDS && browserName === 'chromium'; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink.user_timing'] });
    const studio = new StudioPage(page);
    await studio.open();
    await studio.graph.waitForDrawn();
    const drawnMs = await page.evaluate(() => window.__longcatGraph?.reportAt ?? NaN);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();
    cpuRounds.push(mainThreadTasks(trace.traceEvents, new URL(page.url()).origin, drawnMs));
  }
  const cpuLongest = cpuRounds.map((r) => Math.max(0, ...r.tasksOver30MsWall.map((t) => t.cpuMs)));
  const all = rounds.flatMap((r) => r.longTasksMs);
  const out = {
    date: new Date().toISOString(),
    browser: `${browserName} ${browser.version()}`,
    cpus: cpus().length,
    loadAverage1m: { start: loadAtStart, end: loadavg()[0]! },
    rounds: rounds.length,
    firstPaintMedianMs: median(rounds.map((r) => r.firstPaintMs)),
    firstContentfulPaintMedianMs: median(rounds.map((r) => r.firstContentfulPaintMs)),
    firstContentfulPaintMaxMs: Math.max(...rounds.map((r) => r.firstContentfulPaintMs)),
    firstGraphDrawnMedianMs: median(rounds.map((r) => r.drawnMs)),
    longestTaskMedianMs: median(rounds.map((r) => Math.max(0, ...r.longTasksMs))),
    longestTaskMaxMs: Math.max(0, ...all),
    tasksOver100Ms: all.filter((d) => d > 100).length,
    perRound: rounds,
    traced: {
      longestTaskCpuMedianMs: median(cpuLongest),
      longestTaskCpuMaxMs: Math.max(0, ...cpuLongest),
      tasksOver100MsCpu: cpuRounds.flatMap((r) => r.tasksOver30MsWall).filter((t) => t.cpuMs > 100).length,
      mainThreadCpuUntilDrawnMedianMs: median(cpuRounds.map((r) => r.mainThreadCpuMs)),
      perRound: cpuRounds,
    },
  };
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-first-load.json', JSON.stringify(out, null, 2));
  console.log(JSON.stringify(out, null, 2));
});

test('studio benchmark', async ({ studio, browserName }) => {
  test.skip(process.env.BENCH_ONLY === 'first-load', 'BENCH_ONLY=first-load');
  test.setTimeout(900_000);
  if (process.env.BENCH_ONLY === 'big') {
    await bigGraph(studio, RSD_2762, 'big graph, RSD 15x15 seed 1 #4002, full view');
    const out = { date: new Date().toISOString(), browser: `${browserName} ${studio.page.context().browser()?.version()}`, cpus: (await import('node:os')).cpus().length, results };
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/bench-browser-big.json', JSON.stringify(out, null, 2));
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  const typical = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed: 1 }).generate(0).levels[0]!;
  // Arduboy's largest level when the real sets are here, else our fixtures' largest 8x8 level.
  const largest = largestLevel(designLevels(['longcat-arduboy.txt']));
  for (const pace of [300, 0]) {
    const how = pace > 0 ? `edits ${pace} ms apart` : 'back-to-back edits';
    await editLatency(studio, toRows(typical), `edit→gauge, typical RSD 8x8, ${how}`, pace);
    await editLatency(studio, largest.rows, `edit→gauge, ${largest.name} (largest 8x8 data level), ${how}`, pace);
  }
  await graphTimes(studio, largest.rows, `graph, ${largest.name} (largest data level)`);
  await graphTimes(studio, RSD_1520, 'graph, RSD 11x11 seed 3 #1206');
  await bigGraph(studio, RSD_2762, 'big graph, RSD 15x15 seed 1 #4002, full view');
  const out = { date: new Date().toISOString(), browser: `${browserName} ${studio.page.context().browser()?.version()}`, cpus: (await import('node:os')).cpus().length, results };
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-browser.json', JSON.stringify(out, null, 2));
  console.log(JSON.stringify(out, null, 2));
});
