/**
 * SD-PCGRL environment (thesis §5.3, SPEC §6, §12): a ruleset's
 * solution-down process (Longcat by default; paint's carves slides) with a
 * policy choosing the direction. Four actions (U, D, L, R); a blocked direction
 * changes nothing, and after {@link MAX_IDLE_STEPS} blocked choices in a row
 * the episode ends, so even a policy that ignores the legal-action mask
 * cannot loop forever. Reward per step = difficulty(level so far) -
 * difficulty(previous), where "level so far" is the RSD finishing step
 * applied to the walk (walk cells open, the rest wall, head at the start).
 *
 * Observation channels (default "markov"): empty, wall-or-outside, body,
 * start cell, plus the previous direction one-hot as the extra vector. The
 * reward depends on both (the finished level puts the head back at the start;
 * the turn-wall rule depends on the last direction), so without them the
 * state is not Markov. The "thesis" encoding (first three channels, no extra)
 * is kept for comparison.
 */
import { Analyzer } from '../graph/analyze';
import type { LevelFeatures } from '../graph/features';
import { DIRECTIONS } from '../rules/moves';
import { longcat } from '../rules/registry';
import type { Ruleset, SolutionDownCarver } from '../rules/ruleset';
import { createRng, type Rng } from '../util/rng';
import { encodeCentred, observationSide } from './encode';
import type { BatchedEnv, FinishedEpisode, ObservationSpec } from './types';

/** Blocked actions in a row after which an episode ends (a policy must not loop on a blocked direction). */
export const MAX_IDLE_STEPS = 4;
/**
 * Levels whose difficulty an environment batch remembers (cleared when
 * full). Early walks repeat (a start cell, its first slides), so many
 * steps skip the analysis, the step's main cost on paint.
 */
export const DIFFICULTY_CACHE_SIZE = 50_000;
/** Observation encoding: `markov` adds the start cell and the previous direction; `thesis` is the thesis's plain grid. */
export type SdEncoding = 'markov' | 'thesis';

/** An SD-PCGRL batch: size, number of environments, seed, the difficulty that shapes the reward, and optional encoding and start cells. */
export interface SdPcgrlOptions {
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed: number;
  /** Difficulty of a level's features (the active predictor). */
  readonly difficulty: (features: LevelFeatures) => number;
  readonly encoding?: SdEncoding;
  /** Only start cells from this list (e.g. the greedy test's one episode per start cell). */
  readonly startCell?: (env: number, episode: number, rng: Rng) => number;
  /** The ruleset whose solution-down process the policy drives (default Longcat). */
  readonly rules?: Ruleset;
}

const EMPTY = 0, WALL = 1;

/** The observation spec of an SD-PCGRL walk on a width x height level. */
export function sdObservationSpec(width: number, height: number, encoding: SdEncoding): ObservationSpec {
  const markov = encoding === 'markov';
  return {
    side: observationSide(width, height),
    channels: markov ? 4 : 3,
    extra: markov ? 4 : 0,
    channelNames: markov ? ['empty', 'wall-or-outside', 'body', 'start'] : ['empty', 'wall-or-outside', 'body'],
  };
}

/** Writes walk `w`'s observation as item `i` of batched grid and extra arrays. */
export function encodeWalk(w: SolutionDownCarver, spec: ObservationSpec, grid: Float32Array, extra: Float32Array, i: number): void {
  const { side, channels } = spec;
  const markov = channels === 4;
  const g = w.grid, start = w.start;
  encodeCentred(grid, i * side * side * channels, side, channels, w.width, w.height, w.head, 1, (c) =>
    markov && c === start ? 3 : g[c] === EMPTY ? 0 : g[c] === WALL ? 1 : 2,
  );
  if (markov) {
    extra.fill(0, i * 4, i * 4 + 4);
    if (w.lastDir >= 0) extra[i * 4 + w.lastDir] = 1;
  }
}

/**
 * `count` SD-PCGRL environments stepped together. Reward per step: difficulty
 * of the level so far minus the previous one, so an episode's return is the
 * finished level's difficulty minus the start's. Deterministic by seed; a
 * finished environment resets at once. Per step O(count x cells) for the
 * observations plus one level analysis per environment whose step opened a
 * cell onto a level not seen before (the rest reuse a remembered difficulty).
 */
export class SdPcgrlEnv implements BatchedEnv {
  readonly count: number;
  readonly actions = 4;
  readonly actionNames = DIRECTIONS;
  readonly observation: ObservationSpec;
  private readonly walks: SolutionDownCarver[];
  private readonly rules: Ruleset;
  private readonly current: Float64Array;
  private readonly returns: Float64Array;
  private readonly idle: Uint8Array;
  private readonly episodes: Uint32Array;
  private readonly analyzer = new Analyzer();
  private readonly rng: Rng;
  /** Difficulty by level key: a pure function of the level, so reusing it changes no result. */
  private readonly cache = new Map<string, number>();

  constructor(private readonly options: SdPcgrlOptions) {
    const { width, height, count } = options;
    this.count = count;
    this.observation = sdObservationSpec(width, height, options.encoding ?? 'markov');
    this.rng = createRng(options.seed);
    this.rules = options.rules ?? longcat;
    this.walks = Array.from({ length: count }, () => this.rules.solutionDown(width, height));
    this.current = new Float64Array(count);
    this.returns = new Float64Array(count);
    this.idle = new Uint8Array(count);
    this.episodes = new Uint32Array(count);
    for (let i = 0; i < count; i++) this.reset(i);
  }

  /** The walk of env i (read-only use: tests and the greedy test). */
  walk(i: number): SolutionDownCarver {
    return this.walks[i]!;
  }

  private difficultyOf(walk: SolutionDownCarver): number {
    const key = walk.levelKey();
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const r = this.analyzer.analyze(walk.toLevel(), { rules: this.rules });
    // Partial walks are solvable by construction once they have a level: a walk
    // whose rules put the goal where it ends (ice) has none before its first
    // slide, and counts as difficulty 0 there. The cap cannot be reached on
    // 16x16 walk levels in practice.
    const d = r.ok && r.value.features.nSolutions > 0 ? this.options.difficulty(r.value.features) : 0;
    if (this.cache.size >= DIFFICULTY_CACHE_SIZE) this.cache.clear();
    this.cache.set(key, d);
    return d;
  }

  private reset(i: number): void {
    const w = this.walks[i]!;
    const start = this.options.startCell?.(i, this.episodes[i]!, this.rng) ?? this.rng.int(w.grid.length);
    w.reset(start);
    this.current[i] = this.difficultyOf(w);
    this.returns[i] = 0;
    this.idle[i] = 0;
  }

  observe(grid: Float32Array, extra: Float32Array): void {
    for (let i = 0; i < this.count; i++) encodeWalk(this.walks[i]!, this.observation, grid, extra, i);
  }

  legalMask(mask: Uint8Array): void {
    for (let i = 0; i < this.count; i++) {
      const m = this.walks[i]!.openMask();
      for (let d = 0; d < 4; d++) mask[i * 4 + d] = (m >> d) & 1;
    }
  }

  step(actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[] {
    const finished: FinishedEpisode[] = [];
    for (let i = 0; i < this.count; i++) {
      const w = this.walks[i]!;
      const a = actions[i]!;
      let reward = 0;
      if (a >= 0 && a < 4 && w.canStep(a)) {
        // The level so far is its open cells and start: a step that opens no cell (paint crossing painted cells) leaves it, and its difficulty, as it was.
        const opens = w.stepOpens(a) >= 0;
        w.step(a);
        this.idle[i] = 0;
        if (opens) {
          const d = this.difficultyOf(w);
          reward = d - this.current[i]!;
          this.current[i] = d;
        }
      } else {
        this.idle[i]!++;
      }
      this.returns[i]! += reward;
      rewards[i] = reward;
      const done = w.done() || this.idle[i]! >= MAX_IDLE_STEPS;
      dones[i] = done ? 1 : 0;
      if (done) {
        finished.push({
          env: i,
          level: w.toLevel(),
          difficulty: this.current[i]!,
          episodeReturn: this.returns[i]!,
          steps: w.steps,
          solution: w.moves,
        });
        this.episodes[i]!++;
        this.reset(i);
      }
    }
    return finished;
  }
}
