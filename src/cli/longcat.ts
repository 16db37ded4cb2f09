/**
 * The process entry of the `longcat` command. `npm run build:cli` bundles it
 * (with `main.ts` and, as separate chunks, each command) into
 * `build/cli/longcat.mjs`, which `bin/longcat.mjs` runs; `npm run cli` runs
 * this file from source through tsx.
 */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
