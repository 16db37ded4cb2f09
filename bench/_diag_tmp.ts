import { rateLevels } from '../src/core/players/rate';
import { spearman } from '../src/core/players/stats';
import { simulate, type Scenario } from './ratingSim';
const sc = (process.argv[2] ?? 'all-at-once') as Scenario;
const players = Number(process.argv[3] ?? 300);
const from = Number(process.argv[4] ?? 101), to = Number(process.argv[5] ?? 120);
const sp: number[] = [];
let n = 0, hit = 0, biasSum = 0, z2 = 0;
const rows: string[] = [];
for (let seed = from; seed <= to; seed++) {
  const pop = simulate({ scenario: sc, seed, players, levels: 30, off: (process.env.OFF ?? '').split(',').filter((x) => x !== '') as never });
  const attempts = pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds, startedAt: a.startedAt }));
  const rep = rateLevels(30, attempts, pop.predicted);
  sp.push(spearman(pop.truth, rep.rows.map((r) => r.rating ?? 0)));
  rep.rows.forEach((r, i) => {
    if (r.logRating === null) return;
    const err = r.logRating - pop.truth[i]!;
    n++; biasSum += err; z2 += (err / r.logSe!) ** 2;
    if (Math.abs(err) <= 1.645 * r.logSe!) hit++;
    rows.push([seed, i, pop.insight[i] ? 1 : 0, pop.loading[i]!.toFixed(2), err.toFixed(3), r.logSe!.toFixed(3), (err / r.logSe!).toFixed(2), r.check?.z.toFixed(1), r.check?.misfit ? 'M' : '', ((globalThis as any).__loadings[i] as number).toFixed(2)].join('\t'));
  });
  if (seed === from) console.log('fit', JSON.stringify({ sigma: rep.fit.sigma, omega: rep.fit.playerSpread, pi: rep.fit.outlierShare, prac: rep.fit.practice, delta: rep.fit.priorOffset, kappa: rep.fit.priorSpread }));
}
console.log(`n=${n} coverage=${(hit / n * 100).toFixed(1)}% bias=${(biasSum / n).toFixed(3)} rms z=${Math.sqrt(z2 / n).toFixed(2)} spearman=${(sp.reduce((a, b) => a + b, 0) / sp.length).toFixed(3)} min ${Math.min(...sp).toFixed(3)}`);
if (process.env.ROWS) console.log(rows.join('\n'));
