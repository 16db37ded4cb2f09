/**
 * Vitest setup file (vite.config.ts `setupFiles`, run before each test file):
 * records the file's CPU time, its worker process's own (user + system) plus
 * that of the child processes it waited for (CLI runs, bash blocks, builds),
 * from the file's import to its last hook, and appends one line to
 * `bench-results/suite-cpu/vitest.ndjson` (emptied at the start of each run
 * by test/globalSetup.ts). `npm run suite:cpu` prints the table.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll } from 'vitest';
import { CHECKOUT } from './support/checkoutCopy';
import { VITEST_CPU_RECORD } from './support/suiteCpu';


/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux we run on). */
const TICKS = 100;

/** Seconds of CPU of this process and of its waited-for children: [self, children]. */
function cpuSeconds(): [number, number] {
  const u = process.cpuUsage();
  let children = 0;
  try {
    // /proc/self/stat: fields after the command name; cutime and cstime are fields 16 and 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    // not Linux: the children's time is not counted
  }
  return [(u.user + u.system) / 1e6, children];
}

const started = cpuSeconds();
const wallStarted = performance.now();

// eslint-disable-next-line no-empty-pattern -- vitest wants a destructured context; the file is the second argument
afterAll(({}, suite) => {
  const [self, children] = cpuSeconds();
  const file = 'filepath' in suite ? relative(CHECKOUT, (suite as { filepath: string }).filepath) : suite.name;
  const line = {
    file,
    cpuSeconds: +(self - started[0] + children - started[1]).toFixed(2),
    childCpuSeconds: +(children - started[1]).toFixed(2),
    wallSeconds: +((performance.now() - wallStarted) / 1000).toFixed(2),
    pid: process.pid,
  };
  mkdirSync(join(CHECKOUT, 'bench-results/suite-cpu'), { recursive: true });
  appendFileSync(join(CHECKOUT, VITEST_CPU_RECORD), `${JSON.stringify(line)}\n`);
});
