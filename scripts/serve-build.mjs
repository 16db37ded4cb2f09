// Serves the studio's production build (dist/, made by `npm run build:studio`)
// for the browser tests: static files only, with sirv (the file server
// inside `vite preview`) on Node's own http server.
//
//   node scripts/serve-build.mjs [port=4173] [folder=dist]
//
// Playwright starts it (playwright.config.ts). `vite preview` serves the same
// files; this costs the test run less: on 15 specs' page loads 0.53 s of CPU
// against 1.51 s, and 0.1 s to start against 0.4 s (docs/BENCHMARKS.md).
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import sirv from 'sirv';

const port = Number(process.argv[2] ?? 4173);
const folder = process.argv[3] ?? 'dist';
if (!existsSync(folder)) {
  process.stderr.write(`error: ${folder}/ is missing: run \`npm run build:studio\` first\n`);
  process.exit(2);
}
// dev: files are looked up on each request (a rebuild is served without a restart); no-cache, as vite preview sends.
const serve = sirv(folder, { dev: true, etag: true });
createServer((req, res) =>
  serve(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }),
).listen(port, '127.0.0.1', () => process.stdout.write(`serving ${folder}/ on http://127.0.0.1:${port}\n`));
