/**
 * Expressive-range bench: `longcat range` over a stream of unique RSD 8x8
 * levels (generated first, not timed), one process per pair of measures,
 * through the sources (tsx, as `npm run cli` runs them). Reports each
 * process's CPU time (user + system, from GNU time), wall time, the load
 * average, and checks that the bins add up to the levels read. Then the
 * studio's side: the range worker's api (`expressiveRange`, what the Batch
 * view calls) on the measures of 20,000 unique RSD 8x8 levels from a batch
 * evaluation (made first, not timed), CPU time of this process per map.
 *
 *   npm run bench:range -- [levels=20000] [seed=1] [folder=out/range]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { defaultModelFor } from '../src/core/difficulty/defaultModel';
import { MEASURE_NAMES } from '../src/core/range/measures';
import { runEvaluation } from '../src/workers/batch.api';
import { expressiveRange } from '../src/workers/range.api';

const [levels = 20_000, seed = 1] = process.argv.slice(2, 4).map(Number);
const folder = process.argv[4] ?? 'out/range';
if (!existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time) is needed to read each process\'s CPU time');
mkdirSync(folder, { recursive: true });
const cli = ['--import', 'tsx', 'src/cli/longcat.ts'];

function run(args: readonly string[]): { cpu: number; wall: number; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-f', 'BENCH %U %S %e', process.execPath, ...cli, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`longcat ${args.join(' ')} failed: ${r.stderr}`);
  const m = /BENCH ([\d.]+) ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (m === null) throw new Error(`no timing in: ${r.stderr}`);
  return { cpu: Number(m[1]) + Number(m[2]), wall: Number(m[3]), stdout: r.stdout };
}

const stream = join(folder, `rsd-8x8-${levels}-s${seed}.ndjson`);
run(['generate', '--generator', 'rsd', '--count', String(levels), '--seed', String(seed), '--quiet', '--out', stream]);
const start = run(['--help']);
const load0 = loadavg()[0]!;
console.log(`| x | y | CPU | wall | read | placed | occupied | holes |`);
console.log(`|---|---|---:|---:|---:|---:|---:|---:|`);
for (const [x, y] of [['difficulty', 'density'], ['difficulty', 'leniency'], ['states', 'solutions']] as const) {
  const r = run(['range', stream, '--x', x, '--y', y, '--bins', '20', '--json']);
  const map = JSON.parse(r.stdout) as { read: number; placed: number; occupied: number; holes: number; counts: number[][] };
  const sum = map.counts.flat().reduce((a, b) => a + b, 0);
  if (map.read !== levels || sum !== map.placed) throw new Error(`bins do not add up: read ${map.read}, placed ${map.placed}, counts ${sum}`);
  console.log(`| ${x} | ${y} | ${r.cpu.toFixed(2)} s | ${r.wall.toFixed(2)} s | ${map.read} | ${map.placed} | ${map.occupied} | ${map.holes} |`);
}
console.log(`\nstart-up alone (--help through tsx): ${start.cpu.toFixed(2)} s CPU; load average ${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);

// The studio's map: the range worker's api over the measures a Batch evaluation carries.
const model = defaultModelFor('longcat');
const evaluation = await runEvaluation({ generator: 'rsd', width: 8, height: 8, count: Math.ceil(levels * 1.2), seed, model });
if (evaluation.kind !== 'ok') throw new Error(evaluation.message);
const table = evaluation.value.runs[0]!.measures!;
if (table.levels.length < levels) throw new Error(`only ${table.levels.length} unique levels; raise the iterations`);
const k = MEASURE_NAMES.length;
const group = { label: 'rsd', table: { levels: table.levels.slice(0, levels), values: table.values.slice(0, levels * k) } };
console.log(`\nThe range worker's api (expressiveRange) on ${levels} unique RSD 8x8 levels' measures, in this process:\n`);
console.log(`| x | y | CPU | placed | occupied | holes |`);
console.log(`|---|---|---:|---:|---:|---:|`);
for (const [x, y] of [['difficulty', 'density'], ['difficulty', 'leniency'], ['states', 'solutions']] as const) {
  const cpu = process.cpuUsage();
  const r = await expressiveRange({ x, y, bins: 20, groups: [group], overlays: [], model });
  const d = process.cpuUsage(cpu);
  if (r.kind !== 'ok') throw new Error(r.message);
  const map = r.value.maps[0]!;
  const sum = Array.from(map.counts).reduce((a, b) => a + b, 0);
  if (map.read !== levels || sum !== map.placed) throw new Error(`bins do not add up: read ${map.read}, placed ${map.placed}, counts ${sum}`);
  console.log(`| ${x} | ${y} | ${((d.user + d.system) / 1e6).toFixed(3)} s | ${map.placed} | ${map.occupied} | ${map.holes} |`);
}
console.log(`\nload average ${loadavg()[0]!.toFixed(1)} at the end`);
