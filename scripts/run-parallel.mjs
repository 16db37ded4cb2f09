// Runs npm scripts side by side and exits non-zero when any of them fails:
// `npm test`'s first step (typecheck, lint and the studio's build take one
// core each for most of their time; one after another they are most of a
// minute of wall time on a 2-core machine). Each script's output is printed
// in one piece when it ends, so the outputs do not interleave.
//
//   node scripts/run-parallel.mjs typecheck lint build:studio
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script>...\n');
  process.exit(2);
}
const npm = process.env.npm_execpath;
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((done) => {
        // npm_execpath is npm's own CLI script when run under npm; otherwise the npm on PATH.
        const child = npm ? spawn(process.execPath, [npm, 'run', '--silent', name]) : spawn('npm', ['run', '--silent', name]);
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('error', (e) => done({ name, code: 1, text: `${e.message}\n` }));
        child.on('close', (code, signal) => {
          const text = Buffer.concat(out).toString('utf8');
          process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`}\n${text}`);
          done({ name, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) process.stderr.write(`run-parallel: failed: ${failed.join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
