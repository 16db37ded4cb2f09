/**
 * The fused WebGPU update against the tfjs learner on WASM, from the same
 * weights and batches: the same loss and the same weights after each of
 * several updates (target syncs between), for the recipes' one-block shape
 * with double DQN and Huber, and a two-block shape with a plain DQN target
 * and squared loss. Then what it costs in GPU calls: one submit, one
 * upload, no new buffers or bind groups per update. Runs on SwiftShader's
 * Vulkan driver when there is no GPU; skips with one line without WebGPU.
 */
import * as tf from '@tensorflow/tfjs';
import { afterAll, describe, expect, it } from 'vitest';
import { randomTransitions, setUpNodeWebGpu } from '../../../test/support/webgpu';
import { createRng } from '../../core/util/rng';
import { chooseBackend } from '../backend';
import { DqnLearner, type LearnerConfig } from '../dqn';
import { countGpuCalls, gpuCallCounts, gpuCallsSince, stopCountingGpuCalls } from '../gpuCounters';
import type { NetworkShape } from '../network';
import { GPU_RECIPE } from '../recipes';
import { ReplayBuffer, type TransitionBatch } from '../replay';

const { unavailable, tearDown } = await setUpNodeWebGpu('fused WebGPU update tests');

const shape: NetworkShape = { side: 9, channels: 4, extra: 4, actions: 4 };
const oneBlock: LearnerConfig = { ...GPU_RECIPE.learner, network: { blocks: [[4, 8]], dense: 16 } };
const twoBlocks: LearnerConfig = { ...GPU_RECIPE.learner, network: { blocks: [[4], [6]], dense: 8 }, doubleDqn: false, loss: 'mse', gamma: 0.9, rewardScale: 1 };

/**
 * The one-block tests all use batches of 12: the fused update's pipelines are compiled per batch size
 * (the sizes are written into the WGSL) and cached by their code, and compiling them on SwiftShader,
 * not running them, is most of this file's time (the grid's side barely changes it).
 */
const BATCH = 12;

const batchOf = (n: number, seed: number): TransitionBatch => randomTransitions(n, seed, shape.side * shape.side * shape.channels);

const read = (model: tf.LayersModel) => Promise.all(model.getWeights().map((w) => w.data() as Promise<Float32Array>));

/** Losses and online weights after each update; the target synced before the first and after the second. */
async function train(backend: 'wasm' | 'webgpu', config: LearnerConfig, init: Float32Array[], batches: TransitionBatch[]): Promise<{ path: string; losses: number[]; weights: Float32Array[][] }> {
  await chooseBackend(backend);
  const learner = new DqnLearner(shape, config, 3);
  learner.online.setWeights(learner.online.getWeights().map((w, i) => tf.tensor(init[i]!, w.shape)));
  learner.syncTarget();
  const losses: number[] = [], weights: Float32Array[][] = [];
  for (let k = 0; k < batches.length; k++) {
    learner.update(batches[k]!);
    losses.push((await learner.takeMeanLoss())!);
    weights.push(await read(learner.online));
    if (k === 1) learner.syncTarget();
  }
  const path = learner.updatePath;
  learner.dispose();
  return { path, losses, weights };
}

async function initialWeights(config: LearnerConfig): Promise<Float32Array[]> {
  await chooseBackend('wasm');
  const learner = new DqnLearner(shape, config, 7);
  const w = await read(learner.online);
  learner.dispose();
  return w;
}

function expectSameSteps(gpu: { losses: number[]; weights: Float32Array[][] }, wasm: { losses: number[]; weights: Float32Array[][] }, init: Float32Array[], lr: number): void {
  for (let k = 0; k < wasm.losses.length; k++) {
    // float32 sums in another order: agreement to ~1e-6 relative (the squared loss runs in the hundreds).
    expect(Math.abs(gpu.losses[k]! - wasm.losses[k]!)).toBeLessThan(1e-5 * Math.max(1, Math.abs(wasm.losses[k]!)));
    let moved = 0, total = 0;
    for (let i = 0; i < init.length; i++) {
      for (let j = 0; j < init[i]!.length; j++) {
        expect(Math.abs(gpu.weights[k]![i]![j]! - wasm.weights[k]![i]![j]!)).toBeLessThan(lr / 50);
        total++;
        if (Math.abs(wasm.weights[k]![i]![j]! - init[i]![j]!) > lr / 2) moved++;
      }
    }
    // Adam moves almost every weight by about the learning rate per step: the comparison is not of unmoved weights.
    expect(moved / total).toBeGreaterThan(0.5);
  }
}

describe.skipIf(unavailable !== null)('fused WebGPU update against the tfjs learner on WASM', () => {
  afterAll(async () => {
    await chooseBackend('wasm');
    stopCountingGpuCalls();
    tearDown();
  });

  it('one conv block, double DQN, Huber: same loss and weights over three updates with a target sync', async () => {
    const init = await initialWeights(oneBlock);
    const batches = [1, 2, 3].map((s) => batchOf(BATCH, s));
    const wasm = await train('wasm', oneBlock, init, batches);
    const gpu = await train('webgpu', oneBlock, init, batches);
    expect(wasm.path).toBe('tfjs');
    expect(gpu.path).toBe('fused-webgpu');
    expectSameSteps(gpu, wasm, init, oneBlock.learningRate);
  });

  it('two conv blocks (pool into conv), plain DQN target, squared loss: same loss and weights', async () => {
    const init = await initialWeights(twoBlocks);
    const batches = [5, 6, 7].map((s) => batchOf(20, s));
    const wasm = await train('wasm', twoBlocks, init, batches);
    const gpu = await train('webgpu', twoBlocks, init, batches);
    expect(gpu.path).toBe('fused-webgpu');
    expectSameSteps(gpu, wasm, init, twoBlocks.learningRate);
  });

  it('writes in place where tfjs reads: no stale cached values, the target untouched; byte batches equal float ones', async () => {
    await chooseBackend('webgpu');
    const a = new DqnLearner(shape, oneBlock, 5), b = new DqnLearner(shape, oneBlock, 5);
    const replay = new ReplayBuffer(64, shape.side * shape.side * shape.channels, shape.extra, shape.actions);
    const t = batchOf(64, 9);
    for (let i = 0; i < 64; i++) replay.add(i, t.grid, t.extra, t.actions[i]!, t.rewards[i]!, t.dones[i] === 1, t.nextGrid, t.nextExtra, t.nextMask);
    const before = await read(a.online); // tfjs now holds these values on the CPU too
    const targetBefore = await read(a.target);
    a.update(replay.samplePacked(BATCH, createRng(1)));
    b.update(replay.sample(BATCH, createRng(1)));
    const [after, targetAfter, floats] = await Promise.all([read(a.online), read(a.target), read(b.online)]);
    expect(after[0]!.some((v, j) => v !== before[0]![j])).toBe(true);
    expect(targetAfter).toEqual(targetBefore);
    expect(after).toEqual(floats);
    expect(await a.takeMeanLoss()).toBe(await b.takeMeanLoss());
    a.dispose();
    b.dispose();
  });

  it('after warm-up an update is one upload and one submit, with no new buffers or bind groups', async () => {
    await chooseBackend('webgpu');
    expect(countGpuCalls()).toBe(true);
    const batch = batchOf(BATCH, 11);
    const perUpdate = async (fused: boolean) => {
      const learner = new DqnLearner(shape, oneBlock, 5, undefined, { fused });
      learner.update(batch); // compiles pipelines, makes buffers, gives the online variables their own data
      await learner.takeMeanLoss();
      const before = gpuCallCounts();
      for (let k = 0; k < 2; k++) learner.update(batch);
      const d = gpuCallsSince(before);
      await learner.takeMeanLoss();
      learner.dispose();
      return d;
    };
    const fused = await perUpdate(true), tfjs = await perUpdate(false);
    // Kernels by design, for two convs and a pool: per conv forward and weight gradient (4), pool forward and
    // backward (2), dense and q forward (2), targets (1), hidden gradient (1), two dense weight gradients (2),
    // flatten gradient (1), the second conv's input gradient (1), Adam (1).
    const kernels = 4 + 2 + 2 + 1 + 1 + 2 + 1 + 1 + 1;
    expect(fused).toEqual({ dispatches: 2 * kernels, readbacks: 0, submits: 2, writeBuffers: 2, bindGroups: 0, buffers: 0 });
    // The tfjs path (FlatAdam, written-out Huber) for comparison: dozens of dispatches, each with its bind group.
    expect(tfjs.dispatches / 2).toBeGreaterThan(60);
    expect(tfjs.bindGroups).toBe(tfjs.dispatches);
    console.log(`two updates, batch ${BATCH}: fused ${JSON.stringify(fused)}; tfjs ${JSON.stringify(tfjs)}`);
  });
});
