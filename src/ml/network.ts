/**
 * The Q-network (thesis Fig. 5.1 shape: conv blocks with max-pooling, then
 * two dense layers). Dense layers are written as 1x1 convolutions on
 * [B, 1, 1, D]: on WASM that routes their weight gradients through the fast
 * conv kernels instead of the slow matMul (PLATFORM.md: 52 -> 17.5 ms per
 * update). The extra vector (previous direction) joins after the conv stack.
 */
import * as tf from '@tensorflow/tfjs';

import type { NetworkSpec } from './networkSpecs';

export { FAST_NETWORK, THESIS_NETWORK, type NetworkSpec } from './networkSpecs';

export interface NetworkShape {
  readonly side: number;
  readonly channels: number;
  readonly extra: number;
  readonly actions: number;
}

/** Builds the Q-network; weights initialised from `seed`. Inputs: grid [side, side, channels] (and extra [extra] when > 0). */
export function buildQNetwork(shape: NetworkShape, spec: NetworkSpec, seed: number): tf.LayersModel {
  let s = seed;
  const init = () => tf.initializers.glorotUniform({ seed: s++ });
  const grid = tf.input({ shape: [shape.side, shape.side, shape.channels], name: 'grid' });
  let h: tf.SymbolicTensor = grid;
  for (const block of spec.blocks) {
    for (const filters of block) {
      h = tf.layers.conv2d({ filters, kernelSize: 3, padding: 'same', activation: 'relu', kernelInitializer: init() }).apply(h) as tf.SymbolicTensor;
    }
    h = tf.layers.maxPooling2d({ poolSize: 2, strides: 2, padding: 'same' }).apply(h) as tf.SymbolicTensor;
  }
  const flat = tf.layers.flatten().apply(h) as tf.SymbolicTensor;
  const size = flat.shape[1] as number;
  let joined = tf.layers.reshape({ targetShape: [1, 1, size] }).apply(flat) as tf.SymbolicTensor;
  const inputs = [grid];
  if (shape.extra > 0) {
    const extra = tf.input({ shape: [shape.extra], name: 'extra' });
    inputs.push(extra);
    const e = tf.layers.reshape({ targetShape: [1, 1, shape.extra] }).apply(extra) as tf.SymbolicTensor;
    joined = tf.layers.concatenate({ axis: -1 }).apply([joined, e]) as tf.SymbolicTensor;
  }
  const hidden = tf.layers.conv2d({ filters: spec.dense, kernelSize: 1, activation: 'relu', kernelInitializer: init(), name: 'dense_hidden' }).apply(joined) as tf.SymbolicTensor;
  const q = tf.layers.conv2d({ filters: shape.actions, kernelSize: 1, kernelInitializer: init(), name: 'q_values' }).apply(hidden) as tf.SymbolicTensor;
  const out = tf.layers.reshape({ targetShape: [shape.actions] }).apply(q) as tf.SymbolicTensor;
  return tf.model({ inputs, outputs: out, name: 'sd_pcgrl_q' });
}
