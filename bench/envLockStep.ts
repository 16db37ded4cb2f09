/**
 * The CPU side of the gpu recipe without the network, on one core: a
 * lock-step of N SD-PCGRL 8x8 environments (random legal actions, step,
 * observe, legal mask, N replay adds) and the replay sampling of one
 * update's batch (float and byte forms). Says whether environment stepping
 * would cap the trainer at a given updates/s
 * (`npx tsx bench/envLockStep.ts [envs] [batch] [seconds]`).
 */
import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { createRng } from '../src/core/util/rng';
import { makeEnv } from '../src/ml/envs';
import { ReplayBuffer } from '../src/ml/replay';

const envs = Number(process.argv[2] ?? 1024);
const batch = Number(process.argv[3] ?? 1024);
const seconds = Number(process.argv[4] ?? 10);
const env = makeEnv({ env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL }, envs, 1);
const { side, channels, extra } = env.observation;
const G = side * side * channels, A = env.actions;
const grid = new Float32Array(envs * G), ex = new Float32Array(envs * extra), nextGrid = new Float32Array(grid.length), nextEx = new Float32Array(ex.length);
const mask = new Uint8Array(envs * A), nextMask = new Uint8Array(envs * A);
const actions = new Int32Array(envs), rewards = new Float32Array(envs), dones = new Uint8Array(envs);
const replay = new ReplayBuffer(150_000, G, extra, A);
const rng = createRng(2);
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

env.observe(grid, ex);
env.legalMask(mask);
const lockStep = (): void => {
  for (let i = 0; i < envs; i++) {
    let legal = 0;
    for (let a = 0; a < A; a++) legal += mask[i * A + a]!;
    let pick = legal === 0 ? 0 : rng.int(legal);
    actions[i] = 0;
    for (let a = 0; a < A; a++) if (mask[i * A + a] === 1 && pick-- === 0) actions[i] = a;
  }
  env.step(actions, rewards, dones);
  env.observe(nextGrid, nextEx);
  env.legalMask(nextMask);
  for (let i = 0; i < envs; i++) replay.add(i, grid, ex, actions[i]!, rewards[i]!, dones[i] === 1, nextGrid, nextEx, nextMask);
  grid.set(nextGrid);
  ex.set(nextEx);
  mask.set(nextMask);
};

for (let k = 0; k < 20; k++) lockStep(); // warm up, fill the replay a little
let steps = 0;
const c0 = cpu(), t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) {
  lockStep();
  steps++;
}
const lockCpuMs = (cpu() - c0) / steps;
const timeSample = (packed: boolean): number => {
  const c = cpu();
  let k = 0;
  const t = performance.now();
  while (performance.now() - t < 2000) {
    if (packed) replay.samplePacked(batch, rng);
    else replay.sample(batch, rng);
    k++;
  }
  return (cpu() - c) / k;
};
const sampleFloatMs = timeSample(false), samplePackedMs = timeSample(true);
const envStepsPerSecond = (envs * 1000) / lockCpuMs;
console.log(
  JSON.stringify({
    envs,
    lockSteps: steps,
    cpuMsPerLockStep: +lockCpuMs.toFixed(2),
    envStepsPerSecondOneCore: Math.round(envStepsPerSecond),
    batch,
    cpuMsPerSampleFloat: +sampleFloatMs.toFixed(2),
    cpuMsPerSamplePacked: +samplePackedMs.toFixed(2),
    // One update per `envs` env steps (replay ratio of the gpu recipe at batch = 2 x envs): the updates/s one core allows.
    updatesPerSecondCapOneUpdatePerLockStep: +(1000 / (lockCpuMs + samplePackedMs)).toFixed(1),
  }),
);
