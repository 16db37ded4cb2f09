/**
 * Training recipes. "thesis" reproduces the thesis's settings (§5.3: replay
 * 600, batch 64, Adam 7e-4, gamma 0.9, target synced every 10 episodes,
 * epsilon 1 -> 0, one level then one optimisation per episode, its
 * conv-conv-pool-conv-conv-pool-dense-dense network). "fast" is ours, measured
 * on a 2-core CPU (PLATFORM.md, docs/rl.md): 64 environments in lock-step
 * with batched inference, one update per lock-step, a large replay buffer,
 * double DQN with Huber loss, a smaller network with dense layers as 1x1
 * convolutions, and scaled rewards. "gpu" is "fast" scaled for a real GPU,
 * where an update is cheap (the fused WebGPU update: one submit, ~5 ms at
 * batch 1,024 on an H100) and learning per minute comes from many updates
 * on big batches: 512 environments in lock-step, batch 1,024, four updates
 * per lock-step (each transition sampled about eight times), a larger
 * learning rate for the larger batch, and target syncs every 250 updates. It is chosen automatically on
 * WebGPU with a real adapter ({@link autoRecipe}).
 */
import { FAST_NETWORK, SMALL_NETWORK, THESIS_NETWORK } from './networkSpecs';
import type { BackendChoice } from './backendNames';
import type { LearnerConfig } from './dqn';

export interface TrainingRecipe {
  readonly name: 'fast' | 'thesis' | 'gpu' | 'small';
  readonly envCount: number;
  readonly replayCapacity: number;
  readonly batchSize: number;
  /** Transitions in the buffer before the first update. */
  readonly learningStarts: number;
  /** One update after every this many environment steps (0: not by steps). */
  readonly updateEveryEnvSteps: number;
  /** One update after every this many finished episodes (0: not by episodes). */
  readonly updateEveryEpisodes: number;
  /** Copy the online network into the target network after this many updates / episodes. */
  readonly targetSync: { readonly every: number; readonly unit: 'updates' | 'episodes' };
  readonly epsilonStart: number;
  readonly epsilonEnd: number;
  /** Share of the budget over which epsilon falls linearly. */
  readonly epsilonDecayFraction: number;
  readonly learner: LearnerConfig;
}

export const FAST_RECIPE: TrainingRecipe = {
  name: 'fast',
  envCount: 64,
  replayCapacity: 100_000,
  batchSize: 64,
  learningStarts: 5_000,
  updateEveryEnvSteps: 64,
  updateEveryEpisodes: 0,
  targetSync: { every: 500, unit: 'updates' },
  epsilonStart: 1,
  epsilonEnd: 0.05,
  epsilonDecayFraction: 0.5,
  learner: { network: FAST_NETWORK, learningRate: 5e-4, gamma: 0.97, doubleDqn: true, loss: 'huber', rewardScale: 1 / 20 },
};

export const THESIS_RECIPE: TrainingRecipe = {
  name: 'thesis',
  envCount: 1,
  replayCapacity: 600,
  batchSize: 64,
  learningStarts: 64,
  updateEveryEnvSteps: 0,
  updateEveryEpisodes: 1,
  targetSync: { every: 10, unit: 'episodes' },
  epsilonStart: 1,
  epsilonEnd: 0,
  epsilonDecayFraction: 1,
  learner: { network: THESIS_NETWORK, learningRate: 7e-4, gamma: 0.9, doubleDqn: false, loss: 'mse', rewardScale: 1 },
};

export const GPU_RECIPE: TrainingRecipe = {
  name: 'gpu',
  envCount: 512,
  replayCapacity: 150_000,
  batchSize: 1024,
  learningStarts: 10_000,
  updateEveryEnvSteps: 128,
  updateEveryEpisodes: 0,
  targetSync: { every: 250, unit: 'updates' },
  epsilonStart: 1,
  epsilonEnd: 0.05,
  epsilonDecayFraction: 0.5,
  learner: { network: FAST_NETWORK, learningRate: 1e-3, gamma: 0.97, doubleDqn: true, loss: 'huber', rewardScale: 1 / 20 },
};

/**
 * "fast" with {@link SMALL_NETWORK} and two updates per lock-step: on a CPU
 * whose update, not the environment, is a lock-step's cost (paint: the
 * update was 87% of the CPU with the fast network, docs/rl.md), more
 * learning per CPU-second.
 */
export const SMALL_RECIPE: TrainingRecipe = {
  ...FAST_RECIPE,
  name: 'small',
  updateEveryEnvSteps: 32,
  learner: { ...FAST_RECIPE.learner, network: SMALL_NETWORK },
};

export const RECIPES = { fast: FAST_RECIPE, thesis: THESIS_RECIPE, gpu: GPU_RECIPE, small: SMALL_RECIPE } as const;
export type RecipeName = keyof typeof RECIPES;
/** A recipe, or `auto`: {@link autoRecipe} picks one for the backend in use. */
export type RecipeChoice = RecipeName | 'auto';

/** `gpu` on WebGPU with a real (not software fallback) adapter, else `fast`. */
export function autoRecipe(backend: BackendChoice): RecipeName {
  return backend.backend === 'webgpu' && backend.adapter !== undefined && !backend.adapter.fallback ? 'gpu' : 'fast';
}

/** The recipe a choice stands for on this backend. */
export function resolveRecipe(choice: RecipeChoice, backend: BackendChoice): RecipeName {
  return choice === 'auto' ? autoRecipe(backend) : choice;
}
