/**
 * What the rating model adds for real attempts (SPEC §13 "Honest
 * intervals"), checked on populations from bench/ratingSim.ts (a simulator
 * that shares no code with the model) and on hand-made data: practice
 * separated where orders differ, its doubt carried where they do not, a
 * two-mode level marked misfit, few players marked provisional, an attempt
 * given twice counted once, a level's weight on speed read honestly from
 * players who barely differ in speed.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../bench/ratingSim';
import { createRng } from '../util/rng';
import { rateLevels, type LevelAttempt } from './rate';
import { PROVISIONAL_PLAYERS } from './rating';

const asAttempts = (pop: ReturnType<typeof simulate>, withOrder = true): LevelAttempt[] =>
  pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds, ...(withOrder ? { startedAt: a.startedAt } : {}) }));

describe('practice', () => {
  it('shuffled order: practice is measured (the simulator takes up to 40% off after a few levels) and ratings are for a first meeting', () => {
    const pop = simulate({ scenario: 'practice-shuffled', seed: 3, players: 300, levels: 30 });
    const report = rateLevels(30, asAttempts(pop), pop.predicted);
    expect(report.fit.practice.order).toBe('varied');
    const f = report.fit.practice.factors;
    // The simulator's factor after 1 level met is exp(-0.5 (1 - e^(-1/3))) = 0.87; after 8 or more it is below 0.64.
    expect(f[0]!).toBeGreaterThan(0.78);
    expect(f[0]!).toBeLessThan(0.95);
    expect(f[f.length - 1]!).toBeLessThan(0.72);
    expect(f[f.length - 1]!).toBeGreaterThan(0.55);
  });

  it('one fixed order: practice cannot be told from difficulty, so the intervals are wider than where the order is not given', () => {
    const pop = simulate({ scenario: 'model', seed: 4, players: 120, levels: 20 });
    const known = rateLevels(20, asAttempts(pop), pop.predicted);
    const unknown = rateLevels(20, asAttempts(pop, false), pop.predicted);
    expect(known.fit.practice.order).toBe('fixed');
    expect(unknown.fit.practice.order).toBe('unknown');
    // The first level met is the reference: no doubt there; later levels carry it.
    expect(known.rows[0]!.logSe!).toBeCloseTo(unknown.rows[0]!.logSe!, 1);
    for (const i of [10, 15, 19]) expect(known.rows[i]!.logSe!).toBeGreaterThan(unknown.rows[i]!.logSe! * 1.5);
  });
});

/** 200 players on 5 levels, times log-normal around each level's own median; `twoMode` levels instead half at a fifth of it and half at twice it. */
function handMade(twoMode: ReadonlySet<number>): LevelAttempt[] {
  const rng = createRng(9);
  const g = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const out: LevelAttempt[] = [];
  for (let p = 0; p < 200; p++) {
    const speed = 0.5 * g();
    for (let l = 0; l < 5; l++) {
      const centre = Math.log(20 + 10 * l) - speed;
      const t = twoMode.has(l) ? centre + (rng.next() < 0.5 ? Math.log(0.2) : Math.log(2)) + 0.2 * g() : centre + 0.4 * g();
      out.push({ level: l, player: `p${p}`, outcome: 'solved', seconds: Math.exp(t) });
    }
  }
  return out;
}

describe('the posterior predictive check and few data', () => {
  it('a two-mode level is misfit (too few times in the middle); the plain ones are not', () => {
    const report = rateLevels(5, handMade(new Set([2])), [null, null, null, null, null]);
    expect(report.rows.map((r) => r.check!.misfit)).toEqual([false, false, true, false, false]);
    expect(report.rows[2]!.check!.middle).toBeLessThan(0.3);
  });

  it(`below ${PROVISIONAL_PLAYERS} players a rating is provisional`, () => {
    const all = handMade(new Set());
    const few = all.filter((a) => a.level !== 1 || Number(a.player.slice(1)) < PROVISIONAL_PLAYERS - 1);
    const report = rateLevels(5, few, [null, null, null, null, null]);
    expect(report.rows.map((r) => r.provisional)).toEqual([false, true, false, false, false]);
    expect(report.rows[1]!.players).toBe(PROVISIONAL_PLAYERS - 1);
  });

  it('an attempt given twice (same player, level and start time) counts once; without a start time nothing is assumed', () => {
    const once: LevelAttempt[] = handMade(new Set()).map((a, k) => ({ ...a, startedAt: 1_700_000_000_000 + k * 1000 }));
    const a = rateLevels(5, once, [null, null, null, null, null]);
    const b = rateLevels(5, [...once, ...once.slice(0, 300)], [null, null, null, null, null]);
    expect(b.repeats).toBe(300);
    expect(b.rows).toEqual(a.rows);
    const noTimes = handMade(new Set());
    expect(rateLevels(5, [...noTimes, ...noTimes.slice(0, 10)], [null, null, null, null, null]).repeats).toBe(0);
  });
});

describe("a level's weight on speed", () => {
  /**
   * 300 players (speeds N(0, 0.5^2)) on four levels everyone plays, each
   * rewarding speed as much as the average; a fifth (a bonus level)
   * unlocked only for the players whose times on the four showed them
   * 0.6 to 0.9 quicker than the level (on the log scale), and rewarding
   * speed 1.3 times as much. Its rating (an average player's median, 40 s
   * by construction) must be read through a weight its players barely show
   * (their speeds hardly differ), from about 0.75 quicker than average.
   */
  function bonusLevel(seed: number): { attempts: LevelAttempt[]; truth: number } {
    const rng = createRng(seed);
    const g = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    const out: LevelAttempt[] = [];
    for (let p = 0; p < 300; p++) {
      const speed = 0.5 * g();
      let shown = 0;
      for (let l = 0; l < 4; l++) {
        const e = 0.3 * g();
        shown += (speed - e) / 4;
        out.push({ level: l, player: `p${p}`, outcome: 'solved', seconds: Math.exp(Math.log(20 + 10 * l) - speed + e) });
      }
      if (shown >= 0.6 && shown <= 0.9) out.push({ level: 4, player: `p${p}`, outcome: 'solved', seconds: Math.exp(Math.log(40) - 1.3 * speed + 0.3 * g()) });
    }
    return { attempts: out, truth: Math.log(40) };
  }

  it('read from players who barely differ in speed, the weight stays in doubt and the interval says so', () => {
    let inside = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const { attempts, truth } = bonusLevel(seed);
      const row = rateLevels(5, attempts, [null, null, null, null, null]).rows[4]!;
      expect(row.players).toBeGreaterThanOrEqual(PROVISIONAL_PLAYERS);
      // The weight's prior doubt (0.3) alone, times the band's mean speed (0.75), is 0.22 on the log scale.
      expect(row.logSe!).toBeGreaterThan(0.15);
      if (Math.log(row.ratingLow!) <= truth && truth <= Math.log(row.ratingHigh!)) inside++;
    }
    // Reading the weight from how far the players' mean speed sits from 0 (as the model once did) claimed a tenth of
    // this doubt and missed the truth in all five, by 0.2 to 1.3.
    expect(inside).toBeGreaterThanOrEqual(4);
  });
});
