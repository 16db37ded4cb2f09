/**
 * The process entry of the `longcat` command. `npm run build:cli` bundles it
 * (with `main.ts` and, as separate chunks, each command) into
 * `build/cli/longcat.mjs`, which `bin/longcat.mjs` runs; `npm run cli` runs
 * this file from source through tsx.
 */
import { main, reportError } from './main';

const debug = process.argv.includes('--debug');
// A reader that goes away (`longcat analyze x | head -1`) is not an error worth a trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    process.exit(e.code === 'EPIPE' ? 0 : 1);
  });
}
// Whatever escapes main() (an error thrown later in a callback) still ends with one line.
process.on('uncaughtException', (e) => process.exit(reportError(e, debug)));
process.on('unhandledRejection', (e) => process.exit(reportError(e, debug)));

process.exitCode = await main(process.argv.slice(2));
