/**
 * `npm run bench:cli`: the command line's start time. Runs the built bin
 * (`node bin/longcat.mjs`, what an installed `longcat` runs) for `--help` and
 * for `analyze` of a one-level file, beside `node -e 0` (Node's own start),
 * interleaved round by round so a change in the machine's load hits all
 * three alike. CPU time is the children's user + sys time from
 * /proc/self/stat (Linux; 10 ms ticks, so it is summed over all runs and
 * divided), wall time per run. Options: `--runs N` (default 20).
 * Record results in docs/BENCHMARKS.md with the command and date.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number above 0, got ${process.argv[runsArg + 1]}`);

/** Children's CPU seconds so far (user + sys of waited-for children), from /proc/self/stat. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces): cutime and cstime are fields 16 and 17.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[13]) + Number(rest[14])) / 100;
}

if (!existsSync(join(ROOT, 'build/cli/longcat.mjs'))) {
  const b = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'longcat-start-'));
const one = join(dir, 'one.txt');
writeFileSync(one, '; one\nC..#\n.#..\n....\n');

const cases: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'longcat --help', args: [join(ROOT, 'bin/longcat.mjs'), '--help'] },
  { name: 'longcat analyze one.txt', args: [join(ROOT, 'bin/longcat.mjs'), 'analyze', one] },
];
const cpu = cases.map(() => 0);
const wall: number[][] = cases.map(() => []);
const load = loadavg()[0]!;
for (let round = -1; round < RUNS; round++) {
  cases.forEach((c, i) => {
    const cpu0 = childCpuSeconds();
    const t0 = performance.now();
    const r = spawnSync(process.execPath, c.args, { cwd: dir, encoding: 'utf8' });
    const ms = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
    if (round < 0) return; // one warm-up round (file cache)
    cpu[i]! += childCpuSeconds() - cpu0;
    wall[i]!.push(ms);
  });
}
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown cpu'}, load average ${load.toFixed(1)} at the start, ${RUNS} runs each\n`);
console.log(`${'command'.padEnd(26)} ${'CPU / run'.padStart(10)} ${'wall min'.padStart(9)} ${'wall median'.padStart(12)}`);
cases.forEach((c, i) => {
  console.log(`${c.name.padEnd(26)} ${`${((1000 * cpu[i]!) / RUNS).toFixed(0)} ms`.padStart(10)} ${`${Math.min(...wall[i]!).toFixed(0)} ms`.padStart(9)} ${`${median(wall[i]!).toFixed(0)} ms`.padStart(12)}`);
});
