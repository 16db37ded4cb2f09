/**
 * Budgets for tests that run the CLI, by CPU and by work, never by the wall
 * clock (docs/suite.md, "Timing never decides a test"): on a machine at a
 * load of 20 a command takes many times its idle wall time but about the
 * same CPU time.
 *
 * - {@link noWallClockLimit} lifts vitest's wall-clock test and hook
 *   timeouts for the calling test file. Its tests are bounded by their work
 *   (a fixed number of iterations, levels or environment steps), and every
 *   process they start by its CPU time.
 * - {@link spawnCpuBudget} starts a process under a CPU-time limit
 *   (`ulimit -t`, RLIMIT_CPU): the kernel stops it with SIGXCPU once it has
 *   used that many CPU-seconds, however long it waited for a core, and the
 *   result says so in its `error`.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { vi } from 'vitest';

/** No wall-clock timeout for this file's tests and hooks (vitest treats 0 as none). */
export function noWallClockLimit(): void {
  vi.setConfig({ testTimeout: 0, hookTimeout: 0 });
}

export interface CpuBudgetOptions {
  /** Most CPU-seconds the process may use (whole seconds, at least 1). */
  readonly cpuSeconds: number;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly input?: string | Buffer;
  readonly maxBuffer?: number;
}

/**
 * Runs `command args...` with at most `cpuSeconds` of CPU time. A process
 * stopped by the budget comes back with `signal` SIGXCPU (or SIGKILL past
 * the hard limit) and an `error` naming the budget, so a test's message
 * says why.
 */
export function spawnCpuBudget(command: string, args: readonly string[], o: CpuBudgetOptions): SpawnSyncReturns<string> {
  const seconds = Math.max(1, Math.ceil(o.cpuSeconds));
  // `exec` keeps the limit on the command itself (sh's own CPU is nothing).
  const r = spawnSync('/bin/sh', ['-c', `ulimit -t ${seconds} && exec "$@"`, 'sh', command, ...args], {
    encoding: 'utf8',
    maxBuffer: o.maxBuffer ?? 1 << 26,
    ...(o.cwd !== undefined ? { cwd: o.cwd } : {}),
    ...(o.env !== undefined ? { env: o.env } : {}),
    ...(o.input !== undefined ? { input: o.input } : {}),
  });
  if (r.signal === 'SIGXCPU' || r.signal === 'SIGKILL') {
    return { ...r, error: new Error(`${command} ${args.join(' ')} ran past its budget of ${seconds} CPU-seconds (${r.signal})`) };
  }
  return r;
}
