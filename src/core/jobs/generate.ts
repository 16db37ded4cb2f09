/**
 * The generation job (SPEC §6): run a generator over an index range and hand
 * each new, solvable level to a sink, in index order. One loop for the CLI's
 * `generate` (pack or stream) and the studio's generators worker.
 *
 * What `count` means, everywhere: levels. `levels` stops the run after that
 * many new solvable levels (the studio's "count", the CLI's `--count`);
 * without it the run covers the index range `[from, to)` exactly (the CLI's
 * `--iterations`, which `--shard` and Indexed Jobs split: a shard's output is
 * a pure function of the settings and its range).
 */
import { createLevelSource, type GeneratorSettings } from '../generators/registry';
import { pinCount } from '../generators/pins';
import { UniqueLevels, type KeySet, type UniqueLevel } from '../generators/unique';
import { rulesetByName } from '../rules/registry';
import { NEVER_CANCELLED, type CancelSignal, type JobProgress, type ProgressSink } from './jobs';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/** Iterations allowed per wanted level when the run stops at a level count (RPU finds a solvable 8x8 level in about 1 of 20). */
export const ITERATIONS_PER_LEVEL = 400;

export interface GenerateJob extends GeneratorSettings {
  /** First iteration index. */
  readonly from: number;
  /** End of the index range (exclusive): the iteration budget. */
  readonly to: number;
  /** Stop after this many levels (default: run the whole range). */
  readonly levels?: number;
}

export interface GenerateJobHooks {
  /** Receives each level, in index order (storage: a pack in memory, a stream, a worker answer). */
  readonly onLevel: (level: UniqueLevel) => void;
  readonly onProgress?: ProgressSink<JobProgress & { readonly levels: number }>;
  readonly cancelled?: CancelSignal;
  /**
   * Keys met so far (default: a fresh in-memory set, so repeats are
   * dropped here). A stream passes `FORGETFUL_KEYS` and removes repeats
   * afterwards with bounded memory.
   */
  readonly seen?: KeySet;
}

export interface GenerateJobResult {
  /** Iterations run (including unsolvable and repeated ones). */
  readonly iterations: number;
  readonly levels: number;
  /** Repeats dropped (0 with a forgetful key set). */
  readonly duplicates: number;
  /** The index after the last one run: a later request continues from it. */
  readonly nextIndex: number;
  /** Why the run ended: its range is done, it reached `levels`, or it was cancelled. */
  readonly ended: 'range' | 'levels' | 'cancelled';
  /** Iterations that found no walk keeping the pins (0 without pins). */
  readonly pinsMissed: number;
  /** A sentence when the run stopped short of `levels` because its range ran out, else null. */
  readonly shortfall: string | null;
}

/** Runs the job. Cost: one generator iteration per index, one analysis per new level. */
export function runGenerateJob(job: GenerateJob, hooks: GenerateJobHooks): GenerateJobResult {
  const source = createLevelSource(job);
  const unique = new UniqueLevels(hooks.seen, rulesetByName(job.rules ?? DEFAULT_RULESET_NAME));
  const cancelled = hooks.cancelled ?? NEVER_CANCELLED;
  const wanted = job.levels ?? Infinity;
  const total = job.to - job.from;
  let levels = 0;
  let pinsMissed = 0;
  let index = job.from;
  let ended: GenerateJobResult['ended'] = 'range';
  outer: for (; index < job.to; index++) {
    if (levels >= wanted) {
      ended = 'levels';
      break;
    }
    if ((index & 255) === 0 && cancelled()) {
      ended = 'cancelled';
      break;
    }
    // Puzzle-up iterations can record several levels (one per solvable wall count), solution-down one.
    const item = source.generate(index);
    if (item.pinsMissed === true) pinsMissed++;
    for (const u of unique.take(item)) {
      hooks.onLevel(u);
      if (++levels >= wanted) {
        index++;
        ended = 'levels';
        break outer;
      }
    }
    hooks.onProgress?.({ done: index - job.from + 1, total, levels });
  }
  const iterations = index - job.from;
  let shortfall: string | null = null;
  // Only a run that asked for a level count can fall short of it (an iteration run ends with its range).
  if (ended === 'range' && job.levels !== undefined && levels < wanted) {
    const pinned = job.pins === undefined ? 0 : pinCount(job.pins);
    shortfall = `found ${levels} of ${wanted} levels in ${iterations} iterations`;
    if (pinned > 0 && job.generator === 'rpu') {
      shortfall += `; RPU keeps the ${pinned} pinned cells by construction, but few levels with random walls around them are solvable: RSD walks its levels through the pins`;
    } else if (pinned > 0 && job.generator === 'rsd') {
      shortfall += `; with ${pinned} pinned cells ${(100 * (1 - pinsMissed / Math.max(1, iterations))).toFixed(1)}% of iterations found a level keeping them${pinsMissed === iterations ? ' (none did: the pins are impossible or too rare for this size; pin fewer cells)' : ''}`;
    }
  }
  return { iterations, levels, duplicates: unique.duplicates, nextIndex: index, ended, pinsMissed, shortfall };
}
