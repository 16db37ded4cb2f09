/**
 * Generate-at-difficulty on Node, one thread (`npm run bench -- --at-difficulty`
 * or `npx tsx bench/atDifficulty.ts`): for 8x8 and the shipped predictor,
 * targets 10, 20, 30, 40, 50, 60, 80, 100 and the reachable maximum, 20
 * requests each (one level, seeds 1..20, default tolerance, no time limit):
 * success rate within tolerance (checked again from a fresh analysis),
 * median and p95 milliseconds per request and median evaluations. The
 * reachable-range estimate is computed once first (as a warm worker has it)
 * and timed on its own. The same protocol runs in the browser in
 * e2e/extra/atDifficulty.bench.ts.
 */
import { defaultModelFor } from '../src/core/difficulty/defaultModel';
import { solvableDifficulty } from '../src/core/difficulty/predict';
import { generateAtDifficulty, ReachableRanges, toleranceWidth } from '../src/core/generators/atDifficulty';
import { rulesetByName } from '../src/core/rules/registry';
import type { RulesetName } from '../src/core/rules/ruleset';
import { Analyzer } from '../src/core/graph/analyze';
import { startClock } from '../src/cli/cpuClock';
import type { LevelFeatures } from '../src/core/graph/features';

export const AT_DIFFICULTY_TARGETS = [10, 20, 30, 40, 50, 60, 80, 100] as const;
export const REQUESTS_PER_TARGET = 20;

export interface AtDifficultyBenchRow {
  readonly target: number;
  readonly requests: number;
  readonly withinTolerance: number;
  /** Different levels among the answers (requests differ only in seed). */
  readonly distinct: number;
  readonly medianMs: number;
  /** Median CPU time per request (process.cpuUsage): the cost, whatever the machine's load. */
  readonly medianCpuMs: number;
  /** The most CPU time one request took. */
  readonly maxCpuMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly medianEvaluations: number;
}

/** Nearest-rank quantile (p95 of 20 values is the 19th smallest). */
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)]!;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export function benchAtDifficulty(
  requests = REQUESTS_PER_TARGET,
  size = 8,
  rulesName: RulesetName = 'longcat',
  targets: readonly number[] = AT_DIFFICULTY_TARGETS,
  withMax = true,
): { reachable: { min: number; max: number; ms: number; cpuMs: number }; rows: AtDifficultyBenchRow[] } {
  const model = defaultModelFor(rulesName), rules = rulesetByName(rulesName);
  const difficulty = (f: LevelFeatures): number => solvableDifficulty(model, f);
  const ranges = new ReachableRanges(difficulty);
  const clock0 = startClock();
  // The one estimate per size, pins and model, computed once first (as a warm worker or the studio's cache has it).
  const range = ranges.estimate(size, size, Infinity, () => performance.now(), rules)!;
  const reachable = { min: range.min, max: range.max, ms: clock0.wallSeconds() * 1000, cpuMs: clock0.cpuSeconds() * 1000 };
  const analyzer = new Analyzer();
  const rows: AtDifficultyBenchRow[] = [];
  for (const target of withMax ? [...targets, Math.floor(range.max)] : targets) {
    const ms: number[] = [], cpuMs: number[] = [], evaluations: number[] = [];
    const keys = new Set<string>();
    let ok = 0;
    for (let seed = 1; seed <= requests; seed++) {
      const clock = startClock();
      const r = generateAtDifficulty({ width: size, height: size, rules, target, count: 1, seed, difficulty, timeLimitMs: Infinity }, ranges);
      ms.push(clock.wallSeconds() * 1000);
      cpuMs.push(clock.cpuSeconds() * 1000);
      evaluations.push(r.evaluations);
      const l = r.levels[0];
      if (l === undefined) continue;
      keys.add(l.key);
      const a = analyzer.analyze(l.level, { rules });
      if (a.ok && a.value.features.nSolutions > 0 && Math.abs(difficulty(a.value.features) - target) <= toleranceWidth(target) + 1e-9) ok++;
    }
    rows.push({ target, requests, withinTolerance: ok, distinct: keys.size, medianMs: median(ms), medianCpuMs: median(cpuMs), maxCpuMs: Math.max(...cpuMs), p95Ms: quantile(ms, 0.95), maxMs: Math.max(...ms), medianEvaluations: median(evaluations) });
  }
  return { reachable, rows };
}

/** The markdown table docs/BENCHMARKS.md shows. */
export function atDifficultyTable(result: ReturnType<typeof benchAtDifficulty>, reachableLabel = 'reachable max'): string {
  const lines = ['| target | within tolerance | distinct levels | median CPU ms | max CPU ms | median ms (wall) | p95 ms (wall) | max ms (wall) | median evaluations |', '|---|---|---|---|---|---|---|---|---|'];
  const last = reachableLabel === '' ? -1 : result.rows.length - 1;
  result.rows.forEach((r, i) => {
    const name = i === last ? `${r.target} (${reachableLabel})` : String(r.target);
    lines.push(`| ${name} | ${r.withinTolerance}/${r.requests} | ${r.distinct} | ${r.medianCpuMs.toFixed(1)} | ${r.maxCpuMs.toFixed(1)} | ${r.medianMs.toFixed(1)} | ${r.p95Ms.toFixed(1)} | ${r.maxMs.toFixed(1)} | ${Math.round(r.medianEvaluations).toLocaleString('en-US')} |`);
  });
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx bench/atDifficulty.ts` (Longcat) or `npx tsx bench/atDifficulty.ts paint` (targets 10 and 30: easy and medium on the one scale, 10 requests each).
  const paint = process.argv[2] === 'paint';
  const r = paint ? benchAtDifficulty(10, 8, 'paint', [10, 30], false) : benchAtDifficulty();
  console.log(
    `reachable range 8x8 (${paint ? 'paint' : 'longcat'}): ${r.reachable.min.toFixed(0)}–${r.reachable.max.toFixed(1)} (estimated once: ${r.reachable.cpuMs.toFixed(0)} ms CPU, ${r.reachable.ms.toFixed(0)} ms wall)\n`,
  );
  console.log(atDifficultyTable(r, paint ? '' : undefined));
}
