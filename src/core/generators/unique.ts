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

/**
 * Keeps the new, solvable levels of a generator run, in order, and counts
 * the repeats (same walls and head as an earlier level). One per run; memory
 * grows with the number of unique levels. Each level is analysed once.
 */
export class UniqueLevels {
  private readonly analyzer = new Analyzer();
  /** `rules`: the ruleset the levels are analysed under (default Longcat). */
  constructor(private readonly rules: Ruleset = longcat) {}
  private readonly seen = new Set<string>();
  duplicates = 0;

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

