/**
 * RL benchmarks on Node, one thread (`npm run bench -- --rl` or
 * `npx tsx bench/rl.ts`): SD-PCGRL environment steps per second without a
 * network (graph + features + predictor at every step), and per backend the
 * batched inference time and the DQN update time of the fast recipe's
 * network at batch 64.
 */

import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { solvableDifficulty } from '../src/core/difficulty/predict';
import { SdPcgrlEnv } from '../src/core/rl/sdPcgrl';
import { createRng } from '../src/core/util/rng';
import { chooseBackend, type BackendName } from '../src/ml/backend';
import { DqnLearner } from '../src/ml/dqn';
import { FAST_RECIPE, THESIS_RECIPE } from '../src/ml/recipes';
import { ReplayBuffer } from '../src/ml/replay';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function envSteps(): number {
  const env = new SdPcgrlEnv({ width: 8, height: 8, count: 64, seed: 1, difficulty: (f) => solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, f) });
  const rng = createRng(2);
  const mask = new Uint8Array(64 * 4), actions = new Int32Array(64), rewards = new Float32Array(64), dones = new Uint8Array(64);
  const grid = new Float32Array(64 * 15 * 15 * 4), extra = new Float32Array(64 * 4);
  let steps = 0;
  const t = performance.now();
  while (performance.now() - t < 3000) {
    env.observe(grid, extra);
    env.legalMask(mask);
    for (let i = 0; i < 64; i++) {
      const legal = [0, 1, 2, 3].filter((d) => mask[i * 4 + d] === 1);
      actions[i] = legal[rng.int(legal.length)] ?? 0;
    }
    env.step(actions, rewards, dones);
    steps += 64;
  }
  return (steps * 1000) / (performance.now() - t);
}

async function network(backend: BackendName, recipe: typeof FAST_RECIPE): Promise<{ inferMs: number; updateMs: number }> {
  await chooseBackend(backend);
  const shape = { side: 15, channels: 4, extra: 4, actions: 4 };
  const learner = new DqnLearner(shape, recipe.learner, 1);
  const replay = new ReplayBuffer(2000, 15 * 15 * 4, 4, 4);
  const rng = createRng(3);
  const g = new Float32Array(64 * 900), e = new Float32Array(64 * 4), m = new Uint8Array(64 * 4).fill(1);
  for (let i = 0; i < g.length; i++) g[i] = rng.next() < 0.3 ? 1 : 0;
  for (let i = 0; i < 2000; i++) replay.add(i % 64, g, e, rng.int(4), rng.next(), false, g, e, m);
  const infer: number[] = [], update: number[] = [];
  for (let k = 0; k < 12; k++) {
    let t = performance.now();
    await learner.qValues(g, e, 64);
    infer.push(performance.now() - t);
    t = performance.now();
    await learner.update(replay.sample(64, rng));
    update.push(performance.now() - t);
  }
  learner.dispose();
  return { inferMs: median(infer.slice(2)), updateMs: median(update.slice(2)) };
}

console.log(`SD-PCGRL 8x8 environment, 64 envs, random legal actions: ${Math.round(envSteps()).toLocaleString('en-US')} steps/s`);
for (const [name, recipe] of [['fast', FAST_RECIPE], ['thesis', THESIS_RECIPE]] as const) {
  for (const backend of ['wasm', 'cpu'] as const) {
    const r = await network(backend, recipe);
    console.log(`${name} network on ${backend}: inference batch 64 ${r.inferMs.toFixed(1)} ms, update batch 64 ${r.updateMs.toFixed(1)} ms (${(1000 / r.updateMs).toFixed(1)} updates/s)`);
  }
}

