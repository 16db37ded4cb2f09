/**
 * `npm run bench:ratings`: the rating model on simulated populations with a
 * known truth (test/support/playerPopulation: player speeds, patience,
 * give-ups that mostly end a run, slow players drifting away, so later
 * levels see mostly quick players). Prints, per population size, the
 * Spearman correlation of the model's ratings and of the naive median solve
 * time with the true level order, the share of 90% intervals that hold the
 * truth, and CPU and wall time per fit.
 */
import { simulatePopulation } from '../test/support/playerPopulation';
import { rateLevels } from '../src/core/players/rate';
import { spearman } from '../src/core/players/stats';

const SEEDS = 40;
const LEVELS = 30;
console.log(`| players | Spearman, model (mean, min) | Spearman, naive median (mean, min) | 90% intervals holding the truth | CPU ms per fit | wall ms per fit |`);
console.log('|---|---|---|---|---|---|');
for (const players of [60, 120, 300]) {
  const model: number[] = [], naive: number[] = [];
  let inside = 0, total = 0, cpu = 0, wall = 0;
  for (let seed = 200; seed < 200 + SEEDS; seed++) {
    const pop = simulatePopulation({ seed, players, levels: LEVELS });
    const attempts = pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds }));
    const c0 = process.cpuUsage(), t0 = performance.now();
    const report = rateLevels(LEVELS, attempts, pop.predicted);
    wall += performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpu += (c.user + c.system) / 1000;
    model.push(spearman(pop.truth, report.rows.map((r) => r.rating ?? 0)));
    naive.push(spearman(pop.truth, report.rows.map((r) => r.medianSeconds ?? Number.MAX_VALUE)));
    report.rows.forEach((r, i) => {
      if (r.rating === null) return;
      total++;
      if (Math.log(r.ratingLow!) <= pop.truth[i]! && pop.truth[i]! <= Math.log(r.ratingHigh!)) inside++;
    });
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`| ${players} | ${mean(model).toFixed(3)}, ${Math.min(...model).toFixed(3)} | ${mean(naive).toFixed(3)}, ${Math.min(...naive).toFixed(3)} | ${((100 * inside) / total).toFixed(1)}% of ${total} | ${(cpu / SEEDS).toFixed(1)} | ${(wall / SEEDS).toFixed(1)} |`);
}
