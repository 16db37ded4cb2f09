/**
 * `npm run bench:engine -- <checkout>...`: the Longcat engine of this tree
 * against the engines of other checkouts (an older commit in a git worktree),
 * in one process, in CPU time (process.cpuUsage, user + system) beside wall
 * time, rounds interleaved so that load on a shared machine falls on every
 * engine alike. Medians over the rounds; ratios are a reference's CPU time
 * over this tree's (above 1: this tree is faster).
 *
 * Workloads (the same for every engine, and every engine must report the same
 * state totals, or the bench stops):
 * - RSD 8x8 and 12x12: generate a level (fixed per-index seeds) + full graph +
 *   classes + features, per level;
 * - big graphs: three 16x16 levels of 60,458, 95,395 and 110,228 states, per graph.
 *
 * Each checkout needs `node_modules` (a symlink to this tree's will do); only
 * APIs older than the ruleset seam are used, so a checkout from before it
 * works:
 *
 *     git worktree add --detach /tmp/engine-base 3205588
 *     ln -s "$PWD/node_modules" /tmp/engine-base/node_modules
 *     npm run bench:engine -- /tmp/engine-base
 *
 * Options: `--quick` (fewer levels and rounds), `--json`, `--bundled` (each
 * engine bundled by esbuild first, as the built CLI and the studio's workers
 * run it, instead of through tsx).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The engine entry points every checkout since the first RSD generator has. */
interface Engine {
  readonly name: string;
  /** Generates and analyses `count` RSD levels of side `side` (level i from stream i of seed 5); returns the state total. */
  rsd(side: number, count: number): number;
  /** Analyses one of the big graphs; returns its state count. */
  big(index: number): number;
}

interface AnalyzerLike {
  analyze(level: unknown): { ok: boolean; value?: { features: { nStates: number } } };
}

/** The big graphs, rows joined by '/'. The first is RSD 16x16 level 132,188 of seed 36 (the largest of 700,000); the others add and remove walls from it. */
export const BIG_GRAPHS: readonly { readonly states: number; readonly rows: string }[] = [
  {
    states: 60_458,
    rows: '############...#/...#########.C.#/.#....######...#/....#.######.###/..#.#....#...###/#...####...#####/#..#############/##.####..#######/#..####....#####/#.#####.##..####/#...#...###...../##....#......#../##.#....##.#...#/##...#...#.....#/####...#....#..#/###########...##',
  },
  {
    states: 95_395,
    rows: '############...#/...#########.C.#/.#....######...#/....#.######.###/..#.#....#...###/#...####....####/...#####.##.####/##.####..#######/#..####....#####/#.#.###.##..###./#...#...###...../##....#......#../##.#.....#.#...#/##...#...#.....#/####...#....#..#/###########...##',
  },
  {
    states: 110_228,
    rows: '############...#/...#########.C.#/.#....######...#/....#.######.###/..#.#....#...###/#...####....####/...#####.##.####/##.####..#######/#..####....#####/#.#.###.##..###./#...#...###...../##....#......#../##.#.....#.#...#/##...#...#....##/###....#....#..#/###########...##',
  },
];

/** The modules of a checkout the bench calls. */
interface EngineModules {
  Analyzer: new () => AnalyzerLike;
  SolutionDownWalk: new (w: number, h: number) => { toLevel(): unknown };
  runRandomWalk: (walk: unknown, rng: unknown) => void;
  createRng: (seed: number) => unknown;
  streamSeed: (seed: number, index: number) => number;
  parseRows: (rows: readonly string[]) => { ok: boolean; value?: unknown };
}

const ENTRY = `export { Analyzer } from './graph/analyze.ts';
export { SolutionDownWalk, runRandomWalk } from './generators/rsd.ts';
export { createRng, streamSeed } from './util/rng.ts';
export { parseRows } from './level/format.ts';
`;

/**
 * The engine modules of the checkout at `dir`: through tsx as they are (what
 * `npm run bench` and `npm run cli` run), or with `bundled` as one esbuild
 * bundle (what the built CLI and the studio's workers run: no tsx module
 * wrappers or name helpers).
 */
async function engineModules(dir: string, bundled: boolean): Promise<EngineModules> {
  const src = resolve(dir, 'src/core');
  if (!bundled) {
    return {
      ...((await import(`${src}/graph/analyze.ts`)) as Pick<EngineModules, 'Analyzer'>),
      ...((await import(`${src}/generators/rsd.ts`)) as Pick<EngineModules, 'SolutionDownWalk' | 'runRandomWalk'>),
      ...((await import(`${src}/util/rng.ts`)) as Pick<EngineModules, 'createRng' | 'streamSeed'>),
      ...((await import(`${src}/level/format.ts`)) as Pick<EngineModules, 'parseRows'>),
    };
  }
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: src, loader: 'ts', sourcefile: 'engine-entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const folder = mkdtempSync(join(tmpdir(), 'engine-bench-'));
  const file = join(folder, 'engine.mjs');
  writeFileSync(file, out.outputFiles[0]!.text);
  try {
    return (await import(pathToFileURL(file).href)) as EngineModules;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Loads the engine of the checkout at `dir` (this tree's when `dir` is its root). */
export async function loadEngine(dir: string, name: string, bundled = false): Promise<Engine> {
  const { Analyzer, SolutionDownWalk, runRandomWalk, createRng, streamSeed, parseRows } = await engineModules(dir, bundled);
  const analyzer = new Analyzer();
  const walks = new Map<number, { toLevel(): unknown }>();
  const bigLevels = BIG_GRAPHS.map(({ rows }) => {
    const r = parseRows(rows.split('/'));
    if (!r.ok) throw new Error(`${name}: a big graph level does not parse`);
    return r.value;
  });
  const states = (level: unknown): number => {
    const r = analyzer.analyze(level);
    return r.ok ? r.value!.features.nStates : 0;
  };
  return {
    name,
    rsd(side, count) {
      let walk = walks.get(side);
      if (walk === undefined) walks.set(side, (walk = new SolutionDownWalk(side, side)));
      let total = 0;
      for (let i = 0; i < count; i++) {
        runRandomWalk(walk, createRng(streamSeed(5, i)));
        total += states(walk.toLevel());
      }
      return total;
    },
    big: (index) => states(bigLevels[index]),
  };
}

interface Workload {
  readonly name: string;
  /** What one item is ("level", "graph"). */
  readonly unit: string;
  readonly items: number;
  run(engine: Engine): number;
}

export interface EngineRow {
  readonly workload: string;
  readonly engine: string;
  /** Median CPU microseconds per item. */
  readonly cpuUs: number;
  /** Median wall microseconds per item. */
  readonly wallUs: number;
  /** Items per CPU second. */
  readonly perCpuSecond: number;
  readonly rounds: number[];
  /** This reference's CPU time over this tree's (set on reference rows). */
  readonly ratio?: number;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs every workload on every engine, `rounds` times after a warm-up, interleaved; the first engine is the one the ratios compare to. */
export function compareEngines(engines: readonly Engine[], workloads: readonly Workload[], rounds: number): EngineRow[] {
  const rows: EngineRow[] = [];
  for (const w of workloads) {
    const totals = engines.map((e) => w.run(e)); // warm-up, and the exactness check
    if (totals.some((t) => t !== totals[0])) {
      throw new Error(`${w.name}: the engines disagree on the state total (${engines.map((e, i) => `${e.name} ${totals[i]}`).join(', ')})`);
    }
    const cpu = engines.map(() => [] as number[]), wall = engines.map(() => [] as number[]);
    for (let r = 0; r < rounds; r++) {
      // Rotate the order each round so no engine always runs first.
      for (let k = 0; k < engines.length; k++) {
        const i = (k + r) % engines.length;
        const t = performance.now(), before = process.cpuUsage();
        w.run(engines[i]!);
        const used = process.cpuUsage(before);
        wall[i]!.push(((performance.now() - t) * 1000) / w.items);
        cpu[i]!.push((used.user + used.system) / w.items);
      }
    }
    const own = median(cpu[0]!);
    engines.forEach((e, i) => {
      const cpuUs = median(cpu[i]!);
      rows.push({
        workload: w.name,
        engine: e.name,
        cpuUs,
        wallUs: median(wall[i]!),
        perCpuSecond: 1e6 / cpuUs,
        rounds: cpu[i]!,
        ...(i > 0 ? { ratio: cpuUs / own } : {}),
      });
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick'), json = args.includes('--json'), bundled = args.includes('--bundled');
  const refs = args.filter((a) => !a.startsWith('--'));
  const here = fileURLToPath(new URL('..', import.meta.url));
  const engines = [await loadEngine(here, 'this tree', bundled), ...(await Promise.all(refs.map((d) => loadEngine(d, d, bundled))))];
  const n8 = quick ? 4000 : 20_000, n12 = quick ? 2000 : 10_000, rounds = quick ? 5 : 9;
  const workloads: Workload[] = [
    { name: `RSD 8x8: generate + graph + classes + features (${n8.toLocaleString('en-US')} levels)`, unit: 'level', items: n8, run: (e) => e.rsd(8, n8) },
    { name: `RSD 12x12: same (${n12.toLocaleString('en-US')} levels)`, unit: 'level', items: n12, run: (e) => e.rsd(12, n12) },
    ...BIG_GRAPHS.map((g, i): Workload => ({
      name: `big graph: 16x16, ${g.states.toLocaleString('en-US')} states (graph + classes + features)`,
      unit: 'graph',
      items: quick ? 1 : 3,
      run: (e) => {
        let s = 0;
        for (let k = 0; k < (quick ? 1 : 3); k++) s += e.big(i);
        return s;
      },
    })),
  ];
  const loadBefore = loadavg()[0]!;
  const rows = compareEngines(engines, workloads, rounds);
  const loadAfter = loadavg()[0]!;
  if (json) console.log(JSON.stringify({ node: process.version, bundled, rounds, loadavg: [loadBefore, loadAfter], rows }, null, 2));
  else {
    console.log(`node ${process.version}; ${bundled ? 'engines bundled by esbuild' : 'engines through tsx'}; ${rounds} rounds per workload, interleaved; load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`);
    console.log('CPU = process.cpuUsage (user + system), median over the rounds; ratio = reference CPU time / this tree\'s\n');
    for (const w of workloads) {
      console.log(w.name);
      for (const r of rows.filter((x) => x.workload === w.name)) {
        const per = w.unit === 'graph' ? `${(r.cpuUs / 1000).toFixed(2)} ms CPU per graph (wall ${(r.wallUs / 1000).toFixed(2)} ms)` : `${r.cpuUs.toFixed(2)} us CPU per level, ${Math.round(r.perCpuSecond).toLocaleString('en-US')} levels per CPU-second (wall ${r.wallUs.toFixed(2)} us)`;
        console.log(`  ${r.engine.padEnd(22)} ${per}${r.ratio !== undefined ? `; ratio ${r.ratio.toFixed(2)}x` : ''}`);
      }
    }
  }
}
