/**
 * Same seed, same bytes (issue: `generate --target` wrote the search's
 * milliseconds into each level, and targets near the top of the range
 * failed or succeeded with the machine's load). The search is budgeted in
 * evaluations; the wall clock is only `--time-limit`'s outer cancel.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/support/cliRun';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const tmp = mkdtempSync(join(tmpdir(), 'longcat-seeds-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A process that keeps one core busy until killed. */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

describe('generate --target: the same seed gives the same file on any machine', () => {
  // 300 is near the top of the 8x8 range: it failed under load with the old wall-clock limit.
  const args = (out: string): string[] => ['generate', '--target', '300', '--size', '8x8', '--count', '2', '--seed', '7', '--out', out];

  it('byte-identical run to run and with a busy core beside it, with no wall time in the levels', async () => {
    const quiet = join(tmp, 'quiet.json'), busy = join(tmp, 'busy.json');
    const first = await runCli(args(quiet));
    expect(first.status, first.stderr).toBe(0);
    const loops = [busyCore(), busyCore()];
    try {
      const second = await runCli(args(busy));
      expect(second.status, second.stderr).toBe(0);
    } finally {
      for (const p of loops) p.kill();
    }
    expect(readFileSync(busy, 'utf8')).toBe(readFileSync(quiet, 'utf8'));
    const pack = JSON.parse(readFileSync(quiet, 'utf8')) as { levels: { rows: string[]; difficulty: number; source: { generator: string } }[] };
    expect(pack.levels).toHaveLength(2);
    for (const l of pack.levels) {
      expect(l.source.generator).toMatch(/^at-difficulty \(target 300, \d+ evaluations\)$/);
      expect(l.difficulty).toBeGreaterThanOrEqual(270);
      expect(naiveAnalyze(l.rows).features.nSolutions).toBeGreaterThan(0);
    }
    // Timings go to stderr.
    expect(first.stderr).toMatch(/evaluations, [\d.]+ s\)/);
  });

  it('--time-limit only cancels: a run cut off finds nothing, exits 3, says so and writes nothing', async () => {
    const out = join(tmp, 'cut.json');
    const r = await runCli(['generate', '--target', '300', '--count', '2', '--seed', '7', '--time-limit', '0.001', '--out', out]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/^error: .*time limit/);
    expect(existsSync(out)).toBe(false);
  });

  it('an out-of-reach target is said so from the evaluation budget, the same every run', async () => {
    const a = await runCli(['generate', '--target', '5000', '--count', '1', '--seed', '7', '--out', join(tmp, 'far.json')]);
    const b = await runCli(['generate', '--target', '5000', '--count', '1', '--seed', '7', '--out', join(tmp, 'far.json')]);
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/out of reach for 8x8 levels: the reachable range is about 0 to \d+/);
    expect(b.stderr).toBe(a.stderr);
  });
});
