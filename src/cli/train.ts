/**
 * `train`: DQN training headless on Node with the WASM backend (or WebGPU
 * through Dawn's Node binding, `--backend webgpu`), with progress
 * on stderr and a resumable checkpoint (`<out>/checkpoint/`: weights, Adam
 * state and counters; the replay buffer is not saved and refills on resume).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import type { DifficultyModel } from '../core/difficulty/model';
import { chooseBackend } from '../ml/backend';
import { DqnLearner } from '../ml/dqn';
import { makeEnv, makeTestEnv, type EnvSettings } from '../ml/envs';
import { META_FORMAT, modelFromFiles, modelToFiles, type ModelMeta } from '../ml/modelFiles';
import { installNodeWebGpu } from '../ml/nodeWebGpu';
import { RECIPES, resolveRecipe, type RecipeChoice, type RecipeName } from '../ml/recipes';
import { Trainer, type TrainingCounters, type TrainingMetrics } from '../ml/trainer';
import { CliError } from './args';

export interface TrainOptions extends EnvSettings {
  readonly minutes: number;
  readonly seed: number;
  readonly out: string;
  readonly recipe: RecipeChoice;
  readonly backend?: 'wasm' | 'webgpu' | 'cpu';
  readonly resume: boolean;
  readonly quiet: boolean;
  readonly command: string;
}

function writeModel(dir: string, files: { modelJson: string; weights: Uint8Array; meta: string }): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.json'), files.modelJson);
  writeFileSync(join(dir, 'weights.bin'), files.weights);
  writeFileSync(join(dir, 'meta.json'), files.meta);
}

export function readModelFiles(dir: string): { modelJson: string; weights: Uint8Array; meta: string } {
  try {
    return {
      modelJson: readFileSync(join(dir, 'model.json'), 'utf8'),
      weights: new Uint8Array(readFileSync(join(dir, 'weights.bin'))),
      meta: readFileSync(join(dir, 'meta.json'), 'utf8'),
    };
  } catch (e) {
    throw new CliError(`cannot read the model in ${dir}: ${(e as Error).message}`);
  }
}

function meta(o: TrainOptions & { recipe: RecipeName }, model: DifficultyModel, counters: TrainingCounters, m: TrainingMetrics | null, backend: string, obs: { side: number; channels: number; extra: number }, actions: number): ModelMeta {
  return {
    format: META_FORMAT,
    version: 1,
    env: o.env,
    width: o.width,
    height: o.height,
    encoding: o.encoding,
    observation: obs,
    actions,
    recipe: o.recipe,
    seed: o.seed,
    episodes: counters.episodes,
    envSteps: counters.envSteps,
    updates: counters.updates,
    wallSeconds: counters.elapsed,
    backend,
    predictor: { name: model.name, createdAt: model.provenance.createdAt },
    testDifficulty: m?.testDifficulty ?? null,
    createdAt: new Date().toISOString(),
    command: o.command,
  };
}

export async function runTrain(options: TrainOptions): Promise<TrainingMetrics> {
  const backend = options.backend ?? 'wasm';
  if (backend === 'webgpu') {
    const why = await installNodeWebGpu();
    if (why !== null) throw new CliError(`--backend webgpu: ${why}`);
  }
  const choice = await chooseBackend(backend).catch((e: Error) => {
    throw new CliError(`--backend ${backend}: ${e.message}`);
  });
  const o = { ...options, recipe: resolveRecipe(options.recipe, choice) };
  const recipe = RECIPES[o.recipe];
  const checkpointDir = join(o.out, 'checkpoint');
  let counters: TrainingCounters | undefined;
  let learner: DqnLearner | undefined;
  const probe = makeEnv(o, 1, o.seed);
  const obs = probe.observation;
  const shape = { side: obs.side, channels: obs.channels, extra: obs.extra, actions: probe.actions };
  if (o.resume) {
    if (!existsSync(join(checkpointDir, 'meta.json'))) throw new CliError(`--resume: no checkpoint in ${checkpointDir}`);
    const loaded = await modelFromFiles(readModelFiles(checkpointDir), { env: o.env, width: o.width, height: o.height });
    if (!loaded.ok) throw new CliError(`--resume: ${loaded.error}`);
    if (loaded.value.meta.recipe !== o.recipe || loaded.value.meta.seed !== o.seed) {
      throw new CliError(`--resume: the checkpoint is recipe ${loaded.value.meta.recipe}, seed ${loaded.value.meta.seed}; pass the same --recipe and --seed`);
    }
    learner = new DqnLearner(shape, recipe.learner, o.seed, loaded.value.model);
    const opt = join(checkpointDir, 'optimizer.json');
    if (existsSync(opt)) {
      const manifest = JSON.parse(readFileSync(opt, 'utf8')) as { name: string; shape: number[] }[];
      const bin = readFileSync(join(checkpointDir, 'optimizer.bin'));
      const values = new Float32Array(bin.buffer, bin.byteOffset, bin.byteLength / 4);
      let offset = 0;
      const named = manifest.map((w) => {
        const size = w.shape.reduce((a, b) => a * b, 1);
        const tensor = tf.tensor(values.slice(offset, offset + size), w.shape);
        offset += size;
        return { name: w.name, tensor };
      });
      if (offset !== values.length) throw new CliError(`--resume: optimizer.bin has ${values.length} values but optimizer.json describes ${offset}`);
      await learner.optimizer.setWeights(named);
    }
    const m = loaded.value.meta;
    counters = { episodes: m.episodes, envSteps: m.envSteps, updates: m.updates, elapsed: m.wallSeconds };
    process.stderr.write(`resuming from ${checkpointDir}: ${m.episodes} episodes, ${(m.wallSeconds / 60).toFixed(1)} min trained\n`);
  }
  const trainer = new Trainer({
    recipe,
    seed: o.seed,
    makeEnv: (count, seed) => makeEnv(o, count, seed),
    makeTestEnv: () => makeTestEnv(o, o.seed + 1),
    checkpointSeconds: 120,
    testEverySeconds: 60,
    progressEverySeconds: 10,
    ...(counters !== undefined ? { counters } : {}),
    ...(learner !== undefined ? { learner } : {}),
  });
  const save = async (dir: string, m: TrainingMetrics | null, withOptimizer: boolean): Promise<void> => {
    writeModel(dir, await modelToFiles(trainer.learner.online, meta(o, o.model, trainer.counters, m, choice.adapter === undefined ? choice.backend : `${choice.backend} (${choice.adapter.name})`, obs, probe.actions)));
    if (withOptimizer) {
      // Adam's state: names and shapes as JSON, values as one float32 file.
      const weights = await trainer.learner.optimizer.getWeights();
      const arrays = await Promise.all(weights.map((w) => w.tensor.data() as Promise<Float32Array>));
      const total = arrays.reduce((a, v) => a + v.length, 0);
      const bin = new Float32Array(total);
      let offset = 0;
      for (const v of arrays) {
        bin.set(v, offset);
        offset += v.length;
      }
      writeFileSync(join(dir, 'optimizer.json'), JSON.stringify(weights.map((w) => ({ name: w.name, shape: w.tensor.shape }))));
      writeFileSync(join(dir, 'optimizer.bin'), new Uint8Array(bin.buffer));
    }
  };
  if (!o.quiet) process.stderr.write(`training ${o.env} ${o.width}x${o.height}, recipe ${o.recipe}, seed ${o.seed}, ${o.minutes} min on ${choice.backend} (${choice.reason})\n`);
  const m = await trainer.run(
    { minutes: o.minutes },
    {
      onProgress: (p) => {
        if (o.quiet) return;
        process.stderr.write(
          `${(p.elapsed / 60).toFixed(1)} min  episodes ${p.episodes}  eps ${p.epsilon.toFixed(2)}  return ${p.meanReturn.toFixed(1)}  ` +
            `difficulty ${p.meanDifficulty.toFixed(1)}  test ${p.testDifficulty?.toFixed(1) ?? '-'}  loss ${p.meanLoss.toFixed(4)}  ` +
            `${Math.round(p.envStepsPerSecond)} steps/s  ${p.updatesPerSecond.toFixed(1)} updates/s\n`,
        );
      },
      onCheckpoint: (p) => save(checkpointDir, p, true),
    },
  );
  await save(checkpointDir, m, true);
  await save(o.out, m, false);
  return m;
}
