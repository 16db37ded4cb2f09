/**
 * One-call level analysis under a ruleset (default Longcat): search, classes, features. {@link Analyzer} reuses
 * its buffers (use one per thread on hot paths); {@link analyzeLevel} is the
 * convenient form. A search that hits the state cap is reported as an error,
 * never a freeze and never half-true features.
 */
import type { Level } from '../level/level';
import { longcat } from '../rules/longcat';
import type { Ruleset } from '../rules/ruleset';
import { err, ok, type Result } from '../util/result';
import type { ClassCounts } from './classes';
import { Classifier, type Classification, type LevelFeatures } from './features';
import { DEFAULT_STATE_CAP, Solver, type SearchGraph } from './solver';

/** A complete analysis: the number of states per class, and every feature. */
export interface LevelAnalysis {
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
}

/** The search stopped at the state cap: the level has more than `cap` states; `message` says so in a sentence. */
export interface StateCapError {
  readonly kind: 'state-cap';
  readonly cap: number;
  readonly statesExplored: number;
  readonly message: string;
}

/** Options of an analysis. */
export interface AnalyzeOptions {
  /** Stop after this many states (default {@link DEFAULT_STATE_CAP}). */
  readonly maxStates?: number;
  /** The ruleset (default Longcat). */
  readonly rules?: Ruleset;
}

/** The error value for a search stopped at `cap` after `explored` states. */
export function stateCapError(cap: number, explored: number): StateCapError {
  return {
    kind: 'state-cap',
    cap,
    statesExplored: explored,
    message: `state cap reached: the level has more than ${cap.toLocaleString('en-US')} states, so its graph and features are not computed`,
  };
}

/** Search + classification with reusable buffers. */
export class Analyzer {
  readonly solver = new Solver();
  readonly classifier = new Classifier();

  /** Graph and per-node classification, both views valid until the next call. */
  run(level: Level, options: AnalyzeOptions = {}): Result<{ graph: SearchGraph; classification: Classification }, StateCapError> {
    const cap = options.maxStates ?? DEFAULT_STATE_CAP;
    const graph = this.solver.search(level, cap, options.rules ?? longcat);
    if (!graph.complete) return err(stateCapError(cap, graph.stateCount));
    return ok({ graph, classification: this.classifier.classify(graph) });
  }

  /** Counts and features only (no per-node views: the cheaper call when the graph itself is not needed). */
  analyze(level: Level, options: AnalyzeOptions = {}): Result<LevelAnalysis, StateCapError> {
    const cap = options.maxStates ?? DEFAULT_STATE_CAP;
    const graph = this.solver.search(level, cap, options.rules ?? longcat);
    if (!graph.complete) return err(stateCapError(cap, graph.stateCount));
    return ok(this.classifier.summarize(graph));
  }
}

let shared: Analyzer | undefined;

/** Analyses one level (shares one module-level {@link Analyzer}). */
export function analyzeLevel(level: Level, options: AnalyzeOptions = {}): Result<LevelAnalysis, StateCapError> {
  shared ??= new Analyzer();
  return shared.analyze(level, options);
}
