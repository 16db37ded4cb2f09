/**
 * `npm run bench:pins`: how often a request succeeds with k pinned cells,
 * per ruleset, on 8x8. A pin set is k distinct cells of a level that random
 * solution-down made (seed 1000 + set, so the pins are possible: a designer
 * pins cells of a level that exists), keeping that level's values there.
 * For each set:
 *
 * - one walk: the share of single random walks (pinned carver, no retry)
 *   whose level keeps every pin;
 * - RSD: a request for 10 levels (the studio's budget: 400 iterations a
 *   level, each up to 64 walks) succeeds when all 10 come back;
 * - at difficulty: 3 levels within tolerance of a target (Longcat 25,
 *   paint 15; default budget, no time limit) succeeds with no shortfall.
 *
 * k = 0 runs the same requests without pins (the baseline). Prints the success share per k and the CPU seconds per request
 * (process.cpuUsage; the machine may be shared, so CPU time, not wall
 * time). `--quick`: fewer sets.
 */
import { cpus } from 'node:os';
import { defaultModelFor } from '../src/core/difficulty/defaultModel';
import { solvableDifficulty } from '../src/core/difficulty/predict';
import { generateAtDifficulty, ReachableRanges } from '../src/core/generators/atDifficulty';
import { drawStart, PinnedCarver, pinsFromLevel, type CellPins } from '../src/core/generators/pins';
import { generateRsd } from '../src/core/generators/rsd';
import type { LevelFeatures } from '../src/core/graph/features';
import { runGenerateJob, ITERATIONS_PER_LEVEL } from '../src/core/jobs/generate';
import { rulesetByName } from '../src/core/rules/registry';
import type { RulesetName } from '../src/core/rules/ruleset';
import { createRng } from '../src/core/util/rng';

const quick = process.argv.includes('--quick');
const SETS = quick ? 10 : 20;
const ATD_SETS = quick ? 3 : 6;
/** k = 0 is the baseline: the same requests without pins. */
const KS = [0, 1, 2, 4, 8, 12, 16];
const SIZE = 8;
const WALKS = 200;

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function pinSet(rules: RulesetName, k: number, set: number): CellPins {
  const reference = generateRsd(SIZE, SIZE, createRng(1000 + set), rulesetByName(rules)).level;
  const rng = createRng(5000 + 97 * set + k);
  const cells = new Set<number>();
  while (cells.size < k) cells.add(rng.int(SIZE * SIZE));
  return pinsFromLevel(reference, [...cells]);
}

/** The share of single pinned walks (uniformly random steps) that keep every pin. */
function walkShare(rules: RulesetName, pins: CellPins, seed: number): number {
  const walk = new PinnedCarver(rulesetByName(rules).solutionDown(SIZE, SIZE), pins);
  const rng = createRng(seed);
  let kept = 0;
  for (let t = 0; t < WALKS; t++) {
    walk.reset(drawStart(walk, rng));
    while (!walk.done()) {
      const m = walk.openMask();
      const dirs = [0, 1, 2, 3].filter((d) => (m >> d) & 1);
      walk.step(dirs[rng.int(dirs.length)]!);
    }
    if (walk.kept()) kept++;
  }
  return kept / WALKS;
}

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;

console.log(`pins on ${SIZE}x${SIZE}: ${SETS} pin sets per k (at difficulty: ${ATD_SETS}), ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`);
console.log('rules    k  one walk  RSD 10 levels  (CPU s/request)  at difficulty 3 levels  (CPU s/request)');
for (const rules of ['longcat', 'paint'] as const) {
  const model = defaultModelFor(rules);
  const difficulty = (f: LevelFeatures): number => solvableDifficulty(model, f);
  const target = rules === 'paint' ? 15 : 25;
  for (const k of KS) {
    let walkSum = 0, rsdOk = 0, rsdCpu = 0, atdOk = 0, atdCpu = 0;
    for (let set = 0; set < SETS; set++) {
      const pins = pinSet(rules, k, set);
      walkSum += walkShare(rules, pins, set);
      const c0 = cpuSeconds();
      const r = runGenerateJob({ generator: 'rsd', rules, width: SIZE, height: SIZE, seed: set, pins, from: 0, to: 10 * ITERATIONS_PER_LEVEL, levels: 10 }, { onLevel: () => undefined });
      rsdCpu += cpuSeconds() - c0;
      if (r.levels === 10) rsdOk++;
      if (set < ATD_SETS) {
        const c1 = cpuSeconds();
        // A fresh range cache per request: each pin set has its own reachable range.
        const a = generateAtDifficulty({ rules: rulesetByName(rules), width: SIZE, height: SIZE, target, count: 3, seed: set, difficulty, pins, timeLimitMs: Infinity }, new ReachableRanges(difficulty));
        atdCpu += cpuSeconds() - c1;
        if (a.shortfall === null) atdOk++;
      }
    }
    console.log(
      `${rules.padEnd(8)} ${String(k).padStart(2)}  ${pct(walkSum / SETS).padStart(8)}  ${`${rsdOk}/${SETS}`.padStart(13)}  ${(rsdCpu / SETS).toFixed(3).padStart(15)}  ${`${atdOk}/${ATD_SETS}`.padStart(22)}  ${(atdCpu / ATD_SETS).toFixed(3).padStart(15)}`,
    );
  }
}
