/**
 * `npm run bench:suggest`: how long one round of suggestions takes
 * (`suggestVariants`, the function the suggestions worker runs) on 8x8 and
 * 16x16 levels made by the random solution-down generator (RSD, seed 1,
 * levels 0..N-1), plus the unsolvable case (the same levels with one open
 * cell walled off where that leaves no solution). Prints the median and
 * p95 of wall time and of CPU time (process.cpuUsage: the machine may be
 * shared), and how many suggestions came back. `--quick`: fewer levels.
 */
import { cpus } from 'node:os';
import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { predictDifficulty } from '../src/core/difficulty/predict';
import { createLevelSource } from '../src/core/generators/registry';
import { suggestVariants } from '../src/core/generators/suggest';
import { analyzeLevel } from '../src/core/graph/analyze';
import { CELL_EMPTY, CELL_WALL, type Level } from '../src/core/level/level';

const quick = process.argv.includes('--quick');
const perSize = quick ? 10 : 40;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** An unsolvable neighbour of `level`: the first open cell (row-major) whose wall leaves no solution, or null. */
function broken(level: Level): Level | null {
  for (let i = 0; i < level.cells.length; i++) {
    if (i === level.head || level.cells[i] !== CELL_EMPTY) continue;
    const cells = level.cells.slice();
    cells[i] = CELL_WALL;
    const candidate = { ...level, cells };
    const r = analyzeLevel(candidate, { maxStates: 200_000 });
    if (r.ok && r.value.features.nSolutions === 0) return candidate;
  }
  return null;
}

function run(label: string, levels: readonly Level[]): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  const counts: number[] = [];
  for (const [i, level] of levels.entries()) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = suggestVariants(level, { seed: i + 1, count: 9, uniqueOnly: false, pinned: [], difficultyOf: (f) => predictDifficulty(DEFAULT_DIFFICULTY_MODEL, f) });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    counts.push(r.suggestions.length);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const ms = (v: number): string => `${v.toFixed(0)} ms`.padStart(8);
  const fewer = counts.filter((n) => n < 6).length;
  console.log(`${label.padEnd(28)} ${String(levels.length).padStart(4)}  wall median ${ms(quantile(wall, 0.5))} p95 ${ms(quantile(wall, 0.95))}  cpu median ${ms(quantile(cpu, 0.5))} p95 ${ms(quantile(cpu, 0.95))}  <6 suggestions: ${fewer}`);
}

console.log(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}, one thread; ${perSize} RSD levels per size (seed 1)\n`);
for (const side of [8, 16]) {
  const source = createLevelSource({ generator: 'rsd', width: side, height: side, seed: 1 });
  const levels = Array.from({ length: perSize }, (_, i) => source.generate(i).levels[0]!);
  run(`${side}x${side} solvable`, levels);
  run(`${side}x${side} unsolvable (repairs)`, levels.map(broken).filter((l): l is Level => l !== null));
}
