/**
 * Engine benchmarks: RSD generation + full solution graph + every feature,
 * levels per second on one thread; solver states per second; and the time of
 * the largest 8x8 graphs. Each figure is the median of several timed rounds
 * after a warm-up.
 */
import { Analyzer } from '../src/core/graph/analyze';
import { runRandomWalk, SolutionDownWalk } from '../src/core/generators/rsd';
import { longcat } from '../src/core/rules/registry';
import type { Ruleset } from '../src/core/rules/ruleset';
import { toRows, type Level } from '../src/core/level/level';
import { createRng, streamSeed } from '../src/core/util/rng';

export interface BenchRow {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly detail?: string;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median over `rounds` of work(), each returning [items, ms]. */
function rate(rounds: number, work: () => [number, number]): number {
  work(); // warm-up
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const [items, ms] = work();
    rates.push((items * 1000) / ms);
  }
  return median(rates);
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
    const t = performance.now();
    for (let i = 0; i < levels; i++) {
      runRandomWalk(walk, createRng(streamSeed(s, i)));
      const r = analyzer.analyze(walk.toLevel(), { rules });
      if (r.ok) states += r.value.features.nStates;
    }
    return [levels, performance.now() - t];
  });
  return {
    name: `${rules.name} rsd ${side}x${side}: generate + graph + features`,
    value: levelsPerSecond,
    unit: 'levels/s',
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
    const t = performance.now();
    for (const l of levels) analyzer.analyze(l);
    return [total, performance.now() - t];
  });
  return { name: 'solver + classes + features', value: v, unit: 'states/s', detail: `${levels.length} levels, ${total} states` };
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
    const ms = median(
      Array.from({ length: 7 }, () => {
        const t = performance.now();
        for (let i = 0; i < reps; i++) analyzer.analyze(level);
        return (performance.now() - t) / reps;
      }),
    );
    return { name: `largest 8x8 graph: ${states} states`, value: ms, unit: 'ms', detail: toRows(level).join('/') };
  });
}
