import { it } from 'vitest';
import { simulatePopulation } from '/work/wt/30/test/support/playerPopulation';
import { rateLevels } from '/work/wt/30/src/core/players/rate';
it('cov', () => {
  let inside = 0, total = 0;
  for (let seed = 200; seed < 240; seed++) {
    const pop = simulatePopulation({ seed, players: 300, levels: 30 });
    const report = rateLevels(30, pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds })), pop.predicted);
    report.rows.forEach((r, i) => { if (r.rating === null) return; total++; if (Math.log(r.ratingLow!) <= pop.truth[i]! && pop.truth[i]! <= Math.log(r.ratingHigh!)) inside++; });
  }
  console.log('OLDCOV', inside / total);
});
