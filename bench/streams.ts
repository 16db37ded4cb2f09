/**
 * Scale-out bench (SPEC §11): RSD 8x8 levels as an Indexed Job would make
 * them, one process per shard run one after another (the environment
 * Kubernetes sets, no --shard), then `merge`. Reports per process its CPU
 * time (user + system), wall time and peak resident memory, read from
 * GNU time, and the unique levels written.
 *
 *   npm run bench:streams -- [iterations=1500000] [shards=8] [seed=1] [folder=out/streams] [heapMiB]
 *
 * With `heapMiB`, every process runs with that V8 heap limit
 * (`--max-old-space-size`): a run that finishes shows memory does not grow
 * with the stream.
 *
 * Runs the built CLI (build/cli, `npm run build:cli`) as an installed
 * `longcat` would. Each process runs under `nice -n 10`, so a shared machine
 * stays usable. Needs GNU time at /usr/bin/time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [iterations = 1_500_000, shards = 8, seed = 1] = process.argv.slice(2, 5).map(Number);
const folder = process.argv[5] ?? 'out/streams';
const heap = process.argv[6] !== undefined ? [`--max-old-space-size=${Number(process.argv[6])}`] : [];
const cli = 'build/cli/longcat.mjs';
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build:cli first`);
if (!existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time) is needed to read each process\'s CPU time and peak memory');
mkdirSync(folder, { recursive: true });

interface Measured {
  readonly cpu: number;
  readonly wall: number;
  readonly peakMiB: number;
  readonly stderr: string;
}

function measure(args: readonly string[], env: Record<string, string> = {}): Measured {
  const r = spawnSync('/usr/bin/time', ['-f', 'BENCH %U %S %e %M', 'nice', '-n', '10', process.execPath, ...heap, cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`longcat ${args.join(' ')} failed: ${r.stderr}`);
  const m = /BENCH ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (m === null) throw new Error(`no timing in: ${r.stderr}`);
  return { cpu: Number(m[1]) + Number(m[2]), wall: Number(m[3]), peakMiB: Number(m[4]) / 1024, stderr: r.stderr.replace(/BENCH .*\n?/, '').trim() };
}

const files: string[] = [];
const rows: string[] = [];
let cpuTotal = 0;
for (let i = 0; i < shards; i++) {
  const file = join(folder, `rsd-8x8-s${seed}-shard${i + 1}of${shards}.ndjson`);
  const m = measure(['generate', '--generator', 'rsd', '--iterations', String(iterations), '--size', '8x8', '--seed', String(seed), '--quiet', '--out', file], { JOB_COMPLETION_INDEX: String(i), LONGCAT_SHARDS: String(shards) });
  cpuTotal += m.cpu;
  files.push(file);
  rows.push(`| shard ${i + 1}/${shards} | ${m.cpu.toFixed(1)} s | ${m.wall.toFixed(1)} s | ${m.peakMiB.toFixed(0)} MiB | ${m.stderr} |`);
  process.stderr.write(`${rows.at(-1)}\n`);
}
const merged = join(folder, `rsd-8x8-s${seed}-merged.ndjson`);
const m = measure(['merge', ...files, '--out', merged]);
rows.push(`| merge | ${m.cpu.toFixed(1)} s | ${m.wall.toFixed(1)} s | ${m.peakMiB.toFixed(0)} MiB | ${m.stderr} |`);
const size = statSync(merged).size;
process.stdout.write(
  [
    `${iterations} RSD 8x8 iterations, seed ${seed}, ${shards} shards (node ${process.version}${heap.length > 0 ? `, ${heap[0]}` : ''})`,
    '',
    '| step | CPU (user + sys) | wall | peak RSS | result |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `shards together: ${cpuTotal.toFixed(1)} s CPU; merged stream ${(size / 1024 / 1024).toFixed(0)} MiB`,
    '',
  ].join('\n'),
);
