/**
 * `train`: the training job (`ml/jobs/train.ts`, the studio's worker runs the
 * same) headless on Node with the WASM backend (or WebGPU
 * through Dawn's Node binding, `--backend webgpu`), with progress
 * on stderr and a resumable checkpoint (`<out>/checkpoint/`: weights, Adam
 * state and counters; the replay buffer is not saved and refills on resume).
 */
import { join } from 'node:path';
import { chooseBackend } from '../ml/backend';
import type { EnvSettings } from '../ml/envs';
import { createTrainer, metaFor, resumeFromStorage, saveCheckpoint, type Resumed } from '../ml/jobs/train';
import { modelToFiles } from '../ml/modelFiles';
import { resolveRecipe, type RecipeChoice } from '../ml/recipes';
import type { TrainingMetrics } from '../ml/trainer';
import { CliError } from './args';
import { folderCheckpointStorage, writeModelDir } from './modelDir';

/** A wall-clock budget, or one in environment steps (reproducible across machines). */
export type TrainBudget = { readonly minutes: number } | { readonly envSteps: number };

export interface TrainOptions extends EnvSettings {
  readonly budget: TrainBudget;
  readonly seed: number;
  readonly out: string;
  readonly recipe: RecipeChoice;
  readonly backend?: 'wasm' | 'webgpu' | 'cpu';
  readonly resume: boolean;
  readonly quiet: boolean;
  readonly command: string;
  /** Override of the recipe's replay warm-up (environment steps before the first update). */
  readonly learningStarts?: number;
}

export async function runTrain(options: TrainOptions): Promise<TrainingMetrics> {
  const backend = options.backend ?? 'wasm';
  if (backend === 'webgpu') {
    // Dawn and tfjs's WebGPU backend are optional packages (README.md, "The command line"): loaded only here.
    let installNodeWebGpu: () => Promise<string | null>;
    try {
      ({ installNodeWebGpu } = await import('../ml/nodeWebGpu'));
    } catch (e) {
      throw new CliError(`--backend webgpu needs two optional packages that a plain install leaves out: run \`npm install webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0\` where longcat-studio is installed (${(e as Error).message.split('\n')[0]})`);
    }
    const why = await installNodeWebGpu();
    if (why !== null) throw new CliError(`--backend webgpu: ${why}`);
  }
  const choice = await chooseBackend(backend).catch((e: Error) => {
    throw new CliError(`--backend ${backend}: ${e.message}`);
  });
  const o = { ...options, recipe: resolveRecipe(options.recipe, choice) };
  const checkpointDir = join(o.out, 'checkpoint');
  const storage = folderCheckpointStorage(checkpointDir);
  let resumed: Resumed | undefined;
  if (o.resume) {
    const c = await resumeFromStorage(storage, o);
    if (!c.ok) throw new CliError(`--resume: ${c.error.replace('pass the same recipe and seed', 'pass the same --recipe and --seed')}`);
    if (c.value === null) throw new CliError(`--resume: no checkpoint in ${checkpointDir}`);
    resumed = c.value;
    process.stderr.write(`resuming from ${checkpointDir}: ${resumed.meta.episodes} episodes, ${(resumed.meta.wallSeconds / 60).toFixed(1)} min trained\n`);
  }
  const trainer = createTrainer(o, 10, resumed);
  const meta = (m: TrainingMetrics | null) => metaFor(o, trainer, choice, m?.testDifficulty ?? null, o.command);
  const files = (m: TrainingMetrics | null) => modelToFiles(trainer.learner.online, meta(m));
  const checkpoint = async (m: TrainingMetrics | null): Promise<void> => saveCheckpoint(storage, trainer, meta(m));
  if (!o.quiet) process.stderr.write(`training ${o.env} ${o.width}x${o.height}, recipe ${o.recipe}, seed ${o.seed}, ${'minutes' in o.budget ? `${o.budget.minutes} min` : `${o.budget.envSteps} env steps`} on ${choice.backend} (${choice.reason})\n`);
  const m = await trainer.run(
    o.budget,
    {
      onProgress: (p) => {
        if (o.quiet) return;
        process.stderr.write(
          `${(p.elapsed / 60).toFixed(1)} min  episodes ${p.episodes}  eps ${p.epsilon.toFixed(2)}  return ${p.meanReturn.toFixed(1)}  ` +
            `difficulty ${p.meanDifficulty.toFixed(1)}  test ${p.testDifficulty?.toFixed(1) ?? '-'}  loss ${p.meanLoss.toFixed(4)}  ` +
            `${Math.round(p.envStepsPerSecond)} steps/s  ${p.updatesPerSecond.toFixed(1)} updates/s\n`,
        );
      },
      onCheckpoint: (p) => checkpoint(p),
    },
  );
  await checkpoint(m);
  writeModelDir(o.out, await files(m));
  return m;
}
