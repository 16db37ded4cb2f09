/**
 * Training checkpoints: ONE format and one implementation for the CLI and the
 * studio, over a storage adapter (files in a folder for the CLI, an IndexedDB
 * record in the browser). A checkpoint is the model files (`model.json`,
 * `weights.bin`, `meta.json`), Adam's state (names and shapes, and every
 * value in one Float32Array, in the order of the manifest) and an opaque
 * `session` the caller validates with its own schema (the studio keeps its
 * settings, budget and chart history there). Everything read back is parsed
 * by {@link CheckpointSchema} before use; the replay buffer is not saved and
 * refills on resume.
 */
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import { err, ok, type Result } from '../core/util/result';
import { DqnLearner } from './dqn';
import { modelFromFiles } from './modelFiles';
import { checkModelFiles, InvalidModelError } from './modelCheck';
import { ModelFilesSchema, type ModelFiles, type ModelMeta } from './schemas';
import type { TrainingRecipe } from './recipes';
import { countersOf, networkShape } from './modelMeta';
import type { EnvSettings } from './envs';
import type { TrainingCounters } from './trainer';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

export const OptimizerStateSchema = z
  .object({
    manifest: z.array(z.object({ name: z.string(), shape: z.array(z.number().int().nonnegative()) })),
    values: z.instanceof(Float32Array),
  })
  .refine((o) => o.manifest.reduce((a, w) => a + w.shape.reduce((p, d) => p * d, 1), 0) === o.values.length, {
    message: "the optimizer's values do not match its manifest (truncated or mixed up)",
    path: ['values'],
  });
export type OptimizerState = z.infer<typeof OptimizerStateSchema>;

export const CheckpointSchema = z.object({
  files: ModelFilesSchema,
  optimizer: OptimizerStateSchema.nullable(),
  /** The caller's own record (settings, budget, history); validated by the caller. */
  session: z.unknown().optional(),
  savedAt: z.string(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** Where checkpoints live: one slot, read back as untrusted data. */
export interface CheckpointStorage {
  write(c: Checkpoint): Promise<void>;
  /** The stored record as found (parsed by {@link readCheckpoint}), or undefined when there is none. */
  read(): Promise<unknown>;
  remove(): Promise<void>;
}

/** Adam's state as plain data. Disposes the iteration-count tensor `getWeights` makes (the rest are the optimizer's own variables). */
export async function captureOptimizer(optimizer: tf.Optimizer): Promise<OptimizerState> {
  const weights = await optimizer.getWeights();
  const arrays = await Promise.all(weights.map((w) => w.tensor.data() as Promise<Float32Array>));
  const values = new Float32Array(arrays.reduce((a, v) => a + v.length, 0));
  let offset = 0;
  for (const a of arrays) {
    values.set(a, offset);
    offset += a.length;
  }
  const manifest = weights.map((w) => ({ name: w.name, shape: [...w.tensor.shape] }));
  if (weights[0] !== undefined && weights[0].name === 'iter') weights[0].tensor.dispose();
  return { manifest, values };
}

/** Puts saved state back into an optimizer (parsed state only: lengths already checked). */
export async function restoreOptimizer(optimizer: tf.Optimizer, state: OptimizerState): Promise<void> {
  let offset = 0;
  const named = state.manifest.map((w) => {
    const size = w.shape.reduce((a, d) => a * d, 1);
    const tensor = tf.tensor(state.values.slice(offset, offset + size), w.shape);
    offset += size;
    return { name: w.name, tensor };
  });
  try {
    await optimizer.setWeights(named);
  } finally {
    // setWeights keeps variables of its own (or reads the iteration count): the inputs can go.
    tf.dispose(named.map((n) => n.tensor));
  }
}

/**
 * Saves the learner's online network, Adam's state and the caller's session
 * record. The files are checked as a load would check them first: a network
 * with NaN weights (a diverged run) throws {@link InvalidModelError} and
 * nothing is written, so the last good checkpoint stays.
 */
export async function writeCheckpoint(storage: CheckpointStorage, learner: DqnLearner, files: ModelFiles, session?: unknown): Promise<void> {
  const checked = checkModelFiles(files);
  if (!checked.ok) throw new InvalidModelError(checked.error);
  const optimizer = await captureOptimizer(learner.optimizer);
  await storage.write({ files, optimizer, ...(session !== undefined ? { session } : {}), savedAt: new Date().toISOString() });
}

/** The stored checkpoint, parsed (null when there is none; a sentence when it cannot be used). */
export async function readCheckpoint(storage: CheckpointStorage): Promise<Result<Checkpoint | null, string>> {
  let raw: unknown;
  try {
    raw = await storage.read();
  } catch (e) {
    return err(`the saved checkpoint cannot be read: ${(e as Error).message}`);
  }
  if (raw === undefined) return ok(null);
  const parsed = CheckpointSchema.safeParse(raw);
  if (!parsed.success) return err(`the saved checkpoint cannot be used: ${parsed.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ')}`);
  return ok(parsed.data);
}

/** A learner and counters restored from a checkpoint, ready for a `Trainer`. */
export interface RestoredLearner {
  readonly learner: DqnLearner;
  readonly meta: ModelMeta;
  readonly counters: TrainingCounters;
}

/**
 * Rebuilds the learner from a checkpoint (or plain model files with
 * `optimizer: null`): validates the files against the environment, loads the
 * network, restores Adam. On any problem the sentence says why and nothing
 * stays allocated.
 */
export async function restoreLearner(
  c: { files: ModelFiles; optimizer: OptimizerState | null },
  env: EnvSettings,
  recipe: TrainingRecipe,
  seed: number,
): Promise<Result<RestoredLearner, string>> {
  const loaded = await modelFromFiles(c.files, { env: env.env, width: env.width, height: env.height });
  if (!loaded.ok) return err(loaded.error);
  const was = loaded.value.meta.rules ?? DEFAULT_RULESET_NAME, want = env.rules ?? DEFAULT_RULESET_NAME;
  if (was !== want) {
    loaded.value.model.dispose();
    return err(`the model was trained for ${was}, not ${want}`);
  }
  const { actions, ...observation } = networkShape(env);
  const learner = new DqnLearner({ ...observation, actions }, recipe.learner, seed, loaded.value.model);
  if (c.optimizer !== null) {
    try {
      await restoreOptimizer(learner.optimizer, c.optimizer);
    } catch (e) {
      learner.dispose();
      return err(`Adam's saved state does not fit this network: ${(e as Error).message}`);
    }
  }
  return ok({ learner, meta: loaded.value.meta, counters: countersOf(loaded.value.meta) });
}
