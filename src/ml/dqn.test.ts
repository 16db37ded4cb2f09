/**
 * DQN (SPEC §6): the learner and trainer learn toy problems whose optimal
 * policies are known by construction (a contextual bandit, and a two-step
 * chain that only pays on the second step, so the first step must bootstrap
 * through gamma); maskedArgmax; the replay ring buffer.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyLevel } from '../core/level/level';
import type { BatchedEnv, FinishedEpisode, ObservationSpec } from '../core/rl/types';
import { createRng, type Rng } from '../core/util/rng';
import { chooseBackend } from './backend';
import { DqnLearner, huberLoss, maskedArgmax } from './dqn';
import type { TrainingRecipe } from './recipes';
import { ReplayBuffer, type TransitionBatch } from './replay';
import { Trainer } from './trainer';

beforeAll(async () => {
  await chooseBackend('wasm');
});

const DUMMY_LEVEL = emptyLevel(3, 3);

/**
 * Contextual bandit: a 3x3 grid, each cell one-hot over 2 channels. The
 * centre cell's channel is the action that pays 1; the other cells are noise.
 * Every episode is one step.
 */
class ContextBandit implements BatchedEnv {
  readonly actions = 2;
  readonly actionNames = ['a0', 'a1'];
  readonly observation: ObservationSpec = { side: 3, channels: 2, extra: 0, channelNames: ['c0', 'c1'] };
  private readonly cells: Uint8Array;
  private readonly rng: Rng;
  constructor(readonly count: number, seed: number) {
    this.cells = new Uint8Array(count * 9);
    this.rng = createRng(seed);
    for (let i = 0; i < count; i++) this.reset(i);
  }
  private reset(i: number): void {
    for (let k = 0; k < 9; k++) this.cells[i * 9 + k] = this.rng.int(2);
  }
  observe(grid: Float32Array): void {
    grid.fill(0);
    for (let i = 0; i < this.count * 9; i++) grid[i * 2 + this.cells[i]!] = 1;
  }
  legalMask(mask: Uint8Array): void {
    mask.fill(1, 0, this.count * 2);
  }
  step(actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[] {
    const out: FinishedEpisode[] = [];
    for (let i = 0; i < this.count; i++) {
      const r = actions[i] === this.cells[i * 9 + 4] ? 1 : 0;
      rewards[i] = r;
      dones[i] = 1;
      out.push({ env: i, level: DUMMY_LEVEL, difficulty: null, episodeReturn: r, steps: 1 });
      this.reset(i);
    }
    return out;
  }
}

/**
 * Two-step chain. Step 0: centre channel = context c, extra [1, 0]; action c
 * leads to the good state, the other to the bad one, reward 0 either way.
 * Step 1: centre channel = 1 in the good state (0 in the bad), extra [0, 1];
 * any action ends the episode, paying 1 in the good state. With discount
 * gamma: Q(step 0, c) = gamma, Q(step 0, not c) = 0, Q(good, .) = 1, Q(bad, .) = 0.
 */
class TwoStepChain implements BatchedEnv {
  readonly actions = 2;
  readonly actionNames = ['a0', 'a1'];
  readonly observation: ObservationSpec = { side: 3, channels: 2, extra: 2, channelNames: ['c0', 'c1'] };
  private readonly ctx: Uint8Array;
  private readonly stage: Uint8Array;
  private readonly good: Uint8Array;
  private readonly rng: Rng;
  constructor(readonly count: number, seed: number) {
    this.ctx = new Uint8Array(count);
    this.stage = new Uint8Array(count);
    this.good = new Uint8Array(count);
    this.rng = createRng(seed);
    for (let i = 0; i < count; i++) this.ctx[i] = this.rng.int(2);
  }
  observe(grid: Float32Array, extra: Float32Array): void {
    grid.fill(0);
    extra.fill(0);
    for (let i = 0; i < this.count; i++) {
      for (let k = 0; k < 9; k++) {
        const ch = k !== 4 ? 0 : this.stage[i] === 0 ? this.ctx[i]! : this.good[i]!;
        grid[(i * 9 + k) * 2 + ch] = 1;
      }
      extra[i * 2 + this.stage[i]!] = 1;
    }
  }
  legalMask(mask: Uint8Array): void {
    mask.fill(1, 0, this.count * 2);
  }
  step(actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[] {
    const out: FinishedEpisode[] = [];
    for (let i = 0; i < this.count; i++) {
      if (this.stage[i] === 0) {
        this.good[i] = actions[i] === this.ctx[i] ? 1 : 0;
        this.stage[i] = 1;
        rewards[i] = 0;
        dones[i] = 0;
      } else {
        const r = this.good[i]!;
        rewards[i] = r;
        dones[i] = 1;
        out.push({ env: i, level: DUMMY_LEVEL, difficulty: null, episodeReturn: r, steps: 2 });
        this.stage[i] = 0;
        this.ctx[i] = this.rng.int(2);
      }
    }
    return out;
  }
}

function toyRecipe(gamma: number, epsilonEnd = 0.05): TrainingRecipe {
  return {
    name: 'fast',
    envCount: 8,
    replayCapacity: 4000,
    batchSize: 32,
    learningStarts: 64,
    updateEveryEnvSteps: 8,
    updateEveryEpisodes: 0,
    targetSync: { every: 25, unit: 'updates' },
    epsilonStart: 1,
    epsilonEnd,
    epsilonDecayFraction: 0.5,
    learner: { network: { blocks: [[4]], dense: 16 }, learningRate: 0.01, gamma, doubleDqn: true, loss: 'mse', rewardScale: 1 },
  };
}

/** Share of `n` fresh bandit contexts on which the greedy action is the paying one. */
async function banditAccuracy(learner: DqnLearner, n: number, seed: number): Promise<number> {
  const env = new ContextBandit(n, seed);
  const grid = new Float32Array(n * 18), mask = new Uint8Array(n * 2);
  env.observe(grid);
  env.legalMask(mask);
  const q = await learner.qValues(grid, new Float32Array(0), n);
  let right = 0;
  for (let i = 0; i < n; i++) {
    const a = maskedArgmax(q, mask, i, 2);
    const paying = grid[(i * 9 + 4) * 2 + 1] === 1 ? 1 : 0;
    if (a === paying) right++;
  }
  return right / n;
}

describe('DQN learns toy problems', () => {
  it('contextual bandit: greedy policy picks the paying action on > 90% of contexts after training', async () => {
    const trainer = new Trainer({
      recipe: toyRecipe(0),
      seed: 3,
      makeEnv: (count, seed) => new ContextBandit(count, seed),
      makeTestEnv: () => new ContextBandit(2, 999),
      testEverySeconds: 1e9,
    });
    const before = await banditAccuracy(trainer.learner, 400, 12345);
    expect(before).toBeGreaterThan(0.2);
    expect(before).toBeLessThan(0.8);
    const m = await trainer.run({ envSteps: 6000 });
    // One-step episodes: one episode per environment step, 8 per lock-step.
    expect(m.envSteps).toBe(6000);
    expect(m.episodes).toBe(6000);
    expect(m.updates).toBeGreaterThan(500);
    expect(m.updates).toBeLessThanOrEqual(6000 / 8);
    expect(m.epsilon).toBeCloseTo(0.05, 10);
    const after = await banditAccuracy(trainer.learner, 400, 12345);
    expect(after).toBeGreaterThan(0.9);
    // With epsilon 0.05 at the end, the recent returns are close to the optimum 1.
    expect(m.meanReturn).toBeGreaterThan(0.85);
    trainer.learner.dispose();
  });

  it('the periodic greedy test takes at most maxTestShare of the training time (a slow backend tests less often)', async () => {
    let clock = 0, tests = 0;
    const timed = (env: ContextBandit, seconds: number, onStep: () => void): ContextBandit => {
      const step = env.step.bind(env);
      env.step = (actions, rewards, dones) => {
        clock += seconds;
        onStep();
        return step(actions, rewards, dones);
      };
      return env;
    };
    const trainer = new Trainer({
      recipe: toyRecipe(0),
      seed: 1,
      // 0.5 s per lock-step; a greedy test (one-step episodes) takes 5 s.
      makeEnv: (count, seed) => timed(new ContextBandit(count, seed), 0.5, () => {}),
      makeTestEnv: () => timed(new ContextBandit(2, 9), 5, () => tests++),
      testEverySeconds: 1,
      maxTestShare: 0.1,
      now: () => clock,
    });
    // 400 lock-steps: the schedule follows the injected clock, not the step count.
    await trainer.run({ envSteps: 8 * 400 });
    // 200 s of lock-steps: a test every 1 s would take 5x the training time; capped, one every 45 s.
    expect(tests).toBeGreaterThanOrEqual(4);
    expect(tests).toBeLessThanOrEqual(7);
    expect((tests * 5) / clock).toBeLessThan(0.15);
    trainer.learner.dispose();
  });

  /** Trains on the two-step chain and returns Q of: step 0 ctx 0, step 0 ctx 1, good, bad (2 actions each). */
  async function chainQ(gamma: number): Promise<{ q: Float32Array; episodes: number }> {
    const trainer = new Trainer({
      recipe: toyRecipe(gamma, 0.2),
      seed: 5,
      makeEnv: (count, seed) => new TwoStepChain(count, seed),
      makeTestEnv: () => new TwoStepChain(2, 999),
      testEverySeconds: 1e9,
    });
    const m = await trainer.run({ envSteps: 8000 });
    const grid = new Float32Array(4 * 18), extra = new Float32Array(4 * 2);
    const centre = [0, 1, 1, 0], stage = [0, 0, 1, 1];
    for (let i = 0; i < 4; i++) {
      for (let k = 0; k < 9; k++) grid[(i * 9 + k) * 2 + (k === 4 ? centre[i]! : 0)] = 1;
      extra[i * 2 + stage[i]!] = 1;
    }
    const q = await trainer.learner.qValues(grid, extra, 4);
    trainer.learner.dispose();
    return { q, episodes: m.episodes };
  }

  it("two-step chain: gamma > 0 bootstraps the second step's reward into the first step's choice", async () => {
    const gamma = 0.9;
    const { q, episodes } = await chainQ(gamma);
    expect(episodes).toBe(8000 / 2);
    const all = new Uint8Array(8).fill(1);
    // Step 0: the action matching the context leads to the paying state.
    expect(maskedArgmax(q, all, 0, 2)).toBe(0);
    expect(maskedArgmax(q, all, 1, 2)).toBe(1);
    expect(q[0 * 2 + 0]).toBeGreaterThan(gamma - 0.2);
    expect(q[1 * 2 + 1]).toBeGreaterThan(gamma - 0.2);
    expect(q[0 * 2 + 0]).toBeLessThan(gamma + 0.2);
    expect(q[1 * 2 + 1]).toBeLessThan(gamma + 0.2);
    expect(q[0 * 2 + 0]! - q[0 * 2 + 1]!).toBeGreaterThan(0.3);
    expect(q[1 * 2 + 1]! - q[1 * 2 + 0]!).toBeGreaterThan(0.3);
    // Step 1: the good state is worth 1, the bad one 0 (greedy values).
    expect(Math.max(q[2 * 2]!, q[2 * 2 + 1]!)).toBeCloseTo(1, 0);
    expect(Math.abs(Math.max(q[3 * 2]!, q[3 * 2 + 1]!))).toBeLessThan(0.25);
  });

  it('two-step chain control: with gamma 0 the first step has nothing to learn (both actions near 0)', async () => {
    const { q } = await chainQ(0);
    for (const i of [0, 1]) for (const a of [0, 1]) expect(Math.abs(q[i * 2 + a]!)).toBeLessThan(0.25);
    expect(Math.max(q[2 * 2]!, q[2 * 2 + 1]!)).toBeCloseTo(1, 0);
  });

  // Regression test for a bug found in review (see the commit that fixed it).
  it('an update leaks no tensors', async () => {
    const learner = new DqnLearner({ side: 3, channels: 2, extra: 0, actions: 2 }, toyRecipe(0.9).learner, 1);
    const buf = new ReplayBuffer(16, 18, 0, 2);
    const env = new ContextBandit(16, 1);
    const grid = new Float32Array(16 * 18);
    env.observe(grid);
    for (let i = 0; i < 16; i++) buf.add(i, grid, new Float32Array(0), i % 2, i % 3, i % 4 === 0, grid, new Float32Array(0), new Uint8Array(32).fill(1));
    await learner.update(buf.sample(8, createRng(1))); // first update creates Adam's slots
    const before = tf.memory().numTensors;
    for (let k = 0; k < 5; k++) await learner.update(buf.sample(8, createRng(k)));
    expect(tf.memory().numTensors).toBe(before);
    learner.dispose();
  });
});

describe('DqnLearner on the device', () => {
  const shape = { side: 3, channels: 2, extra: 2, actions: 4 };
  const config = { network: { blocks: [[4]], dense: 16 }, learningRate: 0.05, gamma: 0.9, doubleDqn: true, loss: 'mse' as const, rewardScale: 0.5 };

  /** A batch of random observations, with some terminal steps and some next states with no legal action. */
  function randomBatch(n: number, seed: number): TransitionBatch {
    const rng = createRng(seed);
    const bits = (len: number) => Float32Array.from({ length: len }, () => (rng.next() < 0.4 ? 1 : 0));
    const nextMask = Uint8Array.from({ length: n * 4 }, () => (rng.next() < 0.6 ? 1 : 0));
    for (let a = 0; a < 4; a++) nextMask[4 + a] = 0; // row 1: nothing legal next
    return {
      size: n,
      grid: bits(n * 18),
      extra: bits(n * 2),
      nextGrid: bits(n * 18),
      nextExtra: bits(n * 2),
      actions: Int32Array.from({ length: n }, () => rng.int(4)),
      rewards: Float32Array.from({ length: n }, () => rng.next() * 4 - 1),
      dones: Float32Array.from({ length: n }, (_, b) => (b % 5 === 0 ? 1 : 0)),
      nextMask,
    };
  }

  const cpuQ = async (model: tf.LayersModel, grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array> => {
    const out = model.predict([tf.tensor4d(grid, [n, 3, 3, 2]), tf.tensor2d(extra, [n, 2])], { batchSize: 1 }) as tf.Tensor;
    const v = (await out.data()) as Float32Array;
    out.dispose();
    return v;
  };

  it('the loss of a step equals the MSE against double-DQN targets computed row by row on the CPU', async () => {
    const learner = new DqnLearner(shape, config, 7);
    learner.update(randomBatch(16, 1)); // online and target now differ, as double DQN needs
    expect(await learner.takeMeanLoss()).not.toBeNull();
    const batch = randomBatch(24, 2);
    // Reference: predict() one row at a time, argmax and bootstrap in plain loops.
    const qNow = await cpuQ(learner.online, batch.grid, batch.extra, 24);
    const qNextOnline = await cpuQ(learner.online, batch.nextGrid, batch.nextExtra, 24);
    const qNextTarget = await cpuQ(learner.target, batch.nextGrid, batch.nextExtra, 24);
    let expected = 0;
    for (let b = 0; b < 24; b++) {
      let best = -1;
      for (let a = 0; a < 4; a++) if (batch.nextMask[b * 4 + a] === 1 && (best < 0 || qNextOnline[b * 4 + a]! > qNextOnline[b * 4 + best]!)) best = a;
      const bootstrap = batch.dones[b] === 1 || best < 0 ? 0 : 0.9 * qNextTarget[b * 4 + best]!;
      const y = batch.rewards[b]! * 0.5 + bootstrap;
      expected += (y - qNow[b * 4 + batch.actions[b]!]!) ** 2 / 24;
    }
    learner.update(batch);
    expect(await learner.takeMeanLoss()).toBeCloseTo(expected, 4);
    expect(await learner.takeMeanLoss()).toBeNull(); // read once
    learner.dispose();
  });

  it('takeMeanLoss averages every update since the last read', async () => {
    const a = new DqnLearner(shape, config, 3), b = new DqnLearner(shape, config, 3);
    const batches = [randomBatch(8, 10), randomBatch(8, 11), randomBatch(8, 12)];
    const each: number[] = [];
    for (const batch of batches) {
      a.update(batch);
      each.push((await a.takeMeanLoss())!);
      b.update(batch);
    }
    expect(b.lossUpdates).toBe(3);
    expect(await b.takeMeanLoss()).toBeCloseTo((each[0]! + each[1]! + each[2]!) / 3, 5);
    a.dispose();
    b.dispose();
  });

  it('greedyActions agrees with maskedArgmax over qValues, and gives a legal action (0 when none)', async () => {
    const learner = new DqnLearner(shape, config, 5);
    const batch = randomBatch(40, 4);
    const q = await learner.qValues(batch.grid, batch.extra, 40);
    const greedy = await learner.greedyActions(batch.grid, batch.extra, batch.nextMask, 40);
    for (let i = 0; i < 40; i++) expect(greedy[i]).toBe(Math.max(0, maskedArgmax(q, batch.nextMask, i, 4)));
    learner.dispose();
  });
});

describe('huberLoss', () => {
  it('has the value and gradient of tf.losses.huberLoss, inside and beyond delta 1', async () => {
    const y = tf.tensor1d([0, 1, -2, 0.3, 5, -0.5]);
    const x = tf.tensor1d([0.4, -1.5, -1.9, 0.3, 1, 2]);
    const mine = tf.valueAndGrad((c: tf.Tensor) => huberLoss(y, c as tf.Tensor1D))(x);
    const ref = tf.valueAndGrad((c: tf.Tensor) => tf.losses.huberLoss(y, c) as tf.Scalar)(x);
    expect(await mine.value.data()).toEqual(expect.objectContaining({ 0: expect.closeTo((await ref.value.data())[0]!, 6) }));
    const [g, r] = [await mine.grad.data(), await ref.grad.data()];
    for (let i = 0; i < 6; i++) expect(g[i]).toBeCloseTo(r[i]!, 6);
    tf.dispose([y, x, mine.value, mine.grad, ref.value, ref.grad]);
  });
});

describe('maskedArgmax', () => {
  it('picks the largest legal value, the first one on ties', () => {
    const v = new Float32Array([0.5, 0.9, 0.9, 0.1]);
    expect(maskedArgmax(v, new Uint8Array([1, 1, 1, 1]), 0, 4)).toBe(1);
    expect(maskedArgmax(v, new Uint8Array([1, 0, 1, 1]), 0, 4)).toBe(2);
    expect(maskedArgmax(v, new Uint8Array([1, 0, 0, 1]), 0, 4)).toBe(0);
    expect(maskedArgmax(v, new Uint8Array([0, 0, 0, 1]), 0, 4)).toBe(3);
    expect(maskedArgmax(new Float32Array([2, 2, 2]), new Uint8Array([0, 1, 1]), 0, 3)).toBe(1);
  });

  it('returns -1 when no action is legal', () => {
    expect(maskedArgmax(new Float32Array([1, 2, 3]), new Uint8Array([0, 0, 0]), 0, 3)).toBe(-1);
  });

  it('reads row r of a batch, and handles negative values', () => {
    const v = new Float32Array([9, 9, 9, -3, -1, -2, 0, 5, 1]);
    const m = new Uint8Array([1, 1, 1, 1, 0, 1, 0, 0, 0]);
    expect(maskedArgmax(v, m, 0, 3)).toBe(0);
    expect(maskedArgmax(v, m, 1, 3)).toBe(2); // -1 is masked out: -2 beats -3
    expect(maskedArgmax(v, m, 2, 3)).toBe(-1);
  });

  it('property: the result is legal, no legal value is larger, and it is the first such', () => {
    const rng = createRng(17);
    for (let t = 0; t < 2000; t++) {
      const A = 1 + rng.int(7);
      const v = new Float32Array(A).map(() => rng.int(5) - 2); // small range: many ties
      const m = new Uint8Array(A).map(() => (rng.next() < 0.6 ? 1 : 0));
      const a = maskedArgmax(v, m, 0, A);
      const legal = [...m.keys()].filter((i) => m[i] === 1);
      if (legal.length === 0) {
        expect(a).toBe(-1);
        continue;
      }
      const best = Math.max(...legal.map((i) => v[i]!));
      expect(a).toBe(legal.find((i) => v[i] === best));
    }
  });

  // Regression test for a bug found in review (see the commit that fixed it).
  it('returns a legal action even when every legal value is -Infinity or NaN', () => {
    const m = new Uint8Array([1, 1]);
    expect(maskedArgmax(new Float32Array([-Infinity, -Infinity]), m, 0, 2)).toBe(0);
    expect(maskedArgmax(new Float32Array([NaN, NaN]), m, 0, 2)).toBeGreaterThanOrEqual(0);
  });
});

describe('ReplayBuffer', () => {
  // Transition t of a batched step with 2 environments, written at env t % 2:
  // grid one-hot at cell t % 6 (6 = 3 cells x 2 channels), next grid at (t + 1) % 6,
  // extra one-hot t % 2, next extra (t + 1) % 2, next mask = the bits of t.
  const G = 6, E = 2, A = 3;
  function batchedStep(t: number) {
    const env = t % 2;
    const grid = new Float32Array(2 * G), nextGrid = new Float32Array(2 * G);
    const extra = new Float32Array(2 * E), nextExtra = new Float32Array(2 * E);
    const nextMask = new Uint8Array(2 * A);
    grid[env * G + (t % G)] = 1;
    nextGrid[env * G + ((t + 1) % G)] = 1;
    extra[env * E + (t % E)] = 1;
    nextExtra[env * E + ((t + 1) % E)] = 1;
    for (let a = 0; a < A; a++) nextMask[env * A + a] = (t >> a) & 1;
    // The other environment's slots hold junk that must not be copied.
    const other = 1 - env;
    grid.fill(1, other * G, other * G + G);
    nextMask.fill(1, other * A, other * A + A);
    return { env, grid, extra, nextGrid, nextExtra, nextMask, action: 100 + t, reward: t * 0.1 - 0.3, done: t % 3 === 0 };
  }
  function expected(t: number) {
    const oneHot = (n: number, k: number) => Array.from({ length: n }, (_, i) => (i === k ? 1 : 0));
    return {
      grid: oneHot(G, t % G),
      nextGrid: oneHot(G, (t + 1) % G),
      extra: oneHot(E, t % E),
      nextExtra: oneHot(E, (t + 1) % E),
      nextMask: [0, 1, 2].map((a) => (t >> a) & 1),
      action: 100 + t,
      reward: Math.fround(t * 0.1 - 0.3),
      done: t % 3 === 0 ? 1 : 0,
    };
  }
  function fill(buf: ReplayBuffer, n: number): void {
    for (let t = 0; t < n; t++) {
      const s = batchedStep(t);
      buf.add(s.env, s.grid, s.extra, s.action, s.reward, s.done, s.nextGrid, s.nextExtra, s.nextMask);
    }
  }
  function items(batch: ReturnType<ReplayBuffer['sample']> | ReturnType<ReplayBuffer['samplePacked']>) {
    return Array.from({ length: batch.size }, (_, b) => ({
      grid: [...batch.grid.subarray(b * G, b * G + G)],
      nextGrid: [...batch.nextGrid.subarray(b * G, b * G + G)],
      extra: [...batch.extra.subarray(b * E, b * E + E)],
      nextExtra: [...batch.nextExtra.subarray(b * E, b * E + E)],
      nextMask: [...batch.nextMask.subarray(b * A, b * A + A)],
      action: batch.actions[b]!,
      reward: batch.rewards[b]!,
      done: batch.dones[b]!,
    }));
  }

  it('samples return stored transitions exactly (one-hot bytes, rewards, dones, masks)', () => {
    const buf = new ReplayBuffer(10, G, E, A);
    fill(buf, 7);
    expect(buf.size).toBe(7);
    const batch = buf.sample(300, createRng(1));
    expect(batch.size).toBe(300);
    expect(batch.grid.length).toBe(300 * G);
    const seen = new Set<number>();
    for (const x of items(batch)) {
      const t = x.action - 100;
      expect(t >= 0 && t < 7, `action ${x.action}`).toBe(true);
      expect(x).toEqual(expected(t));
      seen.add(t);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('samplePacked draws the same transitions as sample from the same generator, as bytes', () => {
    const buf = new ReplayBuffer(10, G, E, A);
    fill(buf, 7);
    const rngA = createRng(4), rngB = createRng(4);
    for (let round = 0; round < 3; round++) {
      const floats = buf.sample(50, rngA), bytes = buf.samplePacked(50, rngB);
      expect(bytes.grid).toBeInstanceOf(Uint8Array);
      expect(items(bytes)).toEqual(items(floats));
    }
    // Both generators advanced alike: the next draw agrees too.
    expect(rngA.next()).toBe(rngB.next());
  });

  it('is a ring: past capacity the oldest transitions are overwritten and the size stays at capacity', () => {
    const buf = new ReplayBuffer(3, G, E, A);
    fill(buf, 2);
    expect(buf.size).toBe(2);
    const more = new ReplayBuffer(3, G, E, A);
    fill(more, 5);
    expect(more.size).toBe(3);
    const seen = new Set<number>();
    for (const x of items(more.sample(300, createRng(2)))) {
      const t = x.action - 100;
      expect(x).toEqual(expected(t));
      seen.add(t);
    }
    expect([...seen].sort()).toEqual([2, 3, 4]); // the last three
    // Eight more: still 3, now the latest three of the 13.
    for (let t = 5; t < 13; t++) {
      const s = batchedStep(t);
      more.add(s.env, s.grid, s.extra, s.action, s.reward, s.done, s.nextGrid, s.nextExtra, s.nextMask);
    }
    expect(more.size).toBe(3);
    const latest = new Set(items(more.sample(300, createRng(3))).map((i) => i.action - 100));
    expect([...latest].sort((a, b) => a - b)).toEqual([10, 11, 12]);
  });

  it('works without an extra vector', () => {
    const buf = new ReplayBuffer(4, 2, 0, 2);
    const grid = new Float32Array([0, 1, 1, 0]), next = new Float32Array([1, 0, 0, 1]);
    buf.add(1, grid, new Float32Array(0), 1, 0.5, true, next, new Float32Array(0), new Uint8Array([0, 0, 1, 0]));
    const b = buf.sample(5, createRng(4));
    expect(b.extra.length).toBe(0);
    expect(b.nextExtra.length).toBe(0);
    for (let k = 0; k < 5; k++) {
      expect([...b.grid.subarray(k * 2, k * 2 + 2)]).toEqual([1, 0]);
      expect([...b.nextGrid.subarray(k * 2, k * 2 + 2)]).toEqual([0, 1]);
      expect([...b.nextMask.subarray(k * 2, k * 2 + 2)]).toEqual([1, 0]);
      expect(b.actions[k]).toBe(1);
      expect(b.rewards[k]).toBe(0.5);
      expect(b.dones[k]).toBe(1);
    }
  });
});
