/**
 * `evaluate --targets`: the hit-rate map of generate at difficulty
 * (`core/jobs/hitRate.ts`, which the Batch view runs too) on this
 * process's CPU clock: parsing the target lists and printing the map.
 */
import { hitRateGridProblem, parseValueList, runHitRateGrid, type HitRateCell, type HitRateGrid } from '../core/jobs/hitRate';
import { CliError } from './args';
import { startClock } from './cpuClock';

/** `10:80:10` (from:to:step, inclusive) or `10,40,80`: at most 200 values from 0 to `max`. */
export function parseTargetList(text: string, flag: string, max = 1_000_000): number[] {
  const r = parseValueList(text, max);
  if (!r.ok) throw new CliError(`${flag} ${r.error}`);
  return r.value;
}

export type { HitRateCell } from '../core/jobs/hitRate';
export type HitRateSettings = HitRateGrid;

/** Runs the grid on this process's CPU clock; `onCell` sees each cell as it is done. */
export function runHitRate(s: HitRateSettings, onCell: (cell: HitRateCell) => void): HitRateCell[] {
  const problem = hitRateGridProblem(s);
  if (problem !== null) throw new CliError(`--also: ${problem}`);
  const clock = startClock();
  return runHitRateGrid(s, () => clock.cpuSeconds(), onCell);
}

/** The map as text: hit rate per cell, second-measure values down, difficulty targets across. */
export function formatHitRate(s: HitRateSettings, cells: readonly HitRateCell[]): string {
  const head = `hit rate of generate at difficulty, ${s.width}x${s.height} ${s.rules}, ${s.requests} requests per cell, ${s.evaluations} evaluations each`;
  const cols = s.targets.map((t) => String(t).padStart(6)).join('');
  const rowName = (v: number | null): string => (v === null ? 'any' : `${s.also!.measure}=${v}`);
  const width = Math.max(...cells.map((c) => rowName(c.second).length), 10);
  const lines = [head, `${'target'.padEnd(width)}${cols}`];
  const seconds = s.also === undefined ? [null] : [...s.also.values];
  for (const v of seconds) {
    const row = cells.filter((c) => c.second === v);
    lines.push(`${rowName(v).padEnd(width)}${row.map((c) => `${Math.round(100 * c.hitRate)}%`.padStart(6)).join('')}`);
  }
  const hits = cells.reduce((a, c) => a + c.hits, 0), cpu = cells.reduce((a, c) => a + c.cpuSeconds, 0);
  lines.push(`${hits} levels in ${cpu.toFixed(2)} CPU-s (${cpu > 0 ? (hits / cpu).toFixed(1) : '0'} per CPU-second)`);
  return lines.join('\n') + '\n';
}
