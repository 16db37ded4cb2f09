// Runs npm scripts side by side and exits non-zero when any of them fails.
// `npm test` uses it twice: typecheck, lint and the studio's build (each
// keeps a core busy for most of its time), then the unit tests beside the
// browser tests (Playwright's workers mostly wait on their pages, about half
// a core for three of them, so the unit tests fill the rest of the machine).
//
//   node scripts/run-parallel.mjs typecheck lint build:studio
//   node scripts/run-parallel.mjs --live test:unit test:browser
//
// By default each script's output is printed in one piece when it ends, so
// the outputs do not interleave. With --live every line is printed as it
// comes, behind its script's name ("[test:unit] ..."), for steps long
// enough that minutes of silence would hide how far they are.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args[0] === '--live';
const scripts = live ? args.slice(1) : args;
if (scripts.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs [--live] <npm script>...\n');
  process.exit(2);
}
const npm = process.env.npm_execpath;

/** Writes complete lines of `chunk` behind `prefix`, keeping a partial last line for the next chunk. */
function liveWriter(prefix) {
  let rest = '';
  return {
    write(chunk) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      if (lines.length > 0) process.stdout.write(lines.map((l) => `${prefix}${l}\n`).join(''));
    },
    end() {
      if (rest !== '') process.stdout.write(`${prefix}${rest}\n`);
      rest = '';
    },
  };
}

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((done) => {
        // npm_execpath is npm's own CLI script when run under npm; otherwise the npm on PATH.
        const child = npm ? spawn(process.execPath, [npm, 'run', '--silent', name]) : spawn('npm', ['run', '--silent', name]);
        const out = [];
        const writer = live ? liveWriter(`[${name}] `) : null;
        const take = (d) => (writer ? writer.write(d) : out.push(d));
        child.stdout.on('data', take);
        child.stderr.on('data', take);
        child.on('error', (e) => done({ name, code: 1, text: `${e.message}\n` }));
        child.on('close', (code, signal) => {
          writer?.end();
          const text = writer ? '' : Buffer.concat(out).toString('utf8');
          process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`}\n${text}`);
          done({ name, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) process.stderr.write(`run-parallel: failed: ${failed.join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
