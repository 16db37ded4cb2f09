/**
 * Fuzz: SD-PCGRL model files (model.json, weights.bin, meta.json), through
 * `checkModelFiles`, the check every loader runs before tfjs. The shipped
 * model with new weights within ±MAX_ABS_WEIGHT and harmless meta changes is accepted;
 * with one fault of a known kind (a NaN, infinite or overflow-scale weight, bytes missing or
 * extra, a weight's shape, name or dtype changed, a layer's size changed, an
 * edge to a missing layer, an unknown layer type, a meta that disagrees
 * with the network) it is refused. A random value put anywhere in model.json
 * never makes the check throw, and whenever the check accepts, tfjs really
 * loads the network and its Q-values for an empty observation are finite:
 * that load is the independent judge of a wrong acceptance.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkModelFiles, MAX_ABS_WEIGHT } from './modelCheck';
import { modelFromFiles, modelToFiles, type ModelMeta } from './modelFiles';
import { buildQNetwork } from './network';
import type { ModelFiles } from './schemas';
import { fuzzRuns } from '../../test/fuzzRuns';

const DIR = resolve(import.meta.dirname, '../../models/sd-pcgrl-8x8');
let shipped: ModelFiles;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  await tf.setBackend('cpu');
  // The fuzz runs on a small network of the same layer types (3x3 levels, 1,300 weights): the
  // shipped one (213k weights) costs a copy and a scan per case. One test checks the shipped one.
  const meta = { ...(JSON.parse(readFileSync(join(DIR, 'meta.json'), 'utf8')) as ModelMeta), width: 3, height: 3, observation: { side: 5, channels: 4, extra: 4 } };
  const net = buildQNetwork({ side: 5, channels: 4, extra: 4, actions: 4 }, { blocks: [[4, 4]], dense: 8 }, 1);
  shipped = await modelToFiles(net, meta);
  net.dispose();
});

const FAULTS = [
  'nanWeight', 'infiniteWeight', 'hugeWeight', 'truncate', 'extend', 'shapeDim', 'shapeRank', 'renameWeight', 'dropWeight', 'repeatWeight', 'dtype',
  'filters', 'kernel', 'danglingEdge', 'forwardEdge', 'layerType', 'inputShape', 'outputName', 'metaEnv', 'metaSize', 'metaChannels', 'metaActions', 'metaExtra',
] as const;

/** The shipped files with one fault of `kind`, placed by `n`. */
function spoil(kind: (typeof FAULTS)[number], n: number): ModelFiles {
  const j = JSON.parse(shipped.modelJson) as Json;
  const meta = JSON.parse(shipped.meta) as Json;
  const weights = new Uint8Array(shipped.weights);
  const view = new DataView(weights.buffer);
  const specs = j.weightsManifest[0].weights as Json[];
  const layers = j.modelTopology.config.layers as Json[];
  const convs = layers.filter((l) => l.class_name === 'Conv2D');
  const spec = specs[n % specs.length]!;
  const values = weights.byteLength / 4;
  let out = weights;
  switch (kind) {
    case 'nanWeight': view.setFloat32(4 * (n % values), NaN, true); break;
    case 'infiniteWeight': view.setFloat32(4 * (n % values), n % 2 ? Infinity : -Infinity, true); break;
    case 'hugeWeight': view.setFloat32(4 * (n % values), (n % 2 ? 1 : -1) * Math.fround(MAX_ABS_WEIGHT * (1.01 + (n % 1000) * 3e30)), true); break;
    case 'truncate': out = weights.subarray(0, weights.byteLength - 1 - (n % 4096)); break;
    case 'extend': out = new Uint8Array(weights.byteLength + 1 + (n % 64)); out.set(weights); break;
    case 'shapeDim': spec.shape[n % spec.shape.length] += 1 + (n % 3); break;
    case 'shapeRank': spec.shape = [...spec.shape, 1]; break;
    case 'renameWeight': spec.name = `${spec.name}_${n}`; break;
    case 'dropWeight': specs.splice(n % specs.length, 1); break;
    case 'repeatWeight': specs.push({ ...spec }); break;
    case 'dtype': spec.dtype = n % 2 ? 'int32' : 'bool'; break;
    case 'filters': convs[n % convs.length]!.config.filters += 1 + (n % 5); break;
    case 'kernel': convs[n % convs.length]!.config.kernel_size = [5, 5]; break;
    case 'danglingEdge': layers[1 + (n % (layers.length - 1))]!.inbound_nodes = [[[`missing_${n}`, 0, 0, {}]]]; break;
    case 'forwardEdge': layers[1]!.inbound_nodes = [[[layers[layers.length - 1]!.name, 0, 0, {}]]]; break;
    case 'layerType': layers[1 + (n % (layers.length - 1))]!.class_name = ['Lambda', 'Dropout', 'BatchNormalization', 'TFOpLambda'][n % 4]; break;
    case 'inputShape': layers[0]!.config.batch_input_shape = [null, 5 + 1 + (n % 3), 5, 4]; break;
    case 'outputName': j.modelTopology.config.output_layers = [[`nowhere_${n}`, 0, 0]]; break;
    case 'metaEnv': meta.env = 'turtle'; break;
    case 'metaSize': meta.width = meta.height = 4 + (n % 5); break;
    case 'metaChannels': meta.observation.channels = n % 2 ? 3 : 5; break;
    case 'metaActions': meta.actions = n % 2 ? 3 : 7; break;
    case 'metaExtra': meta.observation.extra = n % 2 ? 0 : 5; break;
  }
  return { modelJson: JSON.stringify(j), weights: out, meta: JSON.stringify(meta) };
}

/** Every path to a value in a JSON tree. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

describe('SD-PCGRL model file fuzz', () => {
  it('accepts the network with any weights within the bound and harmless meta changes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.float({ noNaN: true, min: -MAX_ABS_WEIGHT, max: MAX_ABS_WEIGHT })), { minLength: 1, maxLength: 50 }), fc.nat(), fc.string({ maxLength: 20 }), (changes, episodes, backend) => {
        const weights = new Uint8Array(shipped.weights);
        const view = new DataView(weights.buffer);
        for (const [i, v] of changes) view.setFloat32(4 * (i % (weights.byteLength / 4)), v, true);
        const meta = { ...(JSON.parse(shipped.meta) as Json), episodes, backend, testDifficulty: null };
        const r = checkModelFiles({ ...shipped, weights, meta: JSON.stringify(meta) }, { env: 'sd-pcgrl', width: 3, height: 3 });
        expect(r.ok, r.ok ? '' : r.error).toBe(true);
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('the shipped 8x8 model passes the same check', () => {
    const files = { modelJson: readFileSync(join(DIR, 'model.json'), 'utf8'), weights: new Uint8Array(readFileSync(join(DIR, 'weights.bin'))), meta: readFileSync(join(DIR, 'meta.json'), 'utf8') };
    expect(checkModelFiles(files, { env: 'sd-pcgrl', width: 8, height: 8 }).ok).toBe(true);
  });

  it('refuses every file with one known fault, in one sentence', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FAULTS), fc.nat(), (kind, n) => {
        const r = checkModelFiles(spoil(kind, n));
        expect(r.ok, `${kind} ${n} was accepted`).toBe(false);
        if (!r.ok) expect(r.error).not.toMatch(/\n/);
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('never throws on a random value anywhere in model.json; what it accepts, tfjs loads with finite Q-values', async () => {
    let accepted = 0;
    const all = paths(JSON.parse(shipped.modelJson));
    await fc.assert(
      fc.asyncProperty(fc.nat(all.length - 1), fc.jsonValue({ maxDepth: 2 }), async (p, value) => {
        const j = JSON.parse(shipped.modelJson) as Json;
        const path = all[p]!;
        let files: ModelFiles;
        if (path.length === 0) files = { ...shipped, modelJson: JSON.stringify(value) };
        else {
          let o: Json = j;
          for (const k of path.slice(0, -1)) o = o[k] as Json;
          o[path.at(-1)!] = value;
          files = { ...shipped, modelJson: JSON.stringify(j) };
        }
        const r = checkModelFiles(files);
        if (!r.ok) return;
        accepted++;
        const loaded = await modelFromFiles(files);
        expect(loaded.ok, `accepted at ${path.join('.')} = ${JSON.stringify(value)}, but tfjs: ${loaded.ok ? '' : loaded.error}`).toBe(true);
        if (!loaded.ok) return;
        const q = tf.tidy(() => (loaded.value.model.apply([tf.zeros([1, 5, 5, 4]), tf.zeros([1, 4])]) as tf.Tensor).dataSync());
        loaded.value.model.dispose();
        expect([...q].every(Number.isFinite)).toBe(true);
      }),
      { numRuns: Math.ceil(fuzzRuns() / 4) },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
