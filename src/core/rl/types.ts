/**
 * The interface every batched RL environment implements: many environments
 * stepped together, observations written into one `Float32Array`. No
 * tensors here (STYLE habit 8): `src/ml` turns these arrays into tensors.
 */
import type { Level } from '../level/level';

/** The shape of one environment's observation: a square one-hot grid and an extra vector. */
export interface ObservationSpec {
  /** Side of the square, head-centred grid: 2n - 1 for an n-sided level. */
  readonly side: number;
  /** One-hot channels per grid cell. */
  readonly channels: number;
  /** Length of the extra vector per environment (e.g. previous direction), 0 if none. */
  readonly extra: number;
  readonly channelNames: readonly string[];
}

/** An episode that ended in the last step: which environment, the level it made, its difficulty, return and length. */
export interface FinishedEpisode {
  readonly env: number;
  readonly level: Level;
  /** Difficulty of the finished level (predictor), or null when it is not solvable (puzzle-up). */
  readonly difficulty: number | null;
  readonly episodeReturn: number;
  readonly steps: number;
  /** A solution, when the environment builds one. */
  readonly solution?: string;
}

/**
 * Many environments in lock-step over flat typed arrays (no tensors: `src/ml`
 * encodes them). Every environment is always running: one that finishes is
 * reported by `step` and reset at once.
 */
export interface BatchedEnv {
  readonly count: number;
  readonly actions: number;
  readonly actionNames: readonly string[];
  readonly observation: ObservationSpec;
  /** Writes env i's observation at `grid[i * side * side * channels]` and `extra[i * extra]`. */
  observe(grid: Float32Array, extra: Float32Array): void;
  /** Writes 1 for legal actions at `mask[i * actions + a]`. */
  legalMask(mask: Uint8Array): void;
  /**
   * Steps every environment with its action. Writes rewards and done flags;
   * finished environments are reset at once (their next observation is a
   * new episode) and their episodes returned.
   */
  step(actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[];
}
