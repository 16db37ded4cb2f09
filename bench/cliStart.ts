/**
 * `npm run bench:cli`: the command line's start time. Runs the built bin
 * (`node bin/longcat.mjs`, what an installed `longcat` runs) for `--help`,
 * for `analyze` of a one-level text file and of the same level as a pack,
 * beside `node -e 0` (Node's own start), interleaved round by round so a
 * change in the machine's load hits all of them alike. Each run's CPU time
 * (user + system, the whole process from its start) is read by the process
 * itself as it exits (`process.cpuUsage()` from a `-r` preload, given to
 * every case alike, `node -e 0` included) and passed back on file
 * descriptor 3; the table gives medians, and each command's median as a
 * multiple of Node's. Options: `--runs N` (default 41); `--compare FILE`
 * adds `--help` and `analyze one.txt` of another build's entry (e.g. an
 * older commit's `build/cli/longcat.mjs` copied inside this checkout, so
 * that it finds node_modules), interleaved with the rest.
 * Record results in docs/BENCHMARKS.md with the command, date and load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 41;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number above 0, got ${process.argv[runsArg + 1]}`);

if (!existsSync(join(ROOT, 'build/cli/longcat.mjs'))) {
  const b = spawnSync(process.execPath, ['scripts/build-cli.mjs', '--cli-only'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'longcat-start-'));
const cpuProbe = join(dir, 'cpu.cjs');
// The process's own CPU time as it exits, in microseconds, on descriptor 3.
writeFileSync(cpuProbe, "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(3, String(u.user + u.system)); });\n");
writeFileSync(join(dir, 'one.txt'), '; one\nC..#\n.#..\n....\n');
writeFileSync(join(dir, 'one.json'), JSON.stringify({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'one', levels: [{ id: 'one', name: 'one', rows: ['C..#', '.#..', '....'] }] }));

const bin = join(ROOT, 'bin/longcat.mjs');
const cases: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'longcat --help', args: [bin, '--help'] },
  { name: 'longcat analyze one.txt', args: [bin, 'analyze', 'one.txt'] },
  { name: 'longcat analyze one.json', args: [bin, 'analyze', 'one.json'] },
];
const compareArg = process.argv.indexOf('--compare');
if (compareArg > 0) {
  const other = resolve(process.argv[compareArg + 1] ?? '');
  if (!existsSync(other)) throw new Error(`--compare: no file ${other}`);
  cases.push({ name: 'compared --help', args: [other, '--help'] }, { name: 'compared analyze one.txt', args: [other, 'analyze', 'one.txt'] });
}
const cpuMs: number[][] = cases.map(() => []);
const wallMs: number[][] = cases.map(() => []);
const loadStart = loadavg()[0]!;
for (let round = -1; round < RUNS; round++) {
  cases.forEach((c, i) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['-r', cpuProbe, ...c.args], { cwd: dir, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
    if (round < 0) return; // one warm-up round (file cache)
    cpuMs[i]!.push(Number(r.output[3]) / 1000);
    wallMs[i]!.push(ms);
  });
}
const loadEnd = loadavg()[0]!;
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const nodeCpu = median(cpuMs[0]!);
console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown cpu'}, load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end, ${RUNS} runs each\n`);
console.log(`${'command'.padEnd(26)} ${'CPU median'.padStart(11)} ${'x node'.padStart(7)} ${'CPU min'.padStart(8)} ${'wall median'.padStart(12)}`);
cases.forEach((c, i) => {
  const cpu = median(cpuMs[i]!);
  console.log(
    `${c.name.padEnd(26)} ${`${cpu.toFixed(0)} ms`.padStart(11)} ${(cpu / nodeCpu).toFixed(2).padStart(7)} ${`${Math.min(...cpuMs[i]!).toFixed(0)} ms`.padStart(8)} ${`${median(wallMs[i]!).toFixed(0)} ms`.padStart(12)}`,
  );
});
