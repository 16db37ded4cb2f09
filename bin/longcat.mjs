#!/usr/bin/env node
// The `longcat` command: runs the bundle that `npm run build:cli` makes in
// build/cli (built by the `prepare` hook of `npm install` / `npm ci`, and by
// `prepack` for a published package). It needs only `dependencies`, never tsx
// or other devDependencies. Developers run the sources with `npm run cli`.
import { existsSync } from 'node:fs';

const bundle = new URL('../build/cli/longcat.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('error: the command line is not built (build/cli/longcat.mjs is missing): run `npm run build:cli`, or `npm run cli -- <command>` to run the sources\n');
  process.exit(2);
}
// `analyze` has a bundle of its own (scripts/build-cli.mjs): the same program, fewer files to load at its start.
const analyze = process.argv[2] === 'analyze' ? new URL('../build/cli/analyze.mjs', import.meta.url) : null;
await import((analyze !== null && existsSync(analyze) ? analyze : bundle).href);
