/**
 * What a process that runs the command line sets up around it (the entries
 * `longcat.ts` and `analyzeOnly.ts`): a reader that goes away is no error,
 * anything that escapes ends with one line, and the exit code is the run's.
 */
import { reportError } from './program';

export async function startProcess(run: (argv: readonly string[]) => Promise<number>): Promise<void> {
  const debug = process.argv.includes('--debug');
  // A reader that goes away (`longcat analyze x | head -1`) is not an error worth a trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      process.exit(e.code === 'EPIPE' ? 0 : 1);
    });
  }
  // Whatever escapes the run (an error thrown later in a callback) still ends with one line.
  process.on('uncaughtException', (e) => process.exit(reportError(e, debug)));
  process.on('unhandledRejection', (e) => process.exit(reportError(e, debug)));
  process.exitCode = await run(process.argv.slice(2));
}
