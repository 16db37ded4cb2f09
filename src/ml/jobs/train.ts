/**
 * The training job, built once for the CLI's `train` and the studio's
 * training worker (it lives in `src/ml` because it holds tfjs models; the
 * level jobs are in `src/core/jobs`). Both get the same schedule (greedy
 * tests, checkpoints), the same recipe overrides and the same resume
 * checks; storage (a folder or IndexedDB), progress and cancellation are the
 * caller's.
 *
 * Greedy tests: a run budgeted in environment steps tests on a step
 * schedule ({@link TRAINING_SCHEDULE}`.testsPerStepBudget` times over the
 * budget), so `--env-steps` runs report the same numbers on any machine
 * and under any load; a run budgeted in minutes tests every
 * `testEverySeconds`, giving at most `maxTestShare` of its time to tests.
 */
import type { BackendChoice } from '../backend';
import { readCheckpoint, restoreLearner, writeCheckpoint, type CheckpointStorage } from '../checkpoint';
import type { DqnLearner } from '../dqn';
import { makeEnv, makeTestEnv, type EnvSettings } from '../envs';
import { modelToFiles, type ModelFiles, type ModelMeta } from '../modelFiles';
import { buildModelMeta } from '../modelMeta';
import { RECIPES, type RecipeName, type TrainingRecipe } from '../recipes';
import { Trainer, type TrainingCounters, type TrainingMetrics } from '../trainer';
import { err, ok, type Result } from '../../core/util/result';

/** When the job tests, checkpoints and reports, wherever it runs. */
export const TRAINING_SCHEDULE = {
  /** Greedy tests over a budget in environment steps (evenly spaced, plus the closing test). */
  testsPerStepBudget: 20,
  /** Greedy test interval of a budget in minutes. */
  testEverySeconds: 30,
  /** Largest share of a minutes budget the greedy tests may take. */
  maxTestShare: 0.1,
  checkpointSeconds: 60,
} as const;

/** What a training run is: its environment, recipe (with overrides) and seed. */
export interface TrainJobSettings extends EnvSettings {
  readonly recipe: RecipeName;
  readonly seed: number;
  /** Override of the recipe's replay warm-up (steps before the first update). */
  readonly learningStarts?: number | undefined;
}

/** The recipe with the settings' overrides. */
export function trainingRecipe(s: TrainJobSettings): TrainingRecipe {
  const r = RECIPES[s.recipe];
  return s.learningStarts === undefined ? r : { ...r, learningStarts: s.learningStarts };
}

const envOf = (s: TrainJobSettings): EnvSettings => ({ env: s.env, width: s.width, height: s.height, encoding: s.encoding, model: s.model, ...(s.rules !== undefined ? { rules: s.rules } : {}) });

/**
 * A trainer for the settings on the shared schedule; `progressEverySeconds`
 * is the caller's (a page redraws often, a terminal seldom). Pass a restored
 * learner and its counters to continue a run.
 */
export function createTrainer(s: TrainJobSettings, progressEverySeconds: number, resumed?: { learner: DqnLearner; counters: TrainingCounters }): Trainer {
  const env = envOf(s);
  return new Trainer({
    recipe: trainingRecipe(s),
    seed: s.seed,
    makeEnv: (count, seed) => makeEnv(env, count, seed),
    makeTestEnv: () => makeTestEnv(env, s.seed + 1),
    testsPerStepBudget: TRAINING_SCHEDULE.testsPerStepBudget,
    testEverySeconds: TRAINING_SCHEDULE.testEverySeconds,
    maxTestShare: TRAINING_SCHEDULE.maxTestShare,
    checkpointSeconds: TRAINING_SCHEDULE.checkpointSeconds,
    progressEverySeconds,
    ...(resumed !== undefined ? { learner: resumed.learner, counters: resumed.counters } : {}),
  });
}

/** A learner restored from a checkpoint (or uploaded files), with its meta and counters. */
export interface Resumed {
  readonly learner: DqnLearner;
  readonly counters: TrainingCounters;
  readonly meta: ModelMeta;
}

/**
 * Restores a learner from `files` (and the optimizer state when present)
 * for the settings. When `expect` is given the checkpoint must have been
 * trained with that recipe and seed (continuing with others would mix two
 * runs): otherwise the learner is disposed and the reason returned.
 */
export async function restoreForSettings(
  c: { files: ModelFiles; optimizer: Parameters<typeof restoreLearner>[0]['optimizer'] },
  s: TrainJobSettings,
  expect?: { readonly recipe: RecipeName; readonly seed: number },
): Promise<Result<Resumed, string>> {
  const restored = await restoreLearner(c, envOf(s), trainingRecipe(s), s.seed);
  if (!restored.ok) return err(restored.error);
  const m = restored.value.meta;
  if (expect !== undefined && (m.recipe !== expect.recipe || m.seed !== expect.seed)) {
    restored.value.learner.dispose();
    return err(`the checkpoint is recipe ${m.recipe}, seed ${m.seed}; pass the same recipe and seed`);
  }
  return ok(restored.value);
}

/** Reads the checkpoint in `storage` and restores it for the settings (null when there is none). */
export async function resumeFromStorage(storage: CheckpointStorage, s: TrainJobSettings): Promise<Result<Resumed | null, string>> {
  const c = await readCheckpoint(storage);
  if (!c.ok) return err(c.error);
  if (c.value === null) return ok(null);
  return restoreForSettings(c.value, s, { recipe: s.recipe, seed: s.seed });
}

/** The model meta of a trainer's current network. */
export function metaFor(s: TrainJobSettings, trainer: Trainer, backend: BackendChoice | string, testDifficulty: number | null, command?: string): ModelMeta {
  const name = typeof backend === 'string' ? backend : backend.adapter === undefined ? backend.backend : `${backend.backend} (${backend.adapter.name})`;
  return buildModelMeta({ ...envOf(s), recipe: s.recipe, seed: s.seed, counters: trainer.counters, backend: name, testDifficulty, ...(command !== undefined ? { command } : {}) });
}

/** Writes a checkpoint of the trainer (network, optimizer, counters, and the caller's session record). */
export async function saveCheckpoint(storage: CheckpointStorage, trainer: Trainer, meta: ModelMeta, session?: unknown): Promise<void> {
  await writeCheckpoint(storage, trainer.learner, await modelToFiles(trainer.learner.online, meta), session);
}

export type { TrainingMetrics };
