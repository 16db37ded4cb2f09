import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { describe, expect, it } from 'vitest';
import { registerWasmConvGradients } from './wasmConvGrad';

/** Gradients of sum(conv2d(x, w) * r) w.r.t. x and w on one backend, as plain arrays. */
async function gradsOn(backend: string, x: number[], w: number[], r: number[], xs: number[], ws: number[], pad: 'same' | 'valid') {
  await tf.setBackend(backend);
  await tf.ready();
  return tf.tidy(() => {
    const X = tf.tensor4d(x, xs as [number, number, number, number]);
    const W = tf.tensor4d(w, ws as [number, number, number, number]);
    const f = (a: tf.Tensor, b: tf.Tensor) => {
      const y = tf.conv2d(a as tf.Tensor4D, b as tf.Tensor4D, 1, pad);
      return tf.sum(tf.mul(y, tf.tensor(r, y.shape)));
    };
    const [gx, gw] = tf.grads(f)([X, W]);
    return { gx: Array.from(gx!.dataSync()), gw: Array.from(gw!.dataSync()) };
  });
}

const rand = (n: number, seed: number): number[] => {
  let s = seed;
  return Array.from({ length: n }, () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1);
};

describe('WASM conv gradients', () => {
  it.each([
    { xs: [2, 7, 7, 3], ws: [3, 3, 3, 4], pad: 'same' as const },
    { xs: [3, 5, 6, 2], ws: [3, 3, 2, 5], pad: 'valid' as const },
    { xs: [4, 1, 1, 9], ws: [1, 1, 9, 6], pad: 'same' as const },
    { xs: [2, 9, 9, 4], ws: [5, 5, 4, 2], pad: 'same' as const },
  ])('match the cpu backend for input $xs, filter $ws, padding $pad', async ({ xs, ws, pad }) => {
    registerWasmConvGradients();
    const x = rand(xs.reduce((a, b) => a * b), 1), w = rand(ws.reduce((a, b) => a * b), 2);
    const outH = pad === 'same' ? xs[1]! : xs[1]! - ws[0]! + 1, outW = pad === 'same' ? xs[2]! : xs[2]! - ws[1]! + 1;
    const r = rand(xs[0]! * outH * outW * ws[3]!, 3);
    const cpu = await gradsOn('cpu', x, w, r, xs, ws, pad);
    const before = tf.memory().numTensors;
    const wasm = await gradsOn('wasm', x, w, r, xs, ws, pad);
    expect(tf.memory().numTensors).toBe(before); // no leaked tensors from the kernels
    expect(wasm.gw.length).toBe(cpu.gw.length);
    wasm.gw.forEach((v, i) => expect(v).toBeCloseTo(cpu.gw[i]!, 4));
    wasm.gx.forEach((v, i) => expect(v).toBeCloseTo(cpu.gx[i]!, 4));
  });

  it('refuses strides other than 1 with a clear error instead of a wrong gradient', async () => {
    registerWasmConvGradients();
    await tf.setBackend('wasm');
    const X = tf.randomNormal([1, 6, 6, 2]) as tf.Tensor4D, W = tf.randomNormal([3, 3, 2, 2]) as tf.Tensor4D;
    expect(() => tf.grad((w: tf.Tensor) => tf.conv2d(X, w as tf.Tensor4D, 2, 'same').sum())(W)).toThrow(/stride 1/);
  });
});
