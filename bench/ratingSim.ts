/**
 * Populations of players that break the rating model's assumptions, one
 * scenario per assumption (SPEC §13 "Honest intervals"). This simulator
 * shares no code with the model (src/core/players): its own random numbers,
 * its own normal draws, its own idea of each effect's shape, so a model
 * that only fits its own simulator cannot pass here by construction.
 *
 * Every player has a speed and a patience and meets the levels in the
 * pack's order or a shuffled one; a level's time for them is drawn, split
 * into tries, and given up (censored) when it would pass their patience;
 * give-ups mostly end a run and slow players drift away, so later levels
 * see quicker players (survivor bias). Each attempt carries its start time.
 * The truth of a level is the median seconds of an average-speed player
 * meeting it first (no practice), idle time excluded: on a log scale.
 */

export type Scenario = 'model' | 'model-shuffled' | 'practice-shuffled' | 'practice-fixed-mild' | 'practice-fixed-strong' | 'heavy-tails-idle' | 'insight' | 'speed-sensitivity' | 'skill-patience' | 'all-at-once';
export const SCENARIOS: readonly Scenario[] = ['model', 'model-shuffled', 'practice-shuffled', 'practice-fixed-mild', 'practice-fixed-strong', 'heavy-tails-idle', 'insight', 'speed-sensitivity', 'skill-patience', 'all-at-once'];

/** What each scenario changes, for the benchmark's table. */
export const SCENARIO_WORDS: Readonly<Record<Scenario, string>> = {
  model: "the model's own assumptions (fixed order)",
  'model-shuffled': "the model's own assumptions, shuffled order",
  'practice-shuffled': 'practice: times fall by up to 40% over the first levels met; shuffled order',
  'practice-fixed-mild': 'practice: up to 15% faster; every player in the pack order',
  'practice-fixed-strong': 'practice: up to 40% faster; every player in the pack order',
  'heavy-tails-idle': 'Student t (3 d.f.) times; 5% of solves carry 1-10 idle minutes',
  insight: 'a third of the levels two-mode: 40% of players see it at once (3x faster), the rest search (1.6x slower)',
  'speed-sensitivity': "each level weighs players' speed differently (x0.4 to x1.6)",
  'skill-patience': 'patience tied to speed (quick players persist, slow ones give up sooner) and give-ups when stuck',
  'all-at-once': 'all of the above but the fixed orders (shuffled, practice up to 15%)',
};

export interface SimAttempt {
  readonly level: number;
  readonly player: number;
  readonly outcome: 'solved' | 'failed' | 'gaveup';
  readonly seconds: number;
  /** Epoch ms. */
  readonly startedAt: number;
}

export interface Population {
  /** Log seconds: the level's true median for an average player meeting it first. */
  readonly truth: readonly number[];
  readonly predicted: readonly number[];
  readonly attempts: readonly SimAttempt[];
  /** Per level: two-mode (insight) or not, and its weight on speed (for the benchmark's breakdowns). */
  readonly insight: readonly boolean[];
  readonly loading: readonly number[];
  /** Per player: their true speed (log scale; for the benchmark's breakdowns). */
  readonly speeds: readonly number[];
}

/** Mulberry32: small, seeded, not the studio's generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(r: () => number): number {
  // Marsaglia's polar method (the model's tests use Box-Muller; this is deliberately another).
  for (;;) {
    const u = 2 * r() - 1, v = 2 * r() - 1, q = u * u + v * v;
    if (q > 0 && q < 1) return u * Math.sqrt((-2 * Math.log(q)) / q);
  }
}

/** Student t with `df` degrees of freedom, scaled to the same interquartile range as N(0, 1). */
function studentT(r: () => number, df: number): number {
  let chi = 0;
  for (let i = 0; i < df; i++) chi += normal(r) ** 2;
  const iqrT3 = 0.7649, iqrN = 0.6745; // upper quartiles of t(3) and N(0,1)
  return (normal(r) / Math.sqrt(chi / df)) * (iqrN / iqrT3);
}

/** CDF of Student's t with 3 degrees of freedom (closed form). */
function t3Cdf(t: number): number {
  const u = t / Math.sqrt(3);
  return 0.5 + (u / (1 + u * u) + Math.atan(u)) / Math.PI;
}

/**
 * The median of p D(m1, s) + (1 - p) D(m2, s) by bisection on its CDF, D the
 * noise the population draws: normal, or (heavy tails) the scaled t(3) of
 * {@link studentT}, so the truth is the median of what is simulated.
 */
function mixtureMedian(p: number, m1: number, m2: number, s: number, heavy: boolean): number {
  const scale = 0.7649 / 0.6745; // studentT divides a t(3) by this
  const F = (z: number): number => (heavy ? t3Cdf(z * scale) : phi(z));
  const cdf = (x: number): number => p * F((x - m1) / s) + (1 - p) * F((x - m2) / s);
  let lo = Math.min(m1, m2) - 10 * s, hi = Math.max(m1, m2) + 10 * s;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < 0.5) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function phi(z: number): number {
  // Phi by numerical integration of the density (Simpson, 400 panels from -10): slow, independent, exact enough.
  const a = -10, b = Math.max(a, Math.min(10, z)), m = 400, h = (b - a) / m;
  if (h === 0) return 0;
  let sum = 0;
  for (let i = 0; i <= m; i++) {
    const x = a + i * h, f = Math.exp(-0.5 * x * x);
    sum += f * (i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2);
  }
  return ((sum * h) / 3) / Math.sqrt(2 * Math.PI);
}

export interface PopulationOptions {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly players: number;
  readonly levels: number;
  /** Effects of the scenario turned off (to see what each costs; the benchmark's table leaves them all on). */
  readonly off?: readonly Effect[];
}

export type Effect = 'practice' | 'shuffle' | 'heavy' | 'insight' | 'sensitivity' | 'skill-patience';

export function simulate(o: PopulationOptions): Population {
  const r = random(o.seed * 7919 + 17);
  const sc = o.scenario, all = sc === 'all-at-once';
  const on = (e: Effect): boolean => !(o.off ?? []).includes(e);
  const practice = !on('practice') ? 0 : sc === 'practice-shuffled' ? 0.5 : sc === 'practice-fixed-mild' || all ? 0.16 : sc === 'practice-fixed-strong' ? 0.5 : 0;
  const shuffled = on('shuffle') && (sc === 'practice-shuffled' || sc === 'model-shuffled' || all);
  const heavy = on('heavy') && (sc === 'heavy-tails-idle' || all);
  const insightOn = on('insight') && (sc === 'insight' || all);
  const sensitivity = on('sensitivity') && (sc === 'speed-sensitivity' || all);
  const skillPatience = on('skill-patience') && (sc === 'skill-patience' || all);
  const noise = 0.5;
  // Levels: intensities from 15 to 60 s, half following the pack order.
  const base = Array.from({ length: o.levels }, (_, i) => Math.log(15) + Math.log(4) * (0.5 * (i / Math.max(1, o.levels - 1)) + 0.5 * r()));
  const insight = base.map(() => insightOn && r() < 1 / 3);
  const loading = base.map(() => (sensitivity ? 0.4 + 1.2 * r() : 1));
  const truth = base.map((b, i) => (insight[i] ? mixtureMedian(0.4, b - Math.log(3), b + Math.log(1.6), noise, heavy) : b));
  const predicted = truth.map((t) => Math.max(0, Math.exp(t + 0.8 * normal(r)) / 3 - 1));
  const attempts: SimAttempt[] = [], speeds: number[] = [];
  for (let p = 0; p < o.players; p++) {
    const speed = 0.7 * normal(r);
    speeds.push(speed);
    const patience = skillPatience ? 90 * Math.exp(0.8 * speed + 0.35 * normal(r)) : 90 * Math.exp(0.6 * normal(r));
    const order = Array.from({ length: o.levels }, (_, i) => i);
    if (shuffled) for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    let clock = Date.UTC(2026, 10, 1) + Math.floor(r() * 86_400_000);
    for (let met = 0; met < o.levels; met++) {
      const l = order[met]!;
      const learned = practice * (1 - Math.exp(-met / 3));
      const e = heavy ? studentT(r, 3) * noise : noise * normal(r);
      const centre = insight[l] ? (r() < 0.4 ? base[l]! - Math.log(3) : base[l]! + Math.log(1.6)) : base[l]!;
      let time = Math.exp(centre - loading[l]! * speed - learned + e);
      // Stuck: with skill-tied give-ups, a slow player on a hard level may stop well short of their patience.
      let limit = patience;
      if (skillPatience && r() < 1 / (1 + Math.exp(-(base[l]! - Math.log(45) - 1.2 * speed)))) limit = patience * (0.3 + 0.5 * r());
      const gaveUp = time > limit;
      if (gaveUp) time = limit;
      const idle = heavy && !gaveUp && r() < 0.05 ? 60 + 540 * r() : 0;
      const tries = 1 + Math.floor(r() * 3);
      let left = time + idle;
      for (let t = 0; t < tries; t++) {
        const last = t === tries - 1;
        const part = last ? left : left * (0.2 + 0.5 * r());
        left -= part;
        attempts.push({ level: l, player: p, outcome: last ? (gaveUp ? 'gaveup' : 'solved') : 'failed', seconds: part, startedAt: clock });
        clock += Math.round(part * 1000) + 2000;
      }
      if (gaveUp && r() < 0.7) break;
      if (r() < 0.03 * Math.exp(-1.5 * speed)) break;
    }
  }
  return { truth, predicted, attempts, insight, loading, speeds };
}
