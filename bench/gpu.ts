/**
 * `npm run bench:gpu`: the DQN on whatever WebGPU adapter is present, beside
 * WASM on the same machine. Per backend: inference and update time by batch
 * size (with, on WebGPU, dispatches and readbacks per update, counted by
 * wrapping the GPU prototypes), CPU milliseconds per update, and end-to-end
 * training (env steps/s, updates/s, and the unique non-trivial share of the
 * levels the trained policy then generates at t = 0.2). Written as JSON
 * (`--out`) and a table.
 *
 *   npm run bench:gpu -- [--backends wasm,webgpu] [--batches 256,1024,4096]
 *     [--paths fused,tfjs] [--update-seconds 3] [--minutes 2] [--levels 5000]
 *     [--recipe auto|fast|gpu] [--train-paths fused] [--out file] [--quick]
 *
 * On WebGPU each batch size is measured on both update paths (`--paths`):
 * the fused update (custom kernels, one submit) and tfjs ops. Updates per
 * second are a throughput: updates queued back to back for about
 * `--update-seconds`, then one loss readback. `--minutes 0` skips the
 * end-to-end training (it runs once per backend and path in
 * `--train-paths`; WASM always trains on tfjs ops).
 *
 * WebGPU in Node comes from Dawn (npm `webgpu`). Without a GPU, Chromium's
 * SwiftShader Vulkan driver gives a software adapter (set automatically when
 * present): then the figures check that the path works, not GPU speed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { Evaluation, predictorMeasure } from '../src/core/generators/evaluate';
import { chooseBackend, type BackendChoice } from '../src/ml/backend';
import { DqnLearner } from '../src/ml/dqn';

type UpdatePath = 'fused' | 'tfjs';
import { makeEnv, makeTestEnv, type EnvSettings } from '../src/ml/envs';
import { countGpuCalls, gpuCallCounts, gpuCallsSince } from '../src/ml/gpuCounters';
import { installNodeWebGpu, useSwiftShaderUnlessNamed } from '../src/ml/nodeWebGpu';
import { generateWithPolicy } from '../src/ml/policy';
import { FAST_NETWORK } from '../src/ml/network';
import { RECIPES, resolveRecipe, type RecipeChoice } from '../src/ml/recipes';
import type { TransitionBatch } from '../src/ml/replay';
import { Trainer } from '../src/ml/trainer';
import { createRng } from '../src/core/util/rng';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const quick = args.includes('--quick');
const backends = arg('backends', 'wasm,webgpu').split(',') as ('wasm' | 'webgpu')[];
const batches = arg('batches', quick ? '16' : '256,1024,4096').split(',').map(Number);
const paths = arg('paths', 'fused,tfjs').split(',') as UpdatePath[];
const trainPaths = arg('train-paths', 'fused').split(',') as UpdatePath[];
const updateSeconds = Number(arg('update-seconds', quick ? '0.2' : '3'));
const minutes = Number(arg('minutes', quick ? '0.05' : '2'));
const levelCount = Number(arg('levels', quick ? '16' : '5000'));
const recipeChoice = arg('recipe', 'auto') as RecipeChoice;
const outFile = arg('out', 'bench-results/gpu.json');
const reps = quick ? 1 : 5;

const SETTINGS: EnvSettings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
const SHAPE = { side: 15, channels: 4, extra: 4, actions: 4 };
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function randomBatch(n: number, seed: number): TransitionBatch {
  const rng = createRng(seed);
  const bits = (len: number) => Float32Array.from({ length: len }, () => (rng.next() < 0.3 ? 1 : 0));
  return {
    size: n,
    grid: bits(n * 900),
    extra: bits(n * 4),
    nextGrid: bits(n * 900),
    nextExtra: bits(n * 4),
    actions: Int32Array.from({ length: n }, () => rng.int(4)),
    rewards: Float32Array.from({ length: n }, () => rng.next() * 20),
    dones: Float32Array.from({ length: n }, () => (rng.next() < 0.05 ? 1 : 0)),
    nextMask: Uint8Array.from({ length: n * 4 }, () => (rng.next() < 0.7 ? 1 : 0)),
  };
}

interface BatchRow {
  backend: string;
  /** fused: the custom-kernel WebGPU update; tfjs: tfjs ops. */
  path: string;
  batch: number;
  inferenceMs: number;
  updateMs: number;
  cpuMsPerUpdate: number;
  /** Wall time of the update() call alone (encoding and submitting, not waiting): the host's per-update cost. */
  callMs: number;
  dispatchesPerUpdate: number | null;
  readbacksPerUpdate: number | null;
  submitsPerUpdate: number | null;
  bindGroupsPerUpdate: number | null;
  buffersPerUpdate: number | null;
  /** Updates queued back to back for about --update-seconds, then one readback. */
  updatesPerSecond: number;
  samplesPerSecond: number;
}

/**
 * Inference (greedy actions: one readback) and update of the recipes' fast
 * network: one update synced by reading the loss (latency), then updates
 * queued back to back for about --update-seconds (throughput).
 */
async function byBatch(backend: BackendChoice, gpu: boolean, path: UpdatePath): Promise<BatchRow[]> {
  const rows: BatchRow[] = [];
  for (const n of batches) {
    const learner = new DqnLearner(SHAPE, { ...RECIPES.gpu.learner, network: FAST_NETWORK }, 1, undefined, { fused: path === 'fused' });
    const b = randomBatch(n, n);
    await learner.greedyActions(b.grid, b.extra, b.nextMask, n); // compile / warm up
    learner.update(b);
    await learner.takeMeanLoss();
    const infer: number[] = [], update: number[] = [], cpu: number[] = [], call: number[] = [];
    let calls = null as ReturnType<typeof gpuCallsSince> | null;
    for (let k = 0; k < reps; k++) {
      let t = performance.now();
      await learner.greedyActions(b.grid, b.extra, b.nextMask, n);
      infer.push(performance.now() - t);
      const before = gpu ? gpuCallCounts() : null, c0 = cpuMs();
      t = performance.now();
      learner.update(b);
      call.push(performance.now() - t);
      await learner.takeMeanLoss();
      update.push(performance.now() - t);
      cpu.push(cpuMs() - c0);
      if (before !== null) {
        calls = gpuCallsSince(before);
        calls.readbacks -= 1; // the loss read that syncs the measurement; training reads it once per report
        calls.submits -= 1; // the loss read's own copy
      }
    }
    // Throughput: as the trainer runs them, queued without a readback each.
    let count = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < updateSeconds * 1000 || count < 2) {
      learner.update(b);
      count++;
      if (count % 8 === 0) await learner.takeMeanLoss(); // keeps the queue bounded, as progress reports do
    }
    await learner.takeMeanLoss();
    const updatesPerSecond = (count * 1000) / (performance.now() - t0);
    const used = learner.updatePathFor(n) === 'fused-webgpu' ? 'fused' : 'tfjs'; // over the device's buffer limits a batch runs on tfjs ops
    learner.dispose();
    const updateMs = median(update);
    rows.push({
      backend: backend.backend,
      path: used,
      batch: n,
      inferenceMs: median(infer),
      updateMs,
      cpuMsPerUpdate: median(cpu),
      callMs: median(call),
      dispatchesPerUpdate: calls?.dispatches ?? null,
      readbacksPerUpdate: calls?.readbacks ?? null,
      submitsPerUpdate: calls?.submits ?? null,
      bindGroupsPerUpdate: calls?.bindGroups ?? null,
      buffersPerUpdate: calls?.buffers ?? null,
      updatesPerSecond,
      samplesPerSecond: n * updatesPerSecond,
    });
    console.error(`  ${backend.backend} ${used} batch ${n}: inference ${median(infer).toFixed(1)} ms, update ${updateMs.toFixed(1)} ms, ${updatesPerSecond.toFixed(1)} updates/s`);
  }
  return rows;
}

interface TrainRow {
  backend: string;
  path: string;
  recipe: string;
  minutes: number;
  envStepsPerSecond: number;
  updatesPerSecond: number;
  cpuMsPerUpdate: number | null;
  updates: number;
  levels: number;
  uniqueNonTrivialPercent: number;
}

async function endToEnd(backend: BackendChoice, path: UpdatePath): Promise<TrainRow> {
  const name = resolveRecipe(recipeChoice, backend);
  const base = RECIPES[name];
  // A short run still learns: warm-up capped at a few lock-steps' worth in --quick.
  const recipe = quick ? { ...base, learningStarts: Math.min(base.learningStarts, base.envCount * 4, 1000) } : base;
  const learner = new DqnLearner(SHAPE, recipe.learner, 1, undefined, { fused: path === 'fused' });
  const trainer = new Trainer({ recipe, seed: 1, learner, makeEnv: (c, s) => makeEnv(SETTINGS, c, s), makeTestEnv: () => makeTestEnv(SETTINGS, 2), noGreedyTest: true, progressEverySeconds: 10 });
  const c0 = cpuMs();
  const m = await trainer.run({ minutes });
  const cpu = cpuMs() - c0;
  // The thesis's measure: levels generated at t = 0.2 (seed 5), unique and with difficulty >= 20, over all generated.
  const evaluation = new Evaluation(predictorMeasure(DEFAULT_DIFFICULTY_MODEL));
  const levels = await generateWithPolicy(trainer.learner, { width: 8, height: 8, encoding: 'markov', temperature: 0.2, seed: 5, from: 0, to: levelCount });
  for (const l of levels) evaluation.add({ index: l.index, levels: [l.level], solution: l.solution });
  const report = evaluation.report();
  const used = trainer.learner.updatePathFor(recipe.batchSize);
  trainer.learner.dispose();
  return {
    backend: backend.backend,
    path: used === 'fused-webgpu' ? 'fused' : 'tfjs',
    recipe: name,
    minutes: m.elapsed / 60,
    envStepsPerSecond: m.envSteps / m.elapsed,
    updatesPerSecond: m.updates / m.elapsed,
    cpuMsPerUpdate: m.updates > 0 ? cpu / m.updates : null,
    updates: m.updates,
    levels: levelCount,
    uniqueNonTrivialPercent: report.nonTrivialPercent,
  };
}

useSwiftShaderUnlessNamed();

const result: { node: string; cpu: string; quick: boolean; adapters: Record<string, unknown>; batches: BatchRow[]; training: TrainRow[]; skipped: string[] } = {
  node: process.version,
  cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  quick,
  adapters: {},
  batches: [],
  training: [],
  skipped: [],
};
for (const name of backends) {
  if (name === 'webgpu') {
    const why = await installNodeWebGpu();
    if (why !== null) {
      result.skipped.push(`webgpu: ${why}`);
      console.error(`webgpu skipped: ${why}`);
      continue;
    }
  }
  const choice = await chooseBackend(name);
  result.adapters[name] = choice.adapter ?? null;
  const gpu = name === 'webgpu' && countGpuCalls();
  console.error(`${name}: ${choice.reason}`);
  for (const path of name === 'webgpu' ? paths : ['tfjs' as const]) result.batches.push(...(await byBatch(choice, gpu, path)));
  if (minutes > 0) for (const path of name === 'webgpu' ? trainPaths : ['tfjs' as const]) result.training.push(await endToEnd(choice, path));
}

mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, JSON.stringify(result, null, 2));
const f = (v: number | null, d = 1): string => (v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }));
console.log(`node ${result.node}, ${result.cpu}${Object.entries(result.adapters).map(([k, v]) => (v === null ? '' : `, ${k}: ${(v as { name: string }).name}${(v as { fallback: boolean }).fallback ? ' (software fallback)' : ''}`)).join('')}\n`);
console.log('| backend | path | batch | inference ms | update ms (synced) | updates/s (queued) | samples/s | CPU ms / update | update() call ms | dispatches | submits | bind groups | new buffers | readbacks |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of result.batches) {
  console.log(
    `| ${r.backend} | ${r.path} | ${r.batch} | ${f(r.inferenceMs)} | ${f(r.updateMs)} | ${f(r.updatesPerSecond)} | ${f(r.samplesPerSecond, 0)} | ${f(r.cpuMsPerUpdate)} | ${f(r.callMs, 2)} | ${f(r.dispatchesPerUpdate, 0)} | ${f(r.submitsPerUpdate, 0)} | ${f(r.bindGroupsPerUpdate, 0)} | ${f(r.buffersPerUpdate, 0)} | ${f(r.readbacksPerUpdate, 0)} |`,
  );
}
if (result.training.length > 0) {
  console.log('\n| backend | path | recipe | minutes | env steps/s | updates/s | CPU ms / update | updates | unique non-trivial (t=0.2, seed 5) |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of result.training) console.log(`| ${r.backend} | ${r.path} | ${r.recipe} | ${f(r.minutes, 2)} | ${f(r.envStepsPerSecond, 0)} | ${f(r.updatesPerSecond, 2)} | ${f(r.cpuMsPerUpdate)} | ${r.updates} | ${f(r.uniqueNonTrivialPercent)}% of ${r.levels} |`);
}
for (const s of result.skipped) console.log(`\nskipped ${s}`);
console.log(`\nJSON: ${outFile}`);
