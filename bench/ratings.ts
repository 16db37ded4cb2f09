/**
 * `npm run bench:ratings [seeds=20] [first seed=1] [scenario...]`: the rating model on
 * populations that break its assumptions (bench/ratingSim.ts, which shares
 * no code with the model), one scenario per assumption, at 60, 120 and 300
 * players. Per scenario and size: Spearman of the model's ratings and of
 * the naive median solve time with the true order; the share of 90%
 * intervals holding the truth, over all rated levels and over the levels
 * neither misfit nor provisional; how many levels were marked misfit and
 * provisional; CPU ms per fit.
 */
import { rateLevels } from '../src/core/players/rate';
import { spearman } from '../src/core/players/stats';
import { SCENARIOS, SCENARIO_WORDS, simulate, type Scenario } from './ratingSim';

const seeds = Number(process.argv[2] ?? 20);
// An optional first seed (default 1): the reported table uses seeds 1-20; changes to the model were tried on others (101-120), held out from it.
const rest = process.argv.slice(3);
const firstSeed = rest.length > 0 && /^\d+$/.test(rest[0]!) ? Number(rest.shift()) : 1;
const chosen = (rest.length > 0 ? rest : SCENARIOS) as Scenario[];
const LEVELS = 30;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

console.log(`${seeds} populations of ${LEVELS} levels per cell (seeds ${firstSeed}-${firstSeed + seeds - 1}); 90% intervals.\n`);
console.log('| scenario | players | Spearman model (mean, min) | Spearman naive | coverage, all | coverage, not misfit/provisional | misfit | provisional | CPU ms per fit |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const scenario of chosen) {
  for (const players of [60, 120, 300]) {
    const model: number[] = [], naive: number[] = [];
    let inside = 0, total = 0, insideKept = 0, kept = 0, misfit = 0, provisional = 0, cpu = 0;
    for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
      const pop = simulate({ scenario, seed, players, levels: LEVELS });
      const attempts = pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds, startedAt: a.startedAt }));
      const c0 = process.cpuUsage();
      const report = rateLevels(LEVELS, attempts, pop.predicted);
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1000;
      model.push(spearman(pop.truth, report.rows.map((r) => r.rating ?? 0)));
      naive.push(spearman(pop.truth, report.rows.map((r) => r.medianSeconds ?? Number.MAX_VALUE)));
      report.rows.forEach((r, i) => {
        if (r.rating === null) return;
        const hit = Math.log(r.ratingLow!) <= pop.truth[i]! && pop.truth[i]! <= Math.log(r.ratingHigh!);
        total++;
        if (hit) inside++;
        const bad = r.check?.misfit === true;
        if (bad) misfit++;
        if (r.provisional) provisional++;
        if (!bad && !r.provisional) {
          kept++;
          if (hit) insideKept++;
        }
      });
    }
    console.log(`| ${scenario} | ${players} | ${mean(model).toFixed(3)}, ${Math.min(...model).toFixed(3)} | ${mean(naive).toFixed(3)} | ${pct(inside, total)} | ${pct(insideKept, kept)} | ${misfit} of ${total} | ${provisional} | ${(cpu / seeds).toFixed(0)} |`);
  }
}
console.log('\nScenarios:');
for (const s of chosen) console.log(`- ${s}: ${SCENARIO_WORDS[s]}`);
