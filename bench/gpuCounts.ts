/**
 * GPU calls per lock-step of the fast recipe on WebGPU (Dawn in Node): greedy
 * inference on `n` observations and one update at batch `n`, counted by
 * wrapping the GPU prototypes, after a warm-up lock-step
 * (`npx tsx bench/gpuCounts.ts [n] [lockSteps]`). Also runs on the code before
 * issue 11 (where update() returned the loss), to compare.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { installNodeWebGpu, useSwiftShaderUnlessNamed } from '../src/ml/nodeWebGpu';
import { chooseBackend } from '../src/ml/backend';
import { DqnLearner } from '../src/ml/dqn';
import { FAST_RECIPE } from '../src/ml/recipes';
import { countGpuCalls, gpuCallCounts, gpuCallsSince } from '../src/ml/gpuCounters';
useSwiftShaderUnlessNamed();
await installNodeWebGpu();
await chooseBackend('webgpu');
countGpuCalls();
const n = Number(process.argv[2] ?? 64);
const l: any = new DqnLearner({ side: 15, channels: 4, extra: 4, actions: 4 }, FAST_RECIPE.learner, 1);
const b = { size: n, grid: new Float32Array(n * 900).fill(1), extra: new Float32Array(n * 4), nextGrid: new Float32Array(n * 900), nextExtra: new Float32Array(n * 4), actions: new Int32Array(n), rewards: new Float32Array(n), dones: new Float32Array(n), nextMask: new Uint8Array(n * 4).fill(1) };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const mask = b.nextMask;
const infer = async () => (l.greedyActions ? l.greedyActions(b.grid, b.extra, mask, n) : l.qValues(b.grid, b.extra, n));
const upd = async () => { const r = l.update(b); if (l.takeMeanLoss) { /* loss read once per report in training, not per update */ } else await r; };
const lockStep = async () => { await infer(); await upd(); };
await lockStep(); if (l.takeMeanLoss) await l.takeMeanLoss(); // warm up: compile every kernel
const K = Number(process.argv[3] ?? 3);
const c = gpuCallCounts(), t = cpu(), w = performance.now();
for (let k = 0; k < K; k++) await lockStep();
if (l.takeMeanLoss) await l.takeMeanLoss(); // the loss, read once (training reads it once per progress report)
const d = gpuCallsSince(c);
const per = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, +(v / K).toFixed(2)]));
console.log(JSON.stringify({ batch: n, lockSteps: K, perLockStep: { ...per, cpuMs: Math.round((cpu() - t) / K), wallMs: Math.round((performance.now() - w) / K) } }));
