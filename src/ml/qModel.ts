/** A loaded Q-network as a {@link QFunction} for generation. */
import * as tf from '@tensorflow/tfjs';
import type { QFunction } from './policy';

export class QModel implements QFunction {
  constructor(readonly model: tf.LayersModel, private readonly shape: { side: number; channels: number; extra: number }) {}

  async qValues(grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array> {
    const { side, channels } = this.shape;
    // `apply`, not `predict`: predict cuts the batch into chunks of 32 (a pass per chunk).
    const out = tf.tidy(() => {
      const g = tf.tensor4d(grid, [n, side, side, channels]);
      return this.model.apply(this.shape.extra > 0 ? [g, tf.tensor2d(extra, [n, this.shape.extra])] : g) as tf.Tensor;
    });
    const values = (await out.data()) as Float32Array;
    out.dispose();
    return values;
  }
}
