/**
 * The new, solvable levels of a generator run: every consumer (the CLI's
 * `generate`, the studio's generators worker) keeps the same duplicate set,
 * skips unsolvable and state-capped levels, and counts duplicates the same way.
 */
import { Analyzer, type LevelAnalysis } from '../graph/analyze';
import { longcat } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';
import { levelKey, type Level } from '../level/level';
import type { GeneratedItem } from './registry';

/** A level a run produced for the first time, solvable, with where in the run it came from and its analysis. */
export interface UniqueLevel {
  /** Iteration index of the run. */
  readonly index: number;
  /** Position within the iteration's levels (puzzle-up iterations can yield several). */
  readonly k: number;
  /** How many levels the iteration yielded. */
  readonly siblings: number;
  readonly level: Level;
  readonly key: string;
  readonly analysis: LevelAnalysis;
  /** The generator's own solution for the level, when it built one. */
  readonly solution: string | null;
}

/** The keys a run has met: a `Set<string>` or anything with the same two methods. */
export interface KeySet {
  has(key: string): boolean;
  add(key: string): unknown;
}

/** A key set that remembers nothing: every level counts as new. */
export const FORGETFUL_KEYS: KeySet = { has: () => false, add: () => undefined };

/**
 * Keeps the new, solvable levels of a generator run, in order, and counts
 * the repeats (same walls and head as an earlier level). One per run; memory
 * grows with the number of unique levels. Each level is analysed once.
 */
export class UniqueLevels {
  private readonly analyzer = new Analyzer();
  duplicates = 0;

  /**
   * `seen` holds the keys met so far (default: a fresh set). A set that
   * never remembers (`FORGETFUL_KEYS`) passes every solvable level on, for a
   * consumer that removes repeats itself with bounded memory (level streams).
   * `rules`: the ruleset the levels are analysed under (default Longcat).
   */
  constructor(
    private readonly seen: KeySet = new Set<string>(),
    private readonly rules: Ruleset = longcat,
  ) {}

  /** The iteration's levels that are new and solvable, in order; repeats are counted as duplicates. */
  take(item: GeneratedItem): UniqueLevel[] {
    const out: UniqueLevel[] = [];
    item.levels.forEach((level, k) => {
      const key = levelKey(level);
      if (this.seen.has(key)) {
        this.duplicates++;
        return;
      }
      this.seen.add(key);
      const analysis = this.analyzer.analyze(level, { rules: this.rules });
      if (!analysis.ok || analysis.value.features.nSolutions === 0) return;
      out.push({
        index: item.index,
        k,
        siblings: item.levels.length,
        level,
        key,
        analysis: analysis.value,
        solution: k === 0 ? (item.solution ?? null) : null,
      });
    });
    return out;
  }
}

