/**
 * The command line as its own process, for tests about what only a process
 * has (its environment, standard input, exit status, a shell around it): the
 * CLI's bundle (`node bin/longcat.mjs`, what the `longcat` bin runs), which
 * test/globalSetup.ts builds from the current sources once per run. A start
 * costs about 0.25 s of CPU, against 1.2 s for the sources through tsx.
 * Tests that need no process run `main()` in theirs (test/support/cliRun.ts);
 * cli.test.ts still starts the sources through tsx (`npm run cli`) once.
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { CHECKOUT } from './checkoutCopy';
import { spawnCpuBudget } from './cpuBudget';

/** The `longcat` bin of the checkout (it runs build/cli/longcat.mjs). */
export const LONGCAT_BIN = join(CHECKOUT, 'bin/longcat.mjs');

export interface CliProcessOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly input?: string;
  /** Most CPU-seconds the process may use (default 60). */
  readonly cpuSeconds?: number;
}

/** Runs `longcat args...` as a process under a CPU budget (never a wall-clock one). */
export function longcatProcess(args: readonly string[], o: CliProcessOptions = {}): SpawnSyncReturns<string> {
  return spawnCpuBudget(process.execPath, [LONGCAT_BIN, ...args], {
    cpuSeconds: o.cpuSeconds ?? 60,
    cwd: o.cwd ?? CHECKOUT,
    ...(o.env !== undefined ? { env: o.env } : {}),
    ...(o.input !== undefined ? { input: o.input } : {}),
  });
}
