/**
 * deploy/wait-job.sh (docs/cluster.md) against a stand-in `kubectl` that
 * answers the Job's conditions from a script of states: it returns as soon
 * as the Job completes (0) or fails (1), and gives up after its limit (2).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'longcat-wait-job-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs wait-job.sh with a kubectl that prints the next of `states` on each call (the last one repeats). */
function waitJob(states: readonly string[], limit: number): { status: number | null; stdout: string; stderr: string; calls: string[] } {
  const dir = mkdtempSync(join(tmp, 'bin-'));
  writeFileSync(join(dir, 'states'), states.join('\n') + '\n');
  writeFileSync(join(dir, 'n'), '0');
  writeFileSync(
    join(dir, 'kubectl'),
    `#!/bin/sh\necho "$*" >> "${dir}/calls"\nn=$(cat "${dir}/n"); echo $((n + 1)) > "${dir}/n"\n` +
      `line=$(sed -n "$((n + 1))p" "${dir}/states"); [ -n "$line" ] || line=$(tail -n 1 "${dir}/states")\n` +
      `[ "$line" = "ERROR" ] && exit 1\n[ "$line" = "-" ] && line=""\nprintf '%s' "$line"\n`,
  );
  chmodSync(join(dir, 'kubectl'), 0o755);
  const r = spawnSync('sh', [join(ROOT, 'deploy/wait-job.sh'), 'longcat-generate', String(limit)], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dir}:${process.env['PATH'] ?? ''}`, WAIT_JOB_POLL: '0' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, calls: readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n') };
}

describe('deploy/wait-job.sh', () => {
  it('returns 0 once the Job completes', () => {
    const r = waitJob(['-', 'SuccessCriteriaMet ', 'SuccessCriteriaMet Complete '], 100);
    expect(r.status, r.stderr).toBe(0);
    expect(r.calls).toHaveLength(3);
    expect(r.calls[0]).toContain('get job/longcat-generate');
  });

  it('returns 1 as soon as the Job fails, without waiting out the limit', () => {
    const r = waitJob(['-', 'FailureTarget Failed '], 1_000_000);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/job\/longcat-generate failed/);
    expect(r.calls).toHaveLength(2);
  });

  it('returns 2 when the Job is still running at the limit, or kubectl cannot read it', () => {
    const running = waitJob(['-'], 0);
    expect(running.status).toBe(2);
    expect(running.stderr).toMatch(/still running/);
    expect(waitJob(['ERROR'], 100).status).toBe(2);
  });
});
