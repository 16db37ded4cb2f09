/**
 * `npm run bench:maximize`: the longest-puzzle search on the 7x6 ice
 * benchmark (SPEC §14; twanvl/ice-sliding-puzzle's best 7x6 puzzles need 11,
 * 13, 16, 17, 19 and 20 moves for 3..8 rocks). Per rock count, the same
 * search `generate --rules ice --size 7x6 --walls K --maximize
 * shortestSolutionLength --seed 1` runs (2,000,000 evaluations, 8 restarts),
 * and prints the moves reached, the evaluation it was first met on, and the
 * CPU seconds (process.cpuUsage; the machine may be shared).
 */
import { cpus, loadavg } from 'node:os';
import { maximizeFeature } from '../src/core/generators/maximize';
import { toRows } from '../src/core/level/level';
import { ice } from '../src/core/rules/registry';

const TARGETS: Record<number, number> = { 3: 11, 4: 13, 5: 16, 6: 17, 7: 19, 8: 20 };
const evaluations = Number(process.env['BENCH_EVALUATIONS'] ?? 2_000_000);
console.log(`7x6 ice, shortestSolutionLength, seed 1, ${evaluations} evaluations, 8 restarts; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
console.log('rocks  target  reached  found at  CPU s  level');
for (const [k, target] of Object.entries(TARGETS)) {
  const before = process.cpuUsage();
  const r = maximizeFeature({ rules: ice, width: 7, height: 6, walls: Number(k), feature: 'shortestSolutionLength', seed: 1, evaluations, restarts: 8 });
  const used = process.cpuUsage(before);
  const cpu = (used.user + used.system) / 1e6;
  console.log(`${k.padStart(5)}  ${String(target).padStart(6)}  ${String(r.value).padStart(7)}  ${String(r.foundAt).padStart(8)}  ${cpu.toFixed(1).padStart(5)}  ${r.level ? toRows(r.level).join('/') : '-'}`);
}
