import { rateLevels } from '../src/core/players/rate';
import { simulate } from './ratingSim';
const sc = process.argv[2] as never;
let zs: number[] = [], off: number[] = [];
for (let seed = 1; seed <= 5; seed++) {
  const pop = simulate({ scenario: sc, seed, players: 300, levels: 30 });
  const rep = rateLevels(30, pop.attempts.map((a) => ({ ...a, player: `p${a.player}` })), pop.predicted);
  const errs = rep.rows.map((r, i) => r.logRating! - pop.truth[i]!);
  const m = errs.reduce((a, b) => a + b) / errs.length;
  off.push(m);
  rep.rows.forEach((r, i) => zs.push(errs[i]! / r.logSe!));
  if (seed === 1) { console.log('practice', rep.fit.practice, 'pi', rep.fit.outlierShare.toFixed(3), 'sigma', rep.fit.sigma.toFixed(2)); console.log(rep.rows.map((r, i) => `${errs[i]!.toFixed(2)}/${r.logSe!.toFixed(2)}${r.check?.misfit ? '!' : ''}`).join(' ')); }
}
console.log('mean offset per seed', off.map((x) => x.toFixed(3)).join(' '));
const sd = Math.sqrt(zs.reduce((a, b) => a + b * b, 0) / zs.length);
console.log('rms z', sd.toFixed(2));
