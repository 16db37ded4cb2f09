/**
 * Wall time and this process's CPU time (user + system, process.cpuUsage)
 * from one start, and the machine's load. On a shared machine a process
 * gets a varying share of a core, so rates per wall second move with the
 * neighbours while rates per CPU-second hold (docs/BENCHMARKS.md): the CLI
 * and the benches report both, with the load they ran under.
 */
import { cpus, loadavg } from 'node:os';

export interface Clock {
  /** Seconds of wall time since the start. */
  wallSeconds(): number;
  /** Seconds of CPU time this process used since the start (every thread of it). */
  cpuSeconds(): number;
}

export function startClock(): Clock {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return {
    wallSeconds: () => (performance.now() - wall) / 1000,
    cpuSeconds: () => {
      const d = process.cpuUsage(cpu);
      return (d.user + d.system) / 1e6;
    },
  };
}

/** The machine's load: 1-minute load average and the number of cores (load / cores above 1 means processes wait for a core). */
export function machineLoad(): { loadAverage1m: number; cores: number } {
  return { loadAverage1m: Math.round(loadavg()[0]! * 100) / 100, cores: cpus().length };
}

/** `count / seconds`, 0 when no time was measured. */
export const perSecond = (count: number, seconds: number): number => (seconds > 0 ? count / seconds : 0);
