/** FlatAdam against tfjs's own Adam: the same steps, interchangeable saved state, no leaked tensors. */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseBackend } from './backend';
import { FlatAdam } from './flatAdam';

beforeAll(async () => {
  await chooseBackend('wasm');
});

/** Two variables of different shapes and a loss whose gradients differ in size and sign per element. */
function problem(seed: number) {
  const a = tf.variable(tf.randomNormal([3, 4], 0, 1, 'float32', seed));
  const b = tf.variable(tf.randomNormal([5], 0, 1, 'float32', seed + 1));
  const x = tf.randomNormal([8, 3], 0, 1, 'float32', seed + 2);
  const loss = () => tf.add(tf.sum(tf.square(tf.sub(tf.matMul(x, a), 0.5))), tf.sum(tf.mul(tf.sin(b), tf.range(1, 6)))) as tf.Scalar;
  const values = async () => [...(await a.data()), ...(await b.data())];
  return { loss, values, dispose: () => tf.dispose([a, b, x]) };
}

describe('FlatAdam', () => {
  it('takes the same steps as tf.train.adam (bias correction folded into the step)', async () => {
    const p = problem(1), q = problem(1);
    const ref = tf.train.adam(0.01), flat = new FlatAdam(0.01);
    for (let k = 0; k < 5; k++) {
      ref.minimize(p.loss);
      flat.minimize(q.loss);
    }
    const [pv, qv] = [await p.values(), await q.values()];
    const start = await problem(1).values();
    for (let i = 0; i < pv.length; i++) {
      expect(Math.abs(pv[i]! - start[i]!)).toBeGreaterThan(1e-3); // every element moved
      expect(qv[i]).toBeCloseTo(pv[i]!, 5);
    }
    ref.dispose();
    flat.dispose();
    p.dispose();
    q.dispose();
  });

  it("saved state is tfjs Adam's layout: state saved by either one continues in the other", async () => {
    const p = problem(2), q = problem(2);
    const ref = tf.train.adam(0.02), flat = new FlatAdam(0.02);
    for (let k = 0; k < 3; k++) {
      ref.minimize(p.loss);
      flat.minimize(q.loss);
    }
    const fromRef = await ref.getWeights(), fromFlat = await flat.getWeights();
    expect(fromFlat.map((w) => w.tensor.shape)).toEqual(fromRef.map((w) => w.tensor.shape));
    expect(fromFlat.map((w) => w.name.replace(/^.*\//, ''))).toEqual(fromRef.map((w) => w.name.replace(/^.*\//, '')));
    const copy = async (ws: { name: string; tensor: tf.Tensor }[]) => Promise.all(ws.map(async (w) => ({ name: w.name, tensor: tf.tensor(await w.tensor.data(), w.tensor.shape, w.tensor.dtype) })));
    // Swap: tfjs Adam continues from FlatAdam's state and vice versa.
    const ref2 = tf.train.adam(0.02), flat2 = new FlatAdam(0.02);
    await ref2.setWeights(await copy(fromFlat));
    await flat2.setWeights(await copy(fromRef));
    for (let k = 0; k < 2; k++) {
      ref2.minimize(p.loss);
      flat2.minimize(q.loss);
    }
    const [pv, qv] = [await p.values(), await q.values()];
    for (let i = 0; i < pv.length; i++) expect(qv[i]).toBeCloseTo(pv[i]!, 5);
    for (const o of [ref, flat, ref2, flat2]) o.dispose();
    p.dispose();
    q.dispose();
  });

  it('steps and repeated saves leak no tensors', async () => {
    const p = problem(3), opt = new FlatAdam(0.01);
    opt.minimize(p.loss);
    await opt.getWeights();
    const before = tf.memory().numTensors;
    for (let k = 0; k < 4; k++) {
      opt.minimize(p.loss);
      (await opt.getWeights())[0]!.tensor.dispose(); // callers dispose the iteration scalar, as tfjs's Adam needs
    }
    expect(tf.memory().numTensors).toBe(before);
    opt.dispose();
    p.dispose();
  });
});
