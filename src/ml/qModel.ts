/** A loaded Q-network as a {@link QFunction} for generation. */
import * as tf from '@tensorflow/tfjs';
import type { QFunction } from './policy';

export class QModel implements QFunction {
  constructor(readonly model: tf.LayersModel, private readonly shape: { side: number; channels: number; extra: number }) {}

  async qValues(grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array> {
    const { side, channels } = this.shape;
    const xs: tf.Tensor[] = [tf.tensor4d(grid, [n, side, side, channels])];
    if (this.shape.extra > 0) xs.push(tf.tensor2d(extra, [n, this.shape.extra]));
    const out = this.model.predict(xs.length === 1 ? xs[0]! : xs) as tf.Tensor;
    const values = (await out.data()) as Float32Array;
    tf.dispose([...xs, out]);
    return values;
  }
}
