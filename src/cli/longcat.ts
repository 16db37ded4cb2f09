/**
 * The process entry of the `longcat` command. `npm run build:cli` bundles it
 * (with `main.ts` and, as separate chunks, each command) into
 * `build/cli/longcat.mjs`, which `bin/longcat.mjs` runs (but for `analyze`:
 * `analyzeOnly.ts`); `npm run cli` runs this file from source through tsx.
 */
import { main } from './main';
import { startProcess } from './startProcess';

await startProcess(main);
