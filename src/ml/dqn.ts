/**
 * The DQN learner: online and target Q-networks, Adam, and one gradient step
 * on a replay batch. Targets use double DQN when enabled (the online network
 * picks the next action among legal ones, the target network values it) and
 * Huber or MSE loss.
 */
import * as tf from '@tensorflow/tfjs';
import { buildQNetwork, type NetworkShape, type NetworkSpec } from './network';
import type { TransitionBatch } from './replay';

export interface LearnerConfig {
  readonly network: NetworkSpec;
  readonly learningRate: number;
  readonly gamma: number;
  readonly doubleDqn: boolean;
  readonly loss: 'huber' | 'mse';
  /** Rewards are multiplied by this before learning (keeps Q-values near 1). */
  readonly rewardScale: number;
}

/**
 * Index of the largest value among legal entries of row `r`; -1 only when no
 * entry is legal. NaN or -Infinity values (a diverged or corrupt network)
 * still give a legal action (the first), never -1.
 */
export function maskedArgmax(values: Float32Array, mask: Uint8Array, r: number, actions: number): number {
  let best = -1, bestV = -Infinity;
  for (let a = 0; a < actions; a++) {
    if (mask[r * actions + a] !== 1) continue;
    const v = values[r * actions + a]!;
    if (best < 0 || v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

export class DqnLearner {
  readonly online: tf.LayersModel;
  readonly target: tf.LayersModel;
  readonly optimizer: tf.Optimizer;

  constructor(readonly shape: NetworkShape, readonly config: LearnerConfig, seed: number, online?: tf.LayersModel) {
    this.online = online ?? buildQNetwork(shape, config.network, seed);
    this.target = buildQNetwork(shape, config.network, seed);
    this.syncTarget();
    this.optimizer = tf.train.adam(config.learningRate);
  }

  private inputs(grid: Float32Array, extra: Float32Array, n: number): tf.Tensor[] {
    const { side, channels } = this.shape;
    const xs: tf.Tensor[] = [tf.tensor4d(grid, [n, side, side, channels])];
    if (this.shape.extra > 0) xs.push(tf.tensor2d(extra, [n, this.shape.extra]));
    return xs;
  }

  /** Q-values of the online network for n observations: n x actions. */
  async qValues(grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array> {
    const xs = this.inputs(grid, extra, n);
    const q = this.online.predict(xs.length === 1 ? xs[0]! : xs) as tf.Tensor;
    const values = (await q.data()) as Float32Array;
    tf.dispose([...xs, q]);
    return values;
  }

  syncTarget(): void {
    this.target.setWeights(this.online.getWeights());
  }

  /** One gradient step; returns the loss. */
  async update(batch: TransitionBatch): Promise<number> {
    const n = batch.size, A = this.shape.actions;
    const nextIn = this.inputs(batch.nextGrid, batch.nextExtra, n);
    const feed = (xs: tf.Tensor[]) => (xs.length === 1 ? xs[0]! : xs);
    const qNextTarget = this.target.predict(feed(nextIn)) as tf.Tensor;
    const qNextOnline = this.config.doubleDqn ? (this.online.predict(feed(nextIn)) as tf.Tensor) : qNextTarget;
    const [tVals, oVals] = await Promise.all([qNextTarget.data() as Promise<Float32Array>, qNextOnline.data() as Promise<Float32Array>]);
    tf.dispose([...nextIn, qNextTarget, qNextOnline]);

    const targets = new Float32Array(n);
    for (let b = 0; b < n; b++) {
      let next = 0;
      if (batch.dones[b] === 0) {
        const a = maskedArgmax(oVals, batch.nextMask, b, A);
        next = a < 0 ? 0 : tVals[b * A + a]!;
      }
      targets[b] = batch.rewards[b]! * this.config.rewardScale + this.config.gamma * next;
    }

    const xs = this.inputs(batch.grid, batch.extra, n);
    const actionIds = tf.tensor1d(batch.actions, 'int32');
    const actionMask = tf.oneHot(actionIds, A);
    const y = tf.tensor1d(targets);
    const lossT = this.optimizer.minimize(() => {
      const q = this.online.apply(feed(xs), { training: true }) as tf.Tensor;
      const chosen = tf.sum(tf.mul(q, actionMask), 1);
      return this.config.loss === 'huber' ? tf.losses.huberLoss(y, chosen) : tf.losses.meanSquaredError(y, chosen);
    }, true) as tf.Scalar;
    const loss = (await lossT.data())[0]!;
    tf.dispose([...xs, actionIds, actionMask, y, lossT]);
    return loss;
  }

  dispose(): void {
    this.online.dispose();
    this.target.dispose();
    this.optimizer.dispose();
  }
}
