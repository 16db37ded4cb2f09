/**
 * Generate at difficulty (SPEC §7): a unique, solvable level whose predicted
 * difficulty is within tolerance of a target, found by solution-down local
 * search (Linjat-style pool optimisation, seed 004, on the solution path
 * instead of the board). A candidate is a walk (start cell + steps); a
 * mutation keeps a prefix of the walk and regrows the rest at random, or
 * with a proposal function (the SD-PCGRL policy, from `src/ml`). Every
 * candidate is an RSD-finished walk, so every level is solvable by
 * construction. The search is seeded and budgeted in evaluations (the same
 * seed gives the same levels on any machine; wall-clock time only cancels),
 * and answers quickly when the target is outside the reachable range. Any
 * ruleset's solution-down process serves (default Longcat; SPEC §12).
 */
import type { LevelFeatures } from '../graph/features';
import { Analyzer } from '../graph/analyze';
import { levelKey, type Level } from '../level/level';
import { longcat } from '../rules/registry';
import type { Ruleset, SolutionDownCarver } from '../rules/ruleset';
import { createRng, streamSeed, type Rng } from '../util/rng';
import { roundForMessage } from '../difficulty/scale';
import { levelMeasures, measureIndex } from '../range/measures';
import { secondDistance, secondTargetProblem, secondTargetText, type SecondTarget } from '../range/secondTarget';
import { drawStart, pinCount, pinsKey, pinsSizeProblem, walkKeepsPins, withPins, type CellPins } from './pins';

/** How far from the target a difficulty may be: the larger of `relative * target` and `absolute`. */
export interface Tolerance {
  /** Relative tolerance (0.1 = ±10%). */
  readonly relative: number;
  /** Absolute tolerance; the larger of the two applies. */
  readonly absolute: number;
}

/** The default window: the larger of ±10% and ±3. */
export const DEFAULT_TOLERANCE: Tolerance = { relative: 0.1, absolute: 3 };

/** Half-width of the accepted window around `target`. */
export function toleranceWidth(target: number, t: Tolerance = DEFAULT_TOLERANCE): number {
  return Math.max(t.relative * target, t.absolute);
}

/** A solution-down walk: the start cell and the directions taken; replaying it gives the level and its solution. */
export interface Walk {
  readonly start: number;
  readonly dirs: readonly number[];
}

/** A unique, solvable level reached by a walk, with its key, difficulty, features and a solution. */
export interface Candidate {
  readonly walk: Walk;
  readonly level: Level;
  readonly key: string;
  readonly difficulty: number;
  readonly features: LevelFeatures;
  readonly solution: string;
  /** The second target's measure of this level (NaN without a second target, or when the level has no value). */
  readonly second: number;
}

/** Chooses the next direction of a walk being regrown; return -1 to pick at random. */
export type Proposal = (walk: SolutionDownCarver, rng: Rng) => number;

/** What to generate: size, target and tolerance, how many levels, the seed, and the designer's constraints. */
export interface AtDifficultyRequest {
  readonly width: number;
  readonly height: number;
  /** The ruleset (default Longcat): its solution-down process builds the walks, its graph prices them. */
  readonly rules?: Ruleset;
  readonly target: number;
  readonly tolerance?: Tolerance;
  readonly count?: number;
  readonly seed: number;
  /** Level keys to avoid (the current pack: Avalon's "plagiarism" check). */
  readonly exclude?: ReadonlySet<string>;
  /** Only levels with exactly one solution path (a ruleset whose `solutionPaths` is null has none such: leave it off). */
  readonly uniqueSolution?: boolean;
  /** Open cells (walk length) range. */
  readonly openCells?: { readonly min?: number | undefined; readonly max?: number | undefined };
  readonly difficulty: (f: LevelFeatures) => number;
  /** Evaluations allowed per level (default 20,000). */
  readonly budget?: number;
  /** Wall-clock limit in ms for the whole request (default 5,000; Infinity for none): an outer cancel, never a search budget. */
  readonly timeLimitMs?: number;
  readonly proposal?: Proposal;
  readonly now?: () => number;
  /** Cells every level keeps (`pins.ts`): walks that break a pin are no candidate. Same size as the request. */
  readonly pins?: CellPins | undefined;
  /** A second measure to hold within its own window at the same time (`range/secondTarget.ts`). */
  readonly also?: SecondTarget | undefined;
}

/** A level returned by generate-at-difficulty, with the evaluations and time it took. */
export interface AtDifficultyLevel extends Candidate {
  readonly attempts: number;
  readonly milliseconds: number;
}

/** The levels found (within tolerance, unique), why fewer than asked when so, the reachable range seen, and the evaluations spent. */
export interface AtDifficultyResult {
  readonly levels: AtDifficultyLevel[];
  /** Set when fewer than `count` levels were found, with the reason. */
  readonly shortfall: string | null;
  /** The reachable range as far as this request estimated it (a lower bound on the maximum); 0 to 0 when `reachableUnknown`. */
  readonly reachable: { readonly min: number; readonly max: number };
  /** True when the request needed no range estimate (a low window, searched first) and none was computed. */
  readonly reachableUnknown?: boolean;
  readonly evaluations: number;
  /** True when the wall-clock limit ended the request (never the evaluation budget). */
  readonly cancelled: boolean;
  /** True when no walk of the range estimate kept the pins (the pins are impossible or too rare): no level, and no range to speak of. */
  readonly pinsNeverKept?: boolean;
}

/** Builds a candidate from a walk (replayed on `w`); null when its level breaks a pin. */
function evaluateWalk(w: SolutionDownCarver, analyzer: Analyzer, rules: Ruleset, difficulty: (f: LevelFeatures) => number, also?: SecondTarget): Omit<Candidate, 'walk'> | null {
  if (!walkKeepsPins(w)) return null;
  const level = w.toLevel();
  const r = analyzer.analyze(level, { rules });
  if (!r.ok) return null;
  const d = difficulty(r.value.features);
  const second = also === undefined ? NaN : levelMeasures({ level, counts: r.value.counts, features: r.value.features, difficulty: d })[measureIndex(also.measure)]!;
  return { level, key: levelKey(level), difficulty: d, features: { ...r.value.features }, solution: w.moves, second };
}

/** Replays the first `keep` steps of `walk` on `w`, then grows it until the walk is done (proposal or random). */
function regrow(w: SolutionDownCarver, walk: Walk, keep: number, rng: Rng, proposal?: Proposal): number[] {
  w.reset(walk.start);
  const dirs: number[] = [];
  for (let i = 0; i < keep && i < walk.dirs.length; i++) {
    const d = walk.dirs[i]!;
    if (!w.canStep(d)) break;
    w.step(d);
    dirs.push(d);
  }
  for (;;) {
    // done(), not only "no step allowed": a ruleset may end its walk by its own rule (paint stops when idle too long).
    if (w.done()) return dirs;
    const m = w.openMask();
    let d = proposal !== undefined ? proposal(w, rng) : -1;
    if (d < 0 || ((m >> d) & 1) === 0) {
      let k = 0;
      for (let x = 0; x < 4; x++) if ((m >> x) & 1) k++;
      let pick = rng.int(k);
      for (let x = 0; x < 4; x++) if ((m >> x) & 1 && pick-- === 0) d = x;
    }
    w.step(d);
    dirs.push(d);
  }
}

/**
 * Local search for one level near `target`: restarts from random walks,
 * mutates a random suffix, keeps the candidate closer to the target (or,
 * with small probability, a slightly worse one to leave plateaus).
 */
class Searcher {
  readonly walk: SolutionDownCarver;
  readonly rules: Ruleset;
  readonly analyzer = new Analyzer();
  evaluations = 0;
  /** Evaluations whose walk kept the pins (all of them without pins). */
  keptPins = 0;
  /** Walks near the top of the reachable range (from its estimate), used as restart points for high targets. */
  elites: readonly Walk[] = [];

  constructor(readonly req: AtDifficultyRequest) {
    this.rules = req.rules ?? longcat;
    this.walk = withPins(this.rules.solutionDown(req.width, req.height), req.pins);
  }

  private evaluate(): Omit<Candidate, 'walk'> | null {
    this.evaluations++;
    const c = evaluateWalk(this.walk, this.analyzer, this.rules, this.req.difficulty, this.req.also);
    if (c !== null) this.keptPins++;
    return c;
  }

  private acceptable(c: Omit<Candidate, 'walk'>, taken: ReadonlySet<string>): boolean {
    if (taken.has(c.key) || this.req.exclude?.has(c.key)) return false;
    if (this.req.uniqueSolution === true && c.features.solutionPaths !== 1) return false;
    const open = c.solution.length === 0 ? 1 : this.openCells(c.level);
    const { min, max } = this.req.openCells ?? {};
    if (min !== undefined && open < min) return false;
    if (max !== undefined && open > max) return false;
    return true;
  }

  private openCells(level: Level): number {
    let n = 0;
    for (let i = 0; i < level.cells.length; i++) if (level.cells[i] === 0) n++;
    return n;
  }

  /** Score: distance to the target window (0 inside); with a second target, plus its distance in its tolerances times the difficulty window's half-width (0 only inside both). */
  private score(c: Omit<Candidate, 'walk'>, target: number, half: number): number {
    const first = Math.max(0, Math.abs(c.difficulty - target) - half);
    return this.req.also === undefined ? first : first + secondDistance(this.req.also, c.second) * half;
  }

  random(rng: Rng): Candidate | null {
    const walk: Walk = { start: drawStart(this.walk, rng), dirs: [] };
    const dirs = regrow(this.walk, walk, 0, rng, this.req.proposal);
    const c = this.evaluate();
    return c === null ? null : { ...c, walk: { start: walk.start, dirs } };
  }

  /** An elite walk as a candidate (the walk is complete, so nothing regrows). */
  replay(walk: Walk, rng: Rng): Candidate | null {
    const dirs = regrow(this.walk, walk, walk.dirs.length, rng);
    const c = this.evaluate();
    return c === null ? null : { ...c, walk: { start: walk.start, dirs } };
  }

  mutate(from: Candidate, rng: Rng, useProposal: boolean): Candidate | null {
    const keep = rng.int(from.walk.dirs.length + 1);
    const dirs = regrow(this.walk, from.walk, keep, rng, useProposal ? this.req.proposal : undefined);
    const c = this.evaluate();
    return c === null ? null : { ...c, walk: { start: from.walk.start, dirs } };
  }

  /** One level in the window, null when the budget runs out, 'cancelled' when the wall-clock deadline passes first. */
  find(target: number, half: number, rng: Rng, taken: ReadonlySet<string>, budget: number, deadline: number, now: () => number): Candidate | null | 'cancelled' {
    const start = this.evaluations;
    let current: Candidate | null = null;
    let best = Infinity;
    let sinceImprovement = 0;
    while (this.evaluations - start < budget) {
      if (now() >= deadline) return 'cancelled';
      let next: Candidate | null;
      if (current === null || sinceImprovement > 300) {
        // Restart from the best of a few random walks and the elite walks (which reach high targets fast).
        next = null;
        const consider = (c: Candidate | null): void => {
          if (c !== null && (next === null || this.score(c, target, half) < this.score(next, target, half))) next = c;
        };
        for (let k = 0; k < 8; k++) consider(this.random(rng));
        // Elites are mutated once, so different seeds start from different neighbours, not one shared level.
        for (const e of this.elites) {
          const replayed = this.replay(e, rng);
          consider(replayed === null ? null : this.mutate(replayed, rng, false));
        }
        current = null;
        best = Infinity;
        sinceImprovement = 0;
      } else {
        next = this.mutate(current, rng, this.req.proposal !== undefined && rng.next() < 0.5);
      }
      if (next === null) continue;
      const s = this.score(next, target, half);
      if (s === 0 && this.acceptable(next, taken)) return next;
      if (current === null || s < best || (s === best && rng.next() < 0.5) || rng.next() < 0.02) {
        if (s < best) sinceImprovement = 0;
        else sinceImprovement++;
        current = next;
        best = Math.min(best, s);
      } else sinceImprovement++;
    }
    return null;
  }

  /** Hill-climbs the highest difficulty it can within `budget` evaluations; returns the best candidate ('cancelled' past the deadline). */
  climbMax(rng: Rng, budget: number, deadline: number, now: () => number): Candidate | null | 'cancelled' {
    let best = this.random(rng);
    const start = this.evaluations;
    while (this.evaluations - start < budget) {
      if (now() >= deadline) return 'cancelled';
      if (best === null) {
        best = this.random(rng);
        continue;
      }
      const next = this.mutate(best, rng, false);
      if (next !== null && next.difficulty >= best.difficulty) best = next;
    }
    return best;
  }
}

/** The reachable range estimated for one size and predictor, with the walks that reached the top. */
export interface ReachableEstimate {
  readonly min: number;
  readonly max: number;
  /** The best walk of each climb. */
  readonly elites: readonly Walk[];
  /** Evaluations spent, and how many of them kept the pins (equal without pins). */
  readonly evaluations: number;
  readonly keptPins: number;
}

/**
 * Evaluations of the reachable-range estimate on 8x8, per ruleset (default
 * 12,000, about 1.2 s of CPU for Longcat). A paint evaluation near the top of
 * the range costs about 18 ms (its hard levels have large graphs), so paint's
 * estimate takes 1,000 (about 20 s of CPU, once per size, pins and model:
 * callers cache it).
 */
export const RANGE_EVALUATIONS = 12_000;
const RANGE_EVALUATIONS_BY_RULES: Readonly<Record<string, number>> = { paint: 1_000 };

/** The range estimate's evaluations on 8x8 for a ruleset (before {@link rangeBudget} scales them to the size). */
export function rangeEvaluations(rules: Ruleset = longcat): number {
  return RANGE_EVALUATIONS_BY_RULES[rules.name] ?? RANGE_EVALUATIONS;
}

/**
 * A window whose lower edge is at or below this (the top of the medium
 * band, estimated seconds) is searched for first, with no range estimate:
 * easy and medium levels are common in solution-down walks, so the search
 * finds them in tens of evaluations, and the estimate (which climbs to the
 * hardest levels, the costliest to evaluate) is paid only to explain a
 * shortfall. Above it the estimate comes first: it says "out of reach" at
 * once and its best walks seed the search. A rule on the request alone, so
 * the same request takes the same path whatever is cached.
 */
export const SEARCH_FIRST_UP_TO = 60;
const RANGE_CLIMBS = 6;

/**
 * An estimate's budget for a size: `base` evaluations on 8x8, scaled by 64
 * cells over the level's cells (an evaluation costs more on larger levels,
 * so a 16x16 estimate takes about as long as an 8x8 one), within base/4 to
 * 2 x base. A function of the size only, so the estimate stays deterministic.
 */
export function rangeBudget(width: number, height: number, base: number): number {
  return Math.round(Math.min(2 * base, Math.max(base / 4, (base * 64) / (width * height))));
}

/**
 * The reachable difficulty range for a size and predictor, estimated by
 * hill-climbing the maximum with a fixed number of evaluations (so the same
 * size and predictor always give the same estimate, on any machine). The
 * minimum reported is 0 (the easiest levels of any size read near it).
 * Returns null when the wall-clock `deadline` (an outer cancel only) passes
 * first.
 */
export function reachableRange(
  width: number,
  height: number,
  difficulty: (f: LevelFeatures) => number,
  options: { budget?: number; deadline?: number; now?: () => number; rules?: Ruleset; pins?: CellPins | undefined } = {},
): ReachableEstimate | null {
  const now = options.now ?? (() => performance.now());
  const deadline = options.deadline ?? Infinity;
  const s = new Searcher({ width, height, target: 0, seed: 0, difficulty, ...(options.rules !== undefined ? { rules: options.rules } : {}), pins: options.pins });
  let max = 0;
  const elites: Walk[] = [];
  for (let r = 0; r < RANGE_CLIMBS; r++) {
    const best = s.climbMax(createRng(streamSeed(0x5ca1e, r)), Math.floor((options.budget ?? rangeBudget(width, height, rangeEvaluations(options.rules))) / RANGE_CLIMBS), deadline, now);
    if (best === 'cancelled') return null;
    if (best === null) continue;
    max = Math.max(max, best.difficulty);
    elites.push(best.walk);
  }
  return { min: 0, max, elites, evaluations: s.evaluations, keptPins: s.keptPins };
}

/**
 * The version of the reachable-range estimate: bump it when a change to the
 * estimate (its climbs, budget, seeds or the searcher) gives another range
 * for the same size, pins and predictor, so estimates kept outside the
 * process (the studio's IndexedDB) are computed again.
 */
export const RANGE_ESTIMATE_VERSION = 1;

/** The key of one estimate of a predictor: ruleset, size, budget and pins (pins with no cell pinned read as none, as the search reads them). */
export function rangeKey(width: number, height: number, budget: number, rules: Ruleset = longcat, pins?: CellPins): string {
  return `${rules.name}:${width}x${height}:${budget}:${pins !== undefined && pinCount(pins) > 0 ? pinsKey(pins) : ''}`;
}

/** The key {@link ReachableRanges.estimate} files a size, ruleset and pins under (the budget {@link rangeBudget} gives). */
export function estimateKey(width: number, height: number, rules: Ruleset = longcat, pins?: CellPins): string {
  return rangeKey(width, height, rangeBudget(width, height, rangeEvaluations(rules)), rules, pins);
}

/**
 * Reachable-range estimates of ONE predictor, per size and budget. The
 * caller owns it and keeps one per difficulty model (a new model needs new
 * estimates); nothing is cached behind the caller's back. A caller that
 * keeps estimates elsewhere (the studio's IndexedDB) hands them in with
 * {@link remember} and hears of new ones through `onComputed`.
 */
export class ReachableRanges {
  private readonly estimates = new Map<string, ReachableEstimate>();

  constructor(
    readonly difficulty: (f: LevelFeatures) => number,
    private readonly onComputed?: (key: string, estimate: ReachableEstimate) => void,
  ) {}

  /** The one estimate for a size, ruleset and pins ({@link rangeEvaluations} scaled by {@link rangeBudget}), computed on first use; null when cancelled (not cached). */
  estimate(width: number, height: number, deadline: number, now: () => number, rules: Ruleset = longcat, pins?: CellPins): ReachableEstimate | null {
    return this.get(width, height, rangeBudget(width, height, rangeEvaluations(rules)), deadline, now, rules, pins);
  }

  /** The estimate for a size (under a ruleset, default Longcat, and pins) with `budget` evaluations, computed on first use; null when cancelled (not cached). */
  get(width: number, height: number, budget: number, deadline: number, now: () => number, rules: Ruleset = longcat, pins?: CellPins): ReachableEstimate | null {
    const key = rangeKey(width, height, budget, rules, pins);
    const cached = this.estimates.get(key);
    if (cached !== undefined) return cached;
    const estimate = reachableRange(width, height, this.difficulty, { budget, deadline, now, rules, pins });
    if (estimate !== null) {
      this.estimates.set(key, estimate);
      this.onComputed?.(key, estimate);
    }
    return estimate;
  }

  /** Whether an estimate is held under `key` ({@link rangeKey}). */
  has(key: string): boolean {
    return this.estimates.has(key);
  }

  /** Holds an estimate made earlier for this predictor under `key` (the caller vouches that it is this predictor's). */
  remember(key: string, estimate: ReachableEstimate): void {
    this.estimates.set(key, estimate);
  }
}

/**
 * Finds `count` unique levels within tolerance of `target`. The search is
 * budgeted in evaluations, so a seed gives the same levels on a slow machine
 * and a fast one; `timeLimitMs` only cancels (the levels found by then are a
 * prefix of what an unlimited run finds). `ranges` holds the predictor's
 * reachable-range estimates across requests (default: a fresh one).
 */
export function generateAtDifficulty(req: AtDifficultyRequest, ranges: ReachableRanges = new ReachableRanges(req.difficulty)): AtDifficultyResult {
  if (ranges.difficulty !== req.difficulty) throw new Error('generateAtDifficulty: the range estimates belong to another predictor');
  const now = req.now ?? (() => performance.now());
  const t0 = now();
  const count = req.count ?? 1;
  const half = toleranceWidth(req.target, req.tolerance);
  const deadline = t0 + (req.timeLimitMs ?? 5000);
  const pins = req.pins !== undefined && pinCount(req.pins) > 0 ? req.pins : undefined;
  if (pins !== undefined) {
    const problem = pinsSizeProblem(pins, req.width, req.height);
    if (problem !== null) throw new Error(`generateAtDifficulty: ${problem}`);
  }
  if (req.also !== undefined) {
    const problem = secondTargetProblem(req.also);
    if (problem !== null) throw new Error(`generateAtDifficulty: ${problem}`);
  }
  const s = new Searcher(pins === undefined ? req : { ...req, pins });
  const levels: AtDifficultyLevel[] = [];
  const taken = new Set<string>();
  const size = `${req.width}x${req.height}`;
  const windowText = `within ±${roundForMessage(half)} of ${roundForMessage(req.target)}${req.also !== undefined ? ` with ${secondTargetText(req.also)}` : ''}`;
  const rangeText = (r: { min: number; max: number }): string => `about ${roundForMessage(r.min)} to ${roundForMessage(r.max)}`;
  const timedOut = (reachable: { min: number; max: number } | null): AtDifficultyResult => ({
    levels,
    shortfall: `found ${levels.length} of ${count} levels ${windowText} before the time limit ran out`,
    reachable: reachable ?? { min: 0, max: 0 },
    ...(reachable === null ? { reachableUnknown: true } : {}),
    evaluations: s.evaluations,
    cancelled: true,
  });
  /** The one estimate for this size and pins (cached by `ranges`); null when the time limit cancels it. */
  const estimate = (): ReachableEstimate | null => ranges.estimate(req.width, req.height, deadline, now, s.rules, pins);
  let range: ReachableEstimate | null = null;
  /** What the pins cost, for shortfall messages. */
  const pinNote = (r: ReachableEstimate): string =>
    pins === undefined ? '' : ` (${pinCount(pins)} pinned cells: ${roundForMessage((100 * r.keptPins) / Math.max(1, r.evaluations))}% of the range estimate's walks kept them)`;
  const pinsNeverKept = (r: ReachableEstimate): AtDifficultyResult => ({
    levels,
    shortfall: `no walk kept the ${pinCount(pins!)} pinned cells in ${r.evaluations} tries: the pins are impossible or too rare for ${size} levels; pin fewer cells`,
    reachable: { min: 0, max: 0 },
    evaluations: s.evaluations,
    cancelled: false,
    pinsNeverKept: true,
  });
  const outOfReach = (r: ReachableEstimate): AtDifficultyResult => ({
    levels,
    shortfall: `a difficulty of ${roundForMessage(req.target)} is out of reach for ${size} levels${pins === undefined ? '' : ' with these pins'}: the reachable range is ${rangeText(r)}${pinNote(r)}`,
    reachable: { min: r.min, max: r.max },
    evaluations: s.evaluations,
    cancelled: false,
  });
  // High windows: the estimate first (out of reach at once; its best walks seed the search). Low ones search first.
  if (req.target - half > SEARCH_FIRST_UP_TO) {
    range = estimate();
    if (range === null) return timedOut(null);
    if (pins !== undefined && range.keptPins === 0) return pinsNeverKept(range);
    if (req.target - half > range.max) return outOfReach(range);
    // The estimate's best walks seed restarts only in the upper half of the range, where random walks rarely land.
    s.elites = req.target - half > range.max / 2 ? range.elites : [];
  }
  for (let i = 0; i < count; i++) {
    const rng = createRng(streamSeed(req.seed, i));
    const started = now(), before = s.evaluations;
    const found = s.find(req.target, half, rng, taken, req.budget ?? 20_000, deadline, now);
    if (found === 'cancelled') return timedOut(range);
    if (found === null) {
      // The budget ran out: the estimate says why (out of reach, rare pins, or only scarce).
      range ??= estimate();
      if (range === null) return timedOut(null);
      if (pins !== undefined && range.keptPins === 0) return pinsNeverKept(range);
      if (levels.length === 0 && req.target - half > range.max) return outOfReach(range);
      return {
        levels,
        shortfall: `found ${levels.length} of ${count} levels ${windowText} before the search budget ran out; the reachable range is ${rangeText(range)}${pinNote(range)}`,
        reachable: { min: range.min, max: range.max },
        evaluations: s.evaluations,
        cancelled: false,
      };
    }
    taken.add(found.key);
    levels.push({ ...found, attempts: s.evaluations - before, milliseconds: now() - started });
  }
  return {
    levels,
    shortfall: null,
    reachable: range === null ? { min: 0, max: 0 } : { min: range.min, max: range.max },
    ...(range === null ? { reachableUnknown: true } : {}),
    evaluations: s.evaluations,
    cancelled: false,
  };
}
