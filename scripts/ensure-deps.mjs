// `npm start` runs this first: it installs dependencies only when they are
// missing or older than package.json / package-lock.json, so a start after
// the first one goes straight to the dev server. Node built-ins only: it runs
// before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// npm writes node_modules/.package-lock.json at the end of every install.
const installed = join(root, 'node_modules/.package-lock.json');
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -Infinity);
const wanted = Math.max(mtime(join(root, 'package.json')), mtime(join(root, 'package-lock.json')));

let reason = null;
if (!existsSync(installed)) reason = 'node_modules is missing';
else if (mtime(installed) < wanted) reason = 'package.json or package-lock.json changed since the last install';

if (reason !== null) {
  process.stderr.write(`npm start: ${reason}: installing dependencies\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
