/**
 * `npm run bench:ratings:ceiling [seeds=10] [first seed=101] [players=300] [scenario...]`:
 * how good a ranking the simulated attempts allow at all, beside the
 * model's. Per scenario: Spearman of the model's ratings with the truth;
 * of an oracle that knows every player's speed, every level's weight on
 * speed and the practice curve (each level's Kaplan-Meier median of the
 * times so adjusted: what sampling alone leaves); and of one that knows
 * the speeds and practice but must estimate each level's weight from that
 * level's times (a censored Student t (3 d.f.) regression, the simulator's
 * own noise law, with a normal prior around 1 of spread 0.35, the spread of
 * the simulator's weights). The last is an upper bound for any model that
 * estimates the weights level by level: it knows more than such a model
 * can. Also per kind of level (one-mode, two-mode): the root mean square
 * error of each, and of the weights.
 */
import { attemptTable, rateLevels } from '../src/core/players/rate';
import { spearman } from '../src/core/players/stats';
import { SCENARIOS, simulate, type Scenario } from './ratingSim';

const args = process.argv.slice(2);
const num = (i: number, d: number): number => (args[i] !== undefined && /^\d+$/.test(args[i]!) ? Number(args[i]) : d);
const seeds = num(0, 10), firstSeed = num(1, 101), players = num(2, 300);
const named = args.filter((a) => !/^\d+$/.test(a)) as Scenario[];
const chosen = named.length > 0 ? named : SCENARIOS;
const LEVELS = 30;
/** The simulator's practice: the share of time taken off after `met` levels is amount (1 - e^(-met/3)). */
const practiceAmount = (s: Scenario): number => (s === 'practice-shuffled' || s === 'practice-fixed-strong' ? 0.5 : s === 'practice-fixed-mild' || s === 'all-at-once' ? 0.16 : 0);

/**
 * Each level's Kaplan-Meier median of `x` (a give-up is a time known only to
 * be longer): the first event time where survival falls to 0.5 or below;
 * NaN with fewer than 3 times or when survival never gets there. Written
 * here, apart from the model's own median (src/core/players/ratingMedian.ts),
 * so that a flaw there cannot lift the reference estimators with the model.
 */
function kaplanMeierMedians(levelCount: number, level: ArrayLike<number>, x: ArrayLike<number>, solved: ArrayLike<number>): number[] {
  const byLevel: { t: number; event: boolean }[][] = Array.from({ length: levelCount }, () => []);
  for (let k = 0; k < x.length; k++) byLevel[level[k]!]!.push({ t: x[k]!, event: solved[k] === 1 });
  return byLevel.map((times) => {
    if (times.length < 3) return NaN;
    // At a tie, events come before give-ups.
    times.sort((a, b) => a.t - b.t || Number(b.event) - Number(a.event));
    let survival = 1, atRisk = times.length;
    for (let r = 0; r < times.length; ) {
      const t = times[r]!.t;
      let events = 0, left = 0;
      for (; r < times.length && times[r]!.t === t; r++, left++) if (times[r]!.event) events++;
      if (events > 0) {
        survival *= 1 - events / atRisk;
        if (survival <= 0.5) return t;
      }
      atRisk -= left;
    }
    return NaN;
  });
}

/** Student t (3 d.f.) density and upper tail, standard units. */
const t3Pdf = (z: number): number => 2 / (Math.PI * Math.sqrt(3) * (1 + (z * z) / 3) ** 2);
const t3Tail = (z: number): number => {
  const u = z / Math.sqrt(3);
  return 0.5 - (u / (1 + u * u) + Math.atan(u)) / Math.PI;
};

/** Nelder-Mead minimum of f from x0 (small problems only). */
function nelderMead(f: (p: number[]) => number, x0: number[], iterations = 400): number[] {
  const n = x0.length;
  let pts = [x0, ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + 0.2 : v)))];
  let vals = pts.map(f);
  for (let it = 0; it < iterations; it++) {
    const order = vals.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
    pts = order.map((i) => pts[i]!);
    vals = order.map((i) => vals[i]!);
    const c = x0.map((_, j) => pts.slice(0, n).reduce((s, p) => s + p[j]!, 0) / n);
    const worst = pts[n]!, at = (t: number): number[] => c.map((v, j) => v + t * (v - worst[j]!));
    const r = at(1), fr = f(r);
    if (fr < vals[0]!) {
      const e = at(2), fe = f(e);
      [pts[n], vals[n]] = fe < fr ? [e, fe] : [r, fr];
    } else if (fr < vals[n - 1]!) [pts[n], vals[n]] = [r, fr];
    else {
      const k = at(-0.5), fk = f(k);
      if (fk < vals[n]!) [pts[n], vals[n]] = [k, fk];
      else {
        pts = pts.map((p) => p.map((v, j) => pts[0]![j]! + 0.5 * (v - pts[0]![j]!)));
        vals = pts.map(f);
      }
    }
  }
  return pts[vals.indexOf(Math.min(...vals))]!;
}

/** One level's weight on speed from its times (log seconds y, true speeds x, give-ups censored), t(3) noise, prior N(1, 0.35^2). */
function levelWeight(y: number[], x: number[], censored: boolean[]): number {
  const nll = ([b, a, ls]: number[]): number => {
    const sc = Math.exp(ls!);
    let l = (a! - 1) ** 2 / (2 * 0.35 ** 2);
    for (let m = 0; m < y.length; m++) {
      const z = (y[m]! - b! + a! * x[m]!) / sc;
      l -= censored[m] ? Math.log(Math.max(1e-300, t3Tail(z))) : Math.log(Math.max(1e-300, t3Pdf(z))) - ls!;
    }
    return l;
  };
  const mean = y.reduce((s, v) => s + v, 0) / Math.max(1, y.length);
  return nelderMead(nll, [mean, 1, Math.log(0.5)])[1]!;
}

const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const rms = (xs: number[]): string => (xs.length === 0 ? '-' : Math.sqrt(avg(xs.map((v) => v * v))).toFixed(3));
console.log(`${seeds} populations of ${players} players and ${LEVELS} levels per scenario (seeds ${firstSeed}-${firstSeed + seeds - 1}).\n`);
console.log('| scenario | Spearman: model | oracle (speeds, weights, practice known) | speeds and practice known, weights estimated | rms error, model (one-mode / two-mode) | oracle | weights estimated | rms error of the estimated weights |');
console.log('|---|---|---|---|---|---|---|---|');
for (const scenario of chosen) {
  const sp = { model: [] as number[], oracle: [] as number[], bound: [] as number[] };
  const err = { model: [[], []] as number[][], oracle: [[], []] as number[][], bound: [[], []] as number[][], weight: [] as number[] };
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const pop = simulate({ scenario, seed, players, levels: LEVELS });
    const attempts = pop.attempts.map((a) => ({ level: a.level, player: `p${a.player}`, outcome: a.outcome, seconds: a.seconds, startedAt: a.startedAt }));
    const report = rateLevels(LEVELS, attempts, pop.predicted);
    // Players are numbered in first-seen order, which is the simulator's (p0, p1, ...).
    const t = attemptTable(attempts).times(LEVELS);
    const amount = practiceAmount(scenario);
    const y = Array.from({ length: t.n }, (_, k) => Math.log(Math.max(0.5, t.seconds[k]!)) + amount * (1 - Math.exp(-t.position[k]! / 3)));
    const speed = (k: number): number => pop.speeds[t.player[k]!]!;
    const medians = (weight: (i: number) => number): number[] =>
      kaplanMeierMedians(LEVELS, t.level.subarray(0, t.n), y.map((v, k) => v + weight(t.level[k]!) * speed(k)), t.solved);
    const oracle = medians((i) => pop.loading[i]!);
    const weights = Array.from({ length: LEVELS }, (_, i) => {
      const ks = Array.from({ length: t.n }, (_, k) => k).filter((k) => t.level[k] === i);
      return levelWeight(ks.map((k) => y[k]!), ks.map(speed), ks.map((k) => t.solved[k] === 0));
    });
    const bound = medians((i) => weights[i]!);
    const model = report.rows.map((r) => r.logRating ?? 0);
    sp.model.push(spearman(pop.truth, model));
    sp.oracle.push(spearman(pop.truth, Array.from(oracle)));
    sp.bound.push(spearman(pop.truth, Array.from(bound)));
    pop.truth.forEach((truth, i) => {
      const g = pop.insight[i] ? 1 : 0;
      err.model[g]!.push(model[i]! - truth);
      err.oracle[g]!.push(oracle[i]! - truth);
      err.bound[g]!.push(bound[i]! - truth);
      err.weight.push(weights[i]! - pop.loading[i]!);
    });
  }
  const pair = (e: number[][]): string => `${rms(e[0]!)} / ${rms(e[1]!)}`;
  console.log(`| ${scenario} | ${avg(sp.model).toFixed(3)} | ${avg(sp.oracle).toFixed(3)} | ${avg(sp.bound).toFixed(3)} | ${pair(err.model)} | ${pair(err.oracle)} | ${pair(err.bound)} | ${rms(err.weight)} |`);
}
