/**
 * `npm run bench:rate-scale -- [millions=1,10] [folder=out/rate-scale]`:
 * `longcat rate` on attempts CSVs of 1 and 10 million rows (written a piece
 * at a time by test/support/attemptRows, three levels, a player per run of
 * 1-9 rows). Per size: the file's size, CPU seconds (user + system) and
 * peak resident memory of the whole process (GNU time), and CPU per
 * million rows (flat = linear time). Runs under `nice -n 10`; needs GNU
 * time at /usr/bin/time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeAttemptRows } from '../test/support/attemptRows';

const sizes = (process.argv[2] ?? '1,10').split(',').map(Number);
const folder = process.argv[3] ?? 'out/rate-scale';
if (!existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time) is needed to read the CPU time and peak memory');
mkdirSync(folder, { recursive: true });
console.log('| rows | file MiB | CPU s | CPU s per million rows | peak MiB |');
console.log('|---|---|---|---|---|');
for (const m of sizes) {
  const file = join(folder, `rows-${m}m.csv`);
  writeAttemptRows(file, { seed: 1, rows: m * 1_000_000, levels: ['one', 'two', 'three'] });
  const r = spawnSync('/usr/bin/time', ['-f', 'BENCH %U %S %M', 'nice', '-n', '10', process.execPath, '--import', 'tsx', 'src/cli/longcat.ts', 'rate', 'test/fixtures/attempts/pack.json', '--attempts', file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = /BENCH ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || line === null) throw new Error(`rate failed on ${m} million rows: ${r.stderr.slice(-2000)}`);
  const cpu = Number(line[1]) + Number(line[2]);
  console.log(`| ${m.toLocaleString('en-US')},000,000 | ${(statSync(file).size / 2 ** 20).toFixed(0)} | ${cpu.toFixed(1)} | ${(cpu / m).toFixed(2)} | ${(Number(line[3]) / 1024).toFixed(0)} |`);
  rmSync(file);
}
