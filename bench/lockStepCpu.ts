/**
 * CPU milliseconds per fast-recipe lock-step on WASM: greedy inference on 64
 * observations and one update at batch 64, five repeats of five lock-steps
 * (`npx tsx bench/lockStepCpu.ts`). Also runs on the code before issue 11
 * (where update() returned the loss and there was no greedyActions), to compare.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { chooseBackend } from '../src/ml/backend';
import { DqnLearner } from '../src/ml/dqn';
import { FAST_RECIPE } from '../src/ml/recipes';
import { createRng } from '../src/core/util/rng';
await chooseBackend('wasm');
const n = 64, rng = createRng(1);
const bits = (len: number) => Float32Array.from({ length: len }, () => (rng.next() < 0.3 ? 1 : 0));
const b = { size: n, grid: bits(n * 900), extra: bits(n * 4), nextGrid: bits(n * 900), nextExtra: bits(n * 4), actions: new Int32Array(n), rewards: new Float32Array(n), dones: new Float32Array(n), nextMask: new Uint8Array(n * 4).fill(1) };
const l: any = new DqnLearner({ side: 15, channels: 4, extra: 4, actions: 4 }, FAST_RECIPE.learner, 1);

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const step = async () => { if (l.greedyActions) await l.greedyActions(b.grid, b.extra, b.nextMask, n); else await l.qValues(b.grid, b.extra, n); await l.update(b); };
for (let k = 0; k < 3; k++) await step();
const out: number[] = [];
for (let r = 0; r < 5; r++) { const t = cpu(); for (let k = 0; k < 5; k++) await step(); if (l.takeMeanLoss) await l.takeMeanLoss(); out.push((cpu() - t) / 5); }
out.sort((a, c) => a - c);
console.log(JSON.stringify({ cpuMsPerLockStep: out.map((x) => Math.round(x * 10) / 10), median: out[2] }));
