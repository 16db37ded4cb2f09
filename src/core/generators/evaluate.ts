/**
 * Generator evaluation (SPEC §8, thesis §5.4): solvable %, duplicates %,
 * unique, difficulty histogram and spans, non-trivial %, max, diversity.
 * Spans, histogram and maximum are over unique solvable levels, as the
 * thesis's Fig. 5.8 (91.1% of RSD's 18,570 unique levels below 20);
 * non-trivial % is unique non-trivial levels over all iterations (its 8.24%).
 * Solvable % counts iterations that gave at least one solvable level (RPU:
 * the thesis's 5.54%); duplicates % is over all solvable levels produced.
 * A level whose state graph reaches the state cap is not analysed: it is
 * counted apart (`stateCapped`, and `cappedIterations` for iterations with
 * nothing else), never as unsolvable.
 *
 * The difficulty measure is injected: normally the active predictor
 * ({@link predictorMeasure}).
 */
import { levelKey, type Level } from '../level/level';
import { Analyzer, type LevelAnalysis } from '../graph/analyze';
import { DEFAULT_STATE_CAP } from '../graph/solver';
import { longcat } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';
import type { LevelFeatures } from '../graph/features';
import type { GeneratedItem } from './registry';
import type { DifficultyModel } from '../difficulty/model';
import { solvableDifficulty } from '../difficulty/predict';

/**
 * The difficulty spans the report counts unique levels in, as [from, to);
 * the last, 200 and up, has no upper end (`to` null): a span never silently
 * holds what lies above it (SPEC §8).
 */
export const DIFFICULTY_SPANS: readonly (readonly [number, number | null])[] = [
  [0, 20], [20, 40], [40, 60], [60, 80], [80, 200], [200, null],
];

/** The index of the span `d` falls in. */
export function spanIndexOf(d: number): number {
  for (let i = 0; i < DIFFICULTY_SPANS.length; i++) {
    const to = DIFFICULTY_SPANS[i]![1];
    if (to === null || d < to) return i;
  }
  return DIFFICULTY_SPANS.length - 1;
}

/** "0-20" … "80-200", "200+". */
export function spanText(i: number, dash = '-'): string {
  const [from, to] = DIFFICULTY_SPANS[i]!;
  return to === null ? `${from}+` : `${from}${dash}${to}`;
}
/** Difficulty below which a level is trivial; the report's non-trivial share counts the rest. */
export const TRIVIAL_BELOW = 20;
/** Width of one difficulty histogram bin. */
export const HISTOGRAM_BIN = 5;
const DIVERSITY_SAMPLE = 300;

/** The difficulty an evaluation uses, injected so the report does not depend on one model: a name, a note shown with the numbers, and the function. */
export interface DifficultyMeasure {
  readonly name: string;
  /** Shown next to numbers, e.g. that this is a stand-in. */
  readonly note: string;
  readonly evaluate: (features: LevelFeatures) => number;
}

/** A difficulty model as the evaluation's measure. */
export function predictorMeasure(model: DifficultyModel): DifficultyMeasure {
  return {
    name: `predictor "${model.name}"`,
    note: model.provenance.summary,
    evaluate: (f) => solvableDifficulty(model, f),
  };
}

/** Unique levels with difficulty in [from, to); `to` null: no upper end. */
export interface SpanCount {
  readonly from: number;
  readonly to: number | null;
  readonly count: number;
}

/** The evaluation of one generator run: counts, shares, spans, histogram, diversity. Invariants: unique = solvable - duplicates; the span counts sum to unique. */
export interface EvaluationReport {
  /** Iterations run. */
  readonly generated: number;
  /** Iterations that gave at least one solvable level. */
  readonly solvableIterations: number;
  readonly solvablePercent: number;
  /** Solvable levels produced (more than the iterations for puzzle-up generators that yield several). */
  readonly solvable: number;
  readonly duplicates: number;
  /** Of solvable levels. */
  readonly duplicatesPercent: number;
  readonly unique: number;
  readonly nonTrivial: number;
  /** Unique non-trivial levels over all iterations. */
  readonly nonTrivialPercent: number;
  readonly spans: readonly SpanCount[];
  /** Counts per bin of width {@link HISTOGRAM_BIN} starting at 0. */
  readonly histogram: readonly number[];
  readonly maxDifficulty: number;
  readonly meanDifficulty: number;
  /** Mean pairwise Hamming distance (fraction of cells) over a sample of unique levels. */
  readonly diversity: number;
  /** Levels whose state graph reached the state cap: not analysed, so neither solvable nor unsolvable. */
  readonly stateCapped: number;
  /**
   * Iterations that gave no solvable level and at least one level past the
   * cap: counted apart, neither solvable nor unsolvable (the unsolvable
   * iterations are `generated - solvableIterations - cappedIterations`).
   */
  readonly cappedIterations: number;
  /** The state cap the levels were analysed under. */
  readonly stateCap: number;
  readonly difficultyMeasure: { readonly name: string; readonly note: string };
}

/** Accumulates generated items; `report()` can be called at any time. */
export class Evaluation {
  private readonly analyzer = new Analyzer();
  private readonly seen = new Set<string>();
  private generated = 0;
  private solvableIterations = 0;
  private solvable = 0;
  private duplicates = 0;
  private stateCapped = 0;
  private cappedIterations = 0;
  private readonly difficulties: number[] = [];
  private readonly sample: Level[] = [];
  /**
   * Called once per new unique solvable level with its analysis and
   * difficulty (a view valid during the call): what an expressive-range map
   * reads, without analysing the level a second time.
   */
  onLevel: ((level: Level, analysis: LevelAnalysis, difficulty: number) => void) | null = null;

  /** `rules`: the ruleset the levels are analysed under (default Longcat); `maxStates`: the state cap of each analysis. */
  constructor(
    private readonly measure: DifficultyMeasure,
    private readonly rules: Ruleset = longcat,
    private readonly maxStates: number = DEFAULT_STATE_CAP,
  ) {}

  /**
   * Counts one iteration and its levels. Generators pass only solvable
   * levels; each is checked anyway (an unsolvable one is not counted).
   * Returns the difficulty of each new unique level, in order.
   */
  add(item: GeneratedItem): number[] {
    this.generated++;
    const fresh: number[] = [];
    let anySolvable = false, anyCapped = false;
    for (const level of item.levels) {
      const key = levelKey(level);
      if (this.seen.has(key)) {
        anySolvable = true;
        this.solvable++;
        this.duplicates++;
        continue;
      }
      const analysis = this.analyzer.analyze(level, { rules: this.rules, maxStates: this.maxStates });
      if (!analysis.ok) {
        this.stateCapped++;
        anyCapped = true;
        continue;
      }
      if (analysis.value.features.nSolutions === 0) continue;
      anySolvable = true;
      this.solvable++;
      this.seen.add(key);
      const d = Math.max(0, this.measure.evaluate(analysis.value.features));
      this.difficulties.push(d);
      fresh.push(d);
      this.onLevel?.(level, analysis.value, d);
      if (this.sample.length < DIVERSITY_SAMPLE) this.sample.push(level);
    }
    if (anySolvable) this.solvableIterations++;
    else if (anyCapped) this.cappedIterations++;
    return fresh;
  }

  report(): EvaluationReport {
    const unique = this.solvable - this.duplicates;
    const counts = new Array<number>(DIFFICULTY_SPANS.length).fill(0);
    for (const d of this.difficulties) counts[spanIndexOf(d)]!++;
    const spans = DIFFICULTY_SPANS.map(([from, to], i) => ({ from, to, count: counts[i]! }));
    let max = 0, sum = 0;
    const histogram: number[] = [];
    for (const d of this.difficulties) {
      max = Math.max(max, d);
      sum += d;
      const bin = Math.min(Math.floor(d / HISTOGRAM_BIN), Math.floor(200 / HISTOGRAM_BIN));
      while (histogram.length <= bin) histogram.push(0);
      histogram[bin]!++;
    }
    const nonTrivial = this.difficulties.filter((d) => d >= TRIVIAL_BELOW).length;
    const pct = (a: number, b: number): number => (b === 0 ? 0 : (100 * a) / b);
    return {
      generated: this.generated,
      solvableIterations: this.solvableIterations,
      solvablePercent: pct(this.solvableIterations, this.generated),
      solvable: this.solvable,
      duplicates: this.duplicates,
      duplicatesPercent: pct(this.duplicates, this.solvable),
      unique,
      nonTrivial,
      nonTrivialPercent: pct(nonTrivial, this.generated),
      spans,
      histogram,
      maxDifficulty: max,
      meanDifficulty: this.difficulties.length === 0 ? 0 : sum / this.difficulties.length,
      diversity: meanPairwiseHamming(this.sample),
      stateCapped: this.stateCapped,
      cappedIterations: this.cappedIterations,
      stateCap: this.maxStates,
      difficultyMeasure: { name: this.measure.name, note: this.measure.note },
    };
  }
}

/** One evaluation run (one temperature of a policy, or one run of RSD/RPU) with its wall time. */
export interface TimedReport {
  /** A policy's temperature; null for RSD and RPU. */
  readonly temperature: number | null;
  readonly report: EvaluationReport;
  readonly seconds: number;
  readonly levelsPerSecond: number;
}

/** An {@link Evaluation} that also counts iterations and times itself (the CLI and the batch worker report both). */
export class TimedEvaluation {
  readonly evaluation: Evaluation;
  readonly started = performance.now();
  /** Iterations added. */
  done = 0;

  constructor(measure: DifficultyMeasure, readonly temperature: number | null, rules: Ruleset = longcat, maxStates: number = DEFAULT_STATE_CAP) {
    this.evaluation = new Evaluation(measure, rules, maxStates);
  }

  /** See {@link Evaluation.add}. */
  add(item: GeneratedItem): number[] {
    this.done++;
    return this.evaluation.add(item);
  }

  /** The report so far. */
  result(): TimedReport {
    const seconds = (performance.now() - this.started) / 1000;
    return { temperature: this.temperature, report: this.evaluation.report(), seconds, levelsPerSecond: seconds > 0 ? this.done / seconds : 0 };
  }
}

/**
 * Mean Hamming distance between all pairs of same-size levels, as a fraction
 * of cells (a cell differs when its type — empty, wall, head — differs).
 * Pairs of different sizes are skipped. O(k^2 * cells) for k levels.
 */
export function meanPairwiseHamming(levels: readonly Level[]): number {
  let total = 0, pairs = 0;
  for (let i = 0; i < levels.length; i++) {
    const a = levels[i]!;
    for (let j = i + 1; j < levels.length; j++) {
      const b = levels[j]!;
      if (a.width !== b.width || a.height !== b.height) continue;
      let diff = 0;
      for (let c = 0; c < a.cells.length; c++) {
        const ta = c === a.head ? 2 : a.cells[c]!, tb = c === b.head ? 2 : b.cells[c]!;
        if (ta !== tb) diff++;
      }
      total += diff / a.cells.length;
      pairs++;
    }
  }
  return pairs === 0 ? 0 : total / pairs;
}
