/**
 * `rate` at scale: a million attempt rows read in a separate process whose
 * peak resident memory (the kernel's count, the TypeScript loader included)
 * must stay under 1 GiB. The rows are written a piece at a time by
 * test/support/attemptRows; the counts are checked against what was
 * written (every row an attempt, one player per run of rows).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAttemptRows } from '../../test/support/attemptRows';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by its work (docs/suite.md): no wall-clock timeout, which a loaded machine would trip.
noWallClockLimit();

describe('rate at scale', () => {
  it('1,000,000 rows in under 1 GiB (peak resident memory of the whole process)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rate-scale-'));
    try {
      const file = join(dir, 'rows.csv');
      expect(writeAttemptRows(file, { seed: 1, rows: 1_000_000, levels: ['one', 'two', 'three'] })).toBe(1_000_000);
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/peakMemory.ts', 'rate', 'test/fixtures/attempts/pack.json', '--attempts', file, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
      expect(r.status, r.stderr).toBe(0);
      const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { attempts: number });
      expect(rows.reduce((s, x) => s + x.attempts, 0)).toBe(1_000_000);
      const peak = Number(/PEAK_RSS_KIB (\d+)/.exec(r.stderr)![1]);
      expect(peak * 1024).toBeLessThan(1024 ** 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
