/**
 * Engine benchmarks: RSD generation + full solution graph + every feature,
 * levels per CPU-second on one thread; solver states per CPU-second; and the
 * CPU time of the largest 8x8 graphs. Each figure is the median of several
 * timed rounds after a warm-up, in CPU time (process.cpuUsage: what the
 * work cost, whatever share of a core the machine gave it) with the wall-time
 * figure of the same rounds beside it.
 */
import { startClock } from '../src/cli/cpuClock';
import { Analyzer } from '../src/core/graph/analyze';
import { runRandomWalk, SolutionDownWalk } from '../src/core/generators/rsd';
import { longcat } from '../src/core/rules/registry';
import type { Ruleset } from '../src/core/rules/ruleset';
import { toRows, type Level } from '../src/core/level/level';
import { createRng, streamSeed } from '../src/core/util/rng';

export interface BenchRow {
  readonly name: string;
  /** The figure in CPU time: per CPU-second for rates, CPU ms for durations. */
  readonly value: number;
  /** The same figure in wall time (per wall second, wall ms): moves with the machine's load. */
  readonly wall: number;
  /** The unit of {@link value} ("levels/CPU-s", "CPU ms"). */
  readonly unit: string;
  readonly detail?: string;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians over `rounds` of work() (returning how many items it did): items per CPU-second and per wall second. */
function rate(rounds: number, work: () => number): { cpu: number; wall: number } {
  work(); // warm-up
  const cpu: number[] = [], wall: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const clock = startClock();
    const items = work();
    cpu.push(items / clock.cpuSeconds());
    wall.push(items / clock.wallSeconds());
  }
  return { cpu: median(cpu), wall: median(wall) };
}

/** RSD generation + graph + features under `rules` (each ruleset's own solution-down walk). */
export function benchRsdPipeline(side: number, levels: number, rounds = 5, rules: Ruleset = longcat): BenchRow {
  const walk = rules.solutionDown(side, side);
  const analyzer = new Analyzer();
  let seed = 1;
  let states = 0;
  const levelsPerSecond = rate(rounds, () => {
    const s = seed++;
    states = 0;
    for (let i = 0; i < levels; i++) {
      runRandomWalk(walk, createRng(streamSeed(s, i)));
      const r = analyzer.analyze(walk.toLevel(), { rules });
      if (r.ok) states += r.value.features.nStates;
    }
    return levels;
  });
  return {
    name: `${rules.name} rsd ${side}x${side}: generate + graph + features`,
    value: levelsPerSecond.cpu,
    wall: levelsPerSecond.wall,
    unit: 'levels/CPU-s',
    detail: `mean ${(states / levels).toFixed(1)} states per level`,
  };
}

/** Solver + classifier throughput on a fixed corpus, in states per second. */
export function benchStatesPerSecond(levels: readonly Level[], rounds = 5): BenchRow {
  const analyzer = new Analyzer();
  let total = 0;
  for (const l of levels) {
    const r = analyzer.analyze(l);
    if (r.ok) total += r.value.features.nStates;
  }
  const v = rate(rounds, () => {
    for (const l of levels) analyzer.analyze(l);
    return total;
  });
  return { name: 'solver + classes + features', value: v.cpu, wall: v.wall, unit: 'states/CPU-s', detail: `${levels.length} levels, ${total} states` };
}

/** The `k` largest graphs among `n` RSD 8x8 levels (seed 1). */
export function largestRsd8x8(n: number, k: number): { level: Level; states: number }[] {
  const walk = new SolutionDownWalk(8, 8);
  const analyzer = new Analyzer();
  const found: { level: Level; states: number }[] = [];
  for (let i = 0; i < n; i++) {
    runRandomWalk(walk, createRng(streamSeed(1, i)));
    const level = walk.toLevel();
    const r = analyzer.analyze(level);
    if (r.ok) found.push({ level, states: r.value.features.nStates });
  }
  return found.sort((a, b) => b.states - a.states).slice(0, k);
}

export function benchLargest(levels: readonly { level: Level; states: number }[]): BenchRow[] {
  const analyzer = new Analyzer();
  return levels.map(({ level, states }) => {
    const reps = 200;
    const rounds = Array.from({ length: 7 }, () => {
      const clock = startClock();
      for (let i = 0; i < reps; i++) analyzer.analyze(level);
      return { cpu: (clock.cpuSeconds() * 1000) / reps, wall: (clock.wallSeconds() * 1000) / reps };
    });
    return { name: `largest 8x8 graph: ${states} states`, value: median(rounds.map((r) => r.cpu)), wall: median(rounds.map((r) => r.wall)), unit: 'CPU ms', detail: toRows(level).join('/') };
  });
}
