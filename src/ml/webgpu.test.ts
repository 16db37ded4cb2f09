/**
 * The WebGPU path in Node (Dawn through the npm `webgpu` package): the same
 * Q-values, loss and gradient step as WASM within float tolerance, greedy
 * actions that agree, and a counted lock-step of the GPU recipe that reads
 * back exactly once. Without a GPU this runs on SwiftShader's Vulkan driver
 * (Chromium ships it); with neither, it skips with one line.
 */
import * as tf from '@tensorflow/tfjs';
import { afterAll, describe, expect, it } from 'vitest';
import { randomTransitions, setUpNodeWebGpu } from '../../test/support/webgpu';
import { DEFAULT_DIFFICULTY_MODEL } from '../core/difficulty/defaultModel';
import { emptyLevel } from '../core/level/level';
import { chooseBackend } from './backend';
import { DqnLearner } from './dqn';
import { makeEnv, type EnvSettings } from './envs';
import { countGpuCalls, gpuCallCounts, stopCountingGpuCalls } from './gpuCounters';
import { GPU_RECIPE, autoRecipe } from './recipes';
import type { TransitionBatch } from './replay';
import { Trainer } from './trainer';

const { unavailable, tearDown } = await setUpNodeWebGpu('WebGPU tests');

// The SD-PCGRL 5x5 observation and a small net of the recipes' shape (two convs, pool, dense): SwiftShader is slow.
// One batch size throughout: the fused update compiles its pipelines per batch size (WGSL with the sizes written in),
// and compiling them on SwiftShader, not running them, is most of this file's time.
const shape = { side: 9, channels: 4, extra: 4, actions: 4 };
const CELLS = 9 * 9 * 4;
const config = { ...GPU_RECIPE.learner, network: { blocks: [[4, 8]], dense: 16 }, loss: 'huber' as const };

const batchOf = (n: number, seed: number): TransitionBatch => randomTransitions(n, seed, CELLS);

interface Run {
  q: Float32Array;
  greedy: Int32Array;
  loss: number;
  before: Float32Array[];
  after: Float32Array[];
}

/** On one backend: Q-values, greedy actions, then one update from the given weights (the target equal to them). */
async function runOn(backend: 'wasm' | 'webgpu', weights: Float32Array[] | null, warmup: TransitionBatch, batch: TransitionBatch): Promise<Run> {
  await chooseBackend(backend);
  const learner = new DqnLearner(shape, config, 11);
  if (weights !== null) {
    learner.online.setWeights(learner.online.getWeights().map((w, i) => tf.tensor(weights[i]!, w.shape)));
  }
  // One step first so that online and target differ (double DQN), then the step under test.
  learner.syncTarget();
  learner.update(warmup);
  await learner.takeMeanLoss();
  const read = () => Promise.all(learner.online.getWeights().map((w) => w.data() as Promise<Float32Array>));
  const before = await read();
  const q = await learner.qValues(batch.grid, batch.extra, batch.size);
  const greedy = await learner.greedyActions(batch.grid, batch.extra, batch.nextMask, batch.size);
  learner.update(batch);
  const loss = (await learner.takeMeanLoss())!;
  const after = await read();
  learner.dispose();
  return { q, greedy, loss, before, after };
}

describe.skipIf(unavailable !== null)('WebGPU (Dawn in Node) against WASM', () => {
  // Test files share a process (vitest isolate: false): leave no WebGPU behind.
  afterAll(async () => {
    await chooseBackend('wasm');
    stopCountingGpuCalls();
    tearDown();
  });

  it('names the adapter, and auto picks the gpu recipe only on a real one', async () => {
    const choice = await chooseBackend('webgpu');
    expect(choice.adapter).toBeDefined();
    expect(choice.adapter!.name.length).toBeGreaterThan(0);
    expect(autoRecipe(choice)).toBe(choice.adapter!.fallback ? 'fast' : 'gpu');
    expect(autoRecipe(await chooseBackend('wasm'))).toBe('fast');
  });

  it('Q-values, greedy actions, loss and one Adam step match WASM within float tolerance', async () => {
    const warmup = batchOf(12, 1), batch = batchOf(12, 2);
    const wasm = await runOn('wasm', null, warmup, batch);
    await chooseBackend('wasm');
    const init = await Promise.all(new DqnLearner(shape, config, 11).online.getWeights().map((w) => w.data() as Promise<Float32Array>));
    const gpu = await runOn('webgpu', init, warmup, batch);
    // Same starting point after the warm-up step, so the rest compares like with like.
    for (let i = 0; i < wasm.before.length; i++) for (let k = 0; k < wasm.before[i]!.length; k++) expect(Math.abs(gpu.before[i]![k]! - wasm.before[i]![k]!)).toBeLessThan(2e-4);
    for (let k = 0; k < wasm.q.length; k++) expect(gpu.q[k]).toBeCloseTo(wasm.q[k]!, 3);
    let agree = 0;
    for (let k = 0; k < batch.size; k++) agree += gpu.greedy[k] === wasm.greedy[k] ? 1 : 0;
    expect(agree).toBeGreaterThanOrEqual(batch.size - 1); // a near-tie may flip one
    expect(gpu.loss).toBeCloseTo(wasm.loss, 4);
    // The step: Adam moves each weight by about the learning rate; both backends move them alike.
    let moved = 0, total = 0, close = 0;
    for (let i = 0; i < wasm.after.length; i++) {
      for (let k = 0; k < wasm.after[i]!.length; k++) {
        const dw = wasm.after[i]![k]! - wasm.before[i]![k]!, dg = gpu.after[i]![k]! - gpu.before[i]![k]!;
        total++;
        if (Math.abs(dw) > config.learningRate / 2) moved++;
        if (Math.abs(dw - dg) < config.learningRate / 20) close++;
        expect(Math.abs(dw - dg)).toBeLessThan(2.1 * config.learningRate);
      }
    }
    expect(moved / total).toBeGreaterThan(0.5);
    expect(close / total).toBeGreaterThan(0.995);
  });

  it("the gpu recipe's lock-step reads back once (the actions), with its two updates and a target sync queued", async () => {
    await chooseBackend('webgpu');
    expect(countGpuCalls()).toBe(true);
    const s: EnvSettings = { env: 'sd-pcgrl', width: 5, height: 5, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
    // The gpu recipe's shape (two updates per lock-step, syncs by updates) at a size SwiftShader runs in seconds,
    // with the network and batch size of the test above: its compiled fused pipelines serve here too.
    const recipe = { ...GPU_RECIPE, envCount: 8, batchSize: 12, updateEveryEnvSteps: 4, learningStarts: 16, targetSync: { every: 3, unit: 'updates' as const }, epsilonStart: 0.5, learner: config };
    const perStep: { readbacks: number; updates: number }[] = [];
    let at = gpuCallCounts().readbacks, updatesAt = 0;
    const trainer = new Trainer({
      recipe,
      seed: 4,
      makeEnv: (count, seed) => {
        const env = makeEnv(s, count, seed);
        const step = env.step.bind(env);
        env.step = (a, r, d) => {
          const now = gpuCallCounts().readbacks;
          perStep.push({ readbacks: now - at, updates: trainer.counters.updates - updatesAt });
          at = now;
          updatesAt = trainer.counters.updates;
          return step(a, r, d);
        };
        return env;
      },
      // The greedy test is not under test here: one environment whose episodes end at once keeps it short.
      makeTestEnv: () => {
        const env = makeEnv(s, 1, 5);
        const step = env.step.bind(env);
        env.step = (a, r, d) => {
          const finished = step(a, r, d);
          return finished.length > 0 ? finished : [{ env: 0, level: emptyLevel(5, 5), difficulty: 0, episodeReturn: 0, steps: 1 }];
        };
        return env;
      },
      testEverySeconds: 1e9,
      progressEverySeconds: 1e9,
    });
    await trainer.run({ envSteps: 8 * 8 });
    // Lock-step k's entry counts what happened since step k-1: its update(s), the next action readback.
    // The first entry follows setup; the second follows the start's greedy test. The rest are steady state.
    const steady = perStep.slice(3);
    expect(steady.length).toBe(5);
    for (const p of steady) expect(p).toEqual({ readbacks: 1, updates: 2 });
    // Learning starts at the second lock-step, which pays for both lock-steps' env steps (16 / 4); then 2 per lock-step.
    expect(trainer.counters.updates).toBe(4 + 2 * 6);
    trainer.learner.dispose();
  });
});
