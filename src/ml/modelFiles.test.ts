/**
 * Model files (SPEC §6 DQN, training artifacts): model.json + weights.bin +
 * meta.json round-trip to a network that predicts exactly the same Q-values,
 * and every corrupt or mismatched input gives a clear error value (never a
 * throw, never a half-loaded model).
 */
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../core/util/rng';
import { chooseBackend } from './backend';
import { META_FORMAT, modelFromFiles, modelToFiles, type ModelFiles, type ModelMeta } from './modelFiles';
import { buildQNetwork, type NetworkSpec } from './network';
import { QModel } from './qModel';

const TINY: NetworkSpec = { blocks: [[4]], dense: 16 };
// 5x5 SD-PCGRL, markov encoding: 9x9 window, 4 channels, 4 extra, 4 actions.
const SHAPE = { side: 9, channels: 4, extra: 4, actions: 4 };
// Parameters by hand: conv 3x3x4->4: 3*3*4*4 + 4 = 148; max-pool 9x9 -> 5x5 (same padding), flat 5*5*4 = 100,
// plus extra 4 = 104; dense 104->16: 104*16 + 16 = 1680; q 16->4: 16*4 + 4 = 68. Total 1896 float32.
const TINY_BYTES = (148 + 1680 + 68) * 4;

function meta(over: Partial<ModelMeta> = {}): ModelMeta {
  return {
    format: META_FORMAT,
    version: 1,
    env: 'sd-pcgrl',
    width: 5,
    height: 5,
    encoding: 'markov',
    observation: { side: 9, channels: 4, extra: 4 },
    actions: 4,
    recipe: 'fast',
    seed: 1,
    episodes: 10,
    envSteps: 100,
    updates: 3,
    wallSeconds: 1.5,
    backend: 'wasm',
    predictor: { name: 'default', createdAt: '2024-01-01T00:00:00.000Z' },
    testDifficulty: null,
    createdAt: '2024-01-02T00:00:00.000Z',
    ...over,
  };
}

function randomInputs(n: number, side: number, channels: number, extra: number, seed: number): { grid: Float32Array; extra: Float32Array } {
  const rng = createRng(seed);
  const grid = new Float32Array(n * side * side * channels);
  for (let c = 0; c < n * side * side; c++) grid[c * channels + rng.int(channels)] = 1;
  const ex = new Float32Array(n * extra).map(() => (rng.next() < 0.3 ? 1 : 0));
  return { grid, extra: ex };
}

let model: tf.LayersModel;
let files: ModelFiles;

beforeAll(async () => {
  await chooseBackend('wasm');
  model = buildQNetwork(SHAPE, TINY, 42);
  files = await modelToFiles(model, meta());
});

afterAll(() => model.dispose());

async function loadErr(f: ModelFiles, expectArg?: Parameters<typeof modelFromFiles>[1]): Promise<string> {
  const r = await modelFromFiles(f, expectArg);
  if (r.ok) {
    r.value.model.dispose();
    throw new Error('expected an error, the files loaded');
  }
  expect(typeof r.error).toBe('string');
  expect(r.error.length).toBeGreaterThan(10);
  return r.error;
}

describe('model files round trip', () => {
  it('weights.bin holds every parameter as float32; meta.json is the meta', () => {
    expect(files.weights.byteLength).toBe(TINY_BYTES);
    expect(JSON.parse(files.meta)).toEqual(meta());
    const mj = JSON.parse(files.modelJson) as { format: string; weightsManifest: { paths: string[] }[] };
    expect(mj.format).toBe('layers-model');
    expect(mj.weightsManifest[0]!.paths).toEqual(['weights.bin']);
  });

  it('loads to a network with identical predictions on random inputs, and saves back to the same bytes', async () => {
    const r = await modelFromFiles(files, { env: 'sd-pcgrl', width: 5, height: 5 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.meta).toEqual(meta());
    const original = new QModel(model, SHAPE), loaded = new QModel(r.value.model, r.value.meta.observation);
    for (const seed of [1, 2, 3]) {
      const n = 5 + seed * 7;
      const x = randomInputs(n, 9, 4, 4, seed);
      const a = await original.qValues(x.grid, x.extra, n), b = await loaded.qValues(x.grid, x.extra, n);
      expect(a.length).toBe(n * 4);
      expect([...b]).toEqual([...a]);
    }
    const again = await modelToFiles(r.value.model, r.value.meta);
    expect(again.weights).toEqual(files.weights);
    expect(again.meta).toBe(files.meta);
    r.value.model.dispose();
  });

  it('thesis encoding (3 channels, no extra input) and a turtle-shaped network round-trip too', async () => {
    for (const [shape, m] of [
      [{ side: 11, channels: 3, extra: 0, actions: 4 }, meta({ width: 6, height: 6, encoding: 'thesis', observation: { side: 11, channels: 3, extra: 0 } })],
      [{ side: 9, channels: 3, extra: 0, actions: 7 }, meta({ env: 'turtle', observation: { side: 9, channels: 3, extra: 0 }, actions: 7 })],
    ] as const) {
      const net = buildQNetwork(shape, TINY, 7);
      const f = await modelToFiles(net, m);
      const r = await modelFromFiles(f, { env: m.env, width: m.width, height: m.height });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const x = randomInputs(6, shape.side, 3, 0, 9);
      const a = await new QModel(net, { side: shape.side, channels: shape.channels, extra: shape.extra }).qValues(x.grid, x.extra, 6);
      const b = await new QModel(r.value.model, r.value.meta.observation).qValues(x.grid, x.extra, 6);
      expect([...b]).toEqual([...a]);
      net.dispose();
      r.value.model.dispose();
    }
  });
});

describe('corrupt or mismatched model files give clear errors, not throws', () => {
  it('meta.json is not JSON', async () => {
    expect(await loadErr({ ...files, meta: '{"format": "longcat-rl-model",' })).toMatch(/meta\.json is not valid JSON/);
  });

  it('meta.json misses fields or has wrong ones: each is named', async () => {
    const m = JSON.parse(files.meta) as Record<string, unknown>;
    delete m.actions;
    delete m.seed;
    const e1 = await loadErr({ ...files, meta: JSON.stringify(m) });
    expect(e1).toMatch(/^meta\.json/);
    expect(e1).toMatch(/actions/);
    expect(e1).toMatch(/seed/);
    const e2 = await loadErr({ ...files, meta: JSON.stringify({ ...meta(), format: 'something-else' }) });
    expect(e2).toMatch(/format/);
    const e3 = await loadErr({ ...files, meta: JSON.stringify({ ...meta(), observation: { side: 9, channels: 4 } }) });
    expect(e3).toMatch(/observation\.extra/);
    const e4 = await loadErr({ ...files, meta: JSON.stringify({ ...meta(), width: 2 }) });
    expect(e4).toMatch(/width/);
    const e5 = await loadErr({ ...files, meta: '[]' });
    expect(e5).toMatch(/meta\.json/);
  });

  it('meta.json with a seed outside the unsigned 32-bit range is refused', async () => {
    expect(await loadErr({ ...files, meta: JSON.stringify({ ...meta(), seed: 2 ** 32 }) })).toMatch(/seed/);
    expect(await loadErr({ ...files, meta: JSON.stringify({ ...meta(), seed: -1 }) })).toMatch(/seed/);
    const top = await modelFromFiles({ ...files, meta: JSON.stringify({ ...meta(), seed: 2 ** 32 - 1 }) });
    expect(top.ok).toBe(true);
    if (top.ok) top.value.model.dispose();
  });

  it('environment or size other than expected', async () => {
    const e1 = await loadErr(files, { env: 'turtle' });
    expect(e1).toMatch(/sd-pcgrl/);
    expect(e1).toMatch(/turtle/);
    const e2 = await loadErr(files, { env: 'sd-pcgrl', width: 6, height: 6 });
    expect(e2).toMatch(/5x5/);
    expect(e2).toMatch(/6x6/);
    const e3 = await loadErr(files, { height: 7 });
    expect(e3).toMatch(/5x5/);
    expect(e3).toMatch(/5x7/);
  });

  it('model.json is not JSON, or not a layers model', async () => {
    expect(await loadErr({ ...files, modelJson: files.modelJson.slice(0, 40) })).toMatch(/model\.json is not valid JSON/);
    expect(await loadErr({ ...files, modelJson: '{"format": "graph-model"}' })).toMatch(/model\.json/);
  });

  it('a manifest of the wrong shape is a sentence naming the field, not a throw', async () => {
    const mj = JSON.parse(files.modelJson) as { weightsManifest: { weights: { name: string; shape: unknown; dtype: string }[] }[] };
    const group = mj.weightsManifest[0]!;
    const withWeight = (patch: Record<string, unknown>) => JSON.stringify({ ...mj, weightsManifest: [{ ...group, weights: group.weights.map((w, i) => (i === 0 ? { ...w, ...patch } : w)) }] });
    // Before the schema, a shape that is not a list crashed the size check with a TypeError.
    expect(await loadErr({ ...files, modelJson: withWeight({ shape: 5 }) })).toMatch(/^model\.json is not a tfjs layers model.*weightsManifest\.0\.weights\.0\.shape/);
    expect(await loadErr({ ...files, modelJson: withWeight({ dtype: 'float64' }) })).toMatch(/weightsManifest\.0\.weights\.0\.dtype/);
    expect(await loadErr({ ...files, modelJson: JSON.stringify({ ...mj, modelTopology: null }) })).toMatch(/modelTopology/);
    expect(await loadErr({ ...files, modelJson: JSON.stringify({ ...mj, weightsManifest: [] }) })).toMatch(/weightsManifest/);
  });

  it('a manifest split into two groups describes the same weights.bin and loads', async () => {
    const mj = JSON.parse(files.modelJson) as { weightsManifest: { paths: string[]; weights: unknown[] }[] };
    const w = mj.weightsManifest[0]!.weights;
    const split = { ...mj, weightsManifest: [{ paths: ['weights.bin'], weights: w.slice(0, 2) }, { paths: ['weights.bin'], weights: w.slice(2) }] };
    const r = await modelFromFiles({ ...files, modelJson: JSON.stringify(split) });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const x = randomInputs(2, 9, 4, 4, 8);
      expect([...(await new QModel(r.value.model, SHAPE).qValues(x.grid, x.extra, 2))]).toEqual([...(await new QModel(model, SHAPE).qValues(x.grid, x.extra, 2))]);
      r.value.model.dispose();
    }
  });

  it('weights.bin truncated by 4 bytes, or with 4 bytes too many', async () => {
    const short = await loadErr({ ...files, weights: files.weights.slice(0, TINY_BYTES - 4) });
    expect(short).toContain(`weights.bin has ${TINY_BYTES - 4} bytes but model.json describes ${TINY_BYTES}`);
    const long = new Uint8Array(TINY_BYTES + 4);
    long.set(files.weights);
    expect(await loadErr({ ...files, weights: long })).toContain(`weights.bin has ${TINY_BYTES + 4} bytes`);
  });

  it('an overflow-scale weight (3e38, finite) is refused, naming the weight and its layer; so is any weight past ±1e5', async () => {
    const specs = (JSON.parse(files.modelJson) as { weightsManifest: { weights: { name: string; shape: number[] }[] }[] }).weightsManifest[0]!.weights;
    // The first value of the hidden dense layer's kernel (a 1x1 convolution over the 104 joined
    // values): after the first conv's kernel and bias (148 values, see TINY_BYTES).
    const dense = specs[2]!;
    expect(dense.shape).toEqual([1, 1, 104, 16]);
    for (const value of [3e38, -1.5e5]) {
      const weights = files.weights.slice();
      new DataView(weights.buffer).setFloat32(148 * 4, value, true);
      const e = await loadErr({ ...files, weights });
      expect(e).toContain(`weight "${dense.name}" of layer "${dense.name.split('/')[0]}"`);
      expect(e).toContain(`a weight of ${Math.fround(value).toPrecision(3)}`);
    }
    const edge = files.weights.slice();
    new DataView(edge.buffer).setFloat32(148 * 4, 1e5, true);
    const r = await modelFromFiles({ ...files, weights: edge });
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (r.ok) r.value.model.dispose();
  });

  it('weights that each pass the bound but overflow together are refused by the probe, naming the first layer past ±1e9', async () => {
    // Every weight 9e4 and a probe of ones: the conv gives 3*3*4*9e4 + 9e4 = 3.33e6 per cell (within
    // the bound), the pooled and flattened values stay 3.33e6, and the dense layer sums 100 of them
    // times 9e4: about 3e13, the first activation past 1e9.
    const weights = new Uint8Array(TINY_BYTES);
    new Float32Array(weights.buffer).fill(9e4);
    // The hidden dense layer is the layer that owns the 104x16 kernel.
    const hidden = model.layers.find((l) => l.getWeights()[0]?.shape.join('x') === '1x1x104x16')!;
    const e = await loadErr({ ...files, weights });
    expect(e).toContain(`layer "${hidden.name}" (Conv2D)`);
    expect(e).toContain('probe input');
  });

  it('weights.bin as a view into a larger buffer loads (only the view counts)', async () => {
    const big = new Uint8Array(TINY_BYTES + 64);
    big.set(files.weights, 32);
    const r = await modelFromFiles({ ...files, weights: big.subarray(32, 32 + TINY_BYTES) });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const x = randomInputs(3, 9, 4, 4, 5);
      expect([...(await new QModel(r.value.model, SHAPE).qValues(x.grid, x.extra, 3))]).toEqual([...(await new QModel(model, SHAPE).qValues(x.grid, x.extra, 3))]);
      r.value.model.dispose();
    }
  });

  it('observation shape or action count in meta.json disagreeing with the network', async () => {
    const e1 = await loadErr({ ...files, meta: JSON.stringify(meta({ observation: { side: 9, channels: 3, extra: 4 } })) });
    expect(e1).toMatch(/9x9x4/);
    expect(e1).toMatch(/9x9x3/);
    const e2 = await loadErr({ ...files, meta: JSON.stringify(meta({ observation: { side: 11, channels: 4, extra: 4 } })) });
    expect(e2).toMatch(/11x11x4/);
    const e3 = await loadErr({ ...files, meta: JSON.stringify(meta({ actions: 7 })) });
    expect(e3).toMatch(/4 outputs/);
    expect(e3).toMatch(/7 actions/);
  });

  it('a model.json whose manifest does not fit its topology is an error value, not a throw', async () => {
    const mj = JSON.parse(files.modelJson) as { weightsManifest: { weights: { name: string; shape: number[] }[] }[] };
    // A weight renamed so it matches no layer variable: same byte count, unusable manifest.
    const w = mj.weightsManifest[0]!.weights;
    const renamed = { ...mj, weightsManifest: [{ ...mj.weightsManifest[0], weights: w.map((s, i) => (i === 0 ? { ...s, name: 'nonexistent/kernel' } : s)) }] };
    const e = await loadErr({ ...files, modelJson: JSON.stringify(renamed) });
    expect(e).toMatch(/could not be loaded|model/);
  });

  // Regression test for a bug found in review (see the commit that fixed it).
  it('meta whose observation does not fit its own size/encoding is rejected', async () => {
    const bad = meta({ width: 6, height: 6 }); // observation still 9x9x4: a 6x6 markov walk needs 11x11x4
    const f = await modelToFiles(model, bad);
    const r = await modelFromFiles(f, { env: 'sd-pcgrl', width: 6, height: 6 });
    if (r.ok) r.value.model.dispose();
    expect(r.ok).toBe(false);
  });

  // Regression test for a bug found in review (see the commit that fixed it).
  it('meta whose extra length disagrees with the network inputs is rejected', async () => {
    const r = await modelFromFiles({ ...files, meta: JSON.stringify(meta({ observation: { side: 9, channels: 4, extra: 0 } })) });
    if (r.ok) r.value.model.dispose();
    expect(r.ok).toBe(false);
  });
});
