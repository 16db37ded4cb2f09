/**
 * The DQN learner: online and target Q-networks, Adam, and one gradient step
 * on a replay batch. Targets use double DQN when enabled (the online network
 * picks the next action among legal ones, the target network values it) and
 * Huber or MSE loss.
 *
 * Everything stays on the backend's device between readbacks: networks run
 * through `apply` (never `LayersModel.predict`, which cuts every batch into
 * chunks of 32 and on WebGPU pays a pass per chunk), the targets (masked
 * argmax of the online net, value from the target net) are tensors fed
 * straight into the step, and the loss is summed on the device and read
 * only when the caller asks ({@link DqnLearner.takeMeanLoss}). A lock-step
 * therefore reads back only the greedy actions.
 */
import * as tf from '@tensorflow/tfjs';
import { FlatAdam } from './flatAdam';
import { FusedUpdate, fusedUnavailable } from './fused/fusedUpdate';
import { buildQNetwork, type NetworkShape, type NetworkSpec } from './network';
import { isPacked, unpackBatch, type PackedBatch, type TransitionBatch } from './replay';

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

/** Added to illegal actions' Q-values before an on-device argmax: far below any real Q-value, still finite. */
const ILLEGAL = -1e9;

/** The additive mask for an on-device masked argmax: 0 where legal, {@link ILLEGAL} where not. */
function additiveMask(mask: Uint8Array, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = mask[i] === 1 ? 0 : ILLEGAL;
  return out;
}

/**
 * Mean Huber loss (delta 1) of `chosen` against constant targets `y`, with
 * its gradient written out (clip(chosen - y, -1, 1) / n): the same value and
 * gradient as tf.losses.huberLoss in about a third of the kernels, which on
 * WebGPU are a dispatch each.
 */
export function huberLoss(y: tf.Tensor1D, chosen: tf.Tensor1D): tf.Scalar {
  const n = chosen.shape[0];
  const f = tf.customGrad(((x: tf.Tensor, save: tf.GradSaveFunc) => {
    const diff = tf.sub(x, y);
    const clipped = tf.clipByValue(diff, -1, 1);
    save([clipped]);
    // 0.5 d^2 where |d| <= 1, |d| - 0.5 beyond: both are clipped * (d - clipped / 2).
    const value = tf.mean(tf.mul(clipped, tf.sub(diff, tf.mul(clipped, 0.5)))) as tf.Scalar;
    return { value, gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => tf.mul(saved[0]!, tf.mul(dy, 1 / n)) };
  }) as unknown as Parameters<typeof tf.customGrad>[0]);
  return f(chosen) as tf.Scalar;
}

/** How updates run: tfjs ops (any backend), or the fused WebGPU update (one submit of custom kernels). */
export type UpdatePath = 'tfjs' | 'fused-webgpu';

export interface LearnerOptions {
  /**
   * Use the fused WebGPU update when the backend is WebGPU (default true;
   * the environment variable LONGCAT_FUSED=0 turns the default off, to compare).
   */
  readonly fused?: boolean;
}

/** The default of {@link LearnerOptions.fused}: on unless LONGCAT_FUSED=0 (Node). */
function fusedByDefault(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.LONGCAT_FUSED !== '0';
}

export class DqnLearner {
  readonly online: tf.LayersModel;
  readonly target: tf.LayersModel;
  readonly optimizer: tf.Optimizer;
  /** Sum of the losses since the last {@link takeMeanLoss}, kept on the device. */
  private lossSum: tf.Scalar | null = null;
  private lossCount = 0;
  /** Of lossCount, the updates run fused (their losses are summed on the GPU by the fused update). */
  private fusedCount = 0;
  private readonly fused: FusedUpdate | null = null;
  /** Which code runs {@link update}. */
  readonly updatePath: UpdatePath = 'tfjs';

  constructor(readonly shape: NetworkShape, readonly config: LearnerConfig, seed: number, online?: tf.LayersModel, options: LearnerOptions = {}) {
    this.online = online ?? buildQNetwork(shape, config.network, seed);
    this.target = buildQNetwork(shape, config.network, seed);
    this.syncTarget();
    // Measured: on WebGPU FlatAdam cuts the step's dispatches by ~100; on WASM, where an op costs little but
    // FlatAdam's concatenations copy every parameter twice more, tfjs's own Adam is ~20% cheaper per lock-step.
    this.optimizer = tf.getBackend() === 'webgpu' ? new FlatAdam(config.learningRate) : tf.train.adam(config.learningRate);
    if ((options.fused ?? fusedByDefault()) && fusedUnavailable() === null && this.optimizer instanceof FlatAdam) {
      this.fused = new FusedUpdate(shape, config, this.online, this.target, this.optimizer);
      this.updatePath = 'fused-webgpu';
    }
  }

  /** The path an update of this batch size takes (a batch too large for the fused update's buffers runs on tfjs ops). */
  updatePathFor(batch: number): UpdatePath {
    return this.fused !== null && this.fused.unsupported(batch) === null ? 'fused-webgpu' : 'tfjs';
  }

  /** Whether {@link update} takes byte observations as they are ({@link ReplayBuffer.samplePacked}) without unpacking (else it unpacks them). */
  get takesPackedBatches(): boolean {
    return this.fused !== null;
  }

  private inputs(grid: Float32Array, extra: Float32Array, n: number): tf.Tensor | tf.Tensor[] {
    const { side, channels } = this.shape;
    const g = tf.tensor4d(grid, [n, side, side, channels]);
    return this.shape.extra > 0 ? [g, tf.tensor2d(extra, [n, this.shape.extra])] : g;
  }

  /** A network on a batch of observations, on the device (call inside a tidy). */
  private forward(model: tf.LayersModel, xs: tf.Tensor | tf.Tensor[], training = false): tf.Tensor2D {
    return model.apply(xs, { training }) as tf.Tensor2D;
  }

  /** Q-values of the online network for n observations: n x actions (one readback). */
  async qValues(grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array> {
    const q = tf.tidy(() => this.forward(this.online, this.inputs(grid, extra, n)));
    const values = (await q.data()) as Float32Array;
    q.dispose();
    return values;
  }

  /**
   * The greedy legal action of each of n observations, the argmax taken on
   * the device: one readback of n integers. A row with no legal action gives
   * 0; a diverged network (NaN) still gives a legal action.
   */
  async greedyActions(grid: Float32Array, extra: Float32Array, mask: Uint8Array, n: number): Promise<Int32Array> {
    const A = this.shape.actions;
    const best = tf.tidy(() => {
      const q = this.forward(this.online, this.inputs(grid, extra, n));
      return tf.argMax(tf.add(q, tf.tensor2d(additiveMask(mask, n * A), [n, A])), 1);
    });
    const picked = new Int32Array((await best.data()) as Int32Array);
    best.dispose();
    for (let i = 0; i < n; i++) {
      if (mask[i * A + picked[i]!] === 1) continue;
      // Only NaN Q-values get here (the argmax of a NaN row is not defined): first legal action, as maskedArgmax.
      picked[i] = 0;
      for (let a = 0; a < A; a++) if (mask[i * A + a] === 1) {
        picked[i] = a;
        break;
      }
    }
    return picked;
  }

  syncTarget(): void {
    this.target.setWeights(this.online.getWeights());
  }

  /**
   * The TD targets of a batch as a tensor, computed on the device:
   * r * scale + gamma * Q_target(s', argmax over legal a' of Q_online(s', a')),
   * with no bootstrap after a terminal step or from a state with no legal action.
   */
  private targets(batch: TransitionBatch): tf.Tensor1D {
    const n = batch.size, A = this.shape.actions, { gamma, rewardScale, doubleDqn } = this.config;
    // What is known on the CPU is folded into two vectors, so the device does few ops.
    const scaled = new Float32Array(n), discount = new Float32Array(n);
    for (let b = 0; b < n; b++) {
      scaled[b] = batch.rewards[b]! * rewardScale;
      let legal = false;
      for (let a = 0; a < A; a++) legal ||= batch.nextMask[b * A + a] === 1;
      discount[b] = batch.dones[b] === 0 && legal ? gamma : 0;
    }
    return tf.tidy(() => {
      const next = this.inputs(batch.nextGrid, batch.nextExtra, n);
      const qTarget = this.forward(this.target, next);
      const qChooser = doubleDqn ? this.forward(this.online, next) : qTarget;
      const best = tf.argMax(tf.add(qChooser, tf.tensor2d(additiveMask(batch.nextMask, n * A), [n, A])), 1);
      const value = tf.sum(tf.mul(qTarget, tf.oneHot(best, A)), 1);
      return tf.add(tf.tensor1d(scaled), tf.mul(tf.tensor1d(discount), value)) as tf.Tensor1D;
    });
  }

  /**
   * One gradient step. Nothing is read back: the loss is added to a sum on
   * the device (see {@link takeMeanLoss}), so on WebGPU the step is queued
   * and the caller goes on.
   */
  update(input: TransitionBatch | PackedBatch): void {
    if (this.fused !== null && this.fused.unsupported(input.size) === null) {
      this.fused.update(input);
      this.fusedCount++;
      this.lossCount++;
      return;
    }
    const batch = isPacked(input) ? unpackBatch(input) : input;
    const n = batch.size, A = this.shape.actions;
    const y = this.targets(batch);
    const chosenMask = new Float32Array(n * A);
    for (let b = 0; b < n; b++) chosenMask[b * A + batch.actions[b]!] = 1;
    tf.tidy(() => {
      const xs = this.inputs(batch.grid, batch.extra, n);
      const onehot = tf.tensor2d(chosenMask, [n, A]);
      const loss = this.optimizer.minimize(() => {
        const q = this.forward(this.online, xs, true);
        const chosen = tf.sum(tf.mul(q, onehot), 1);
        return this.config.loss === 'huber' ? huberLoss(y, chosen as tf.Tensor1D) : tf.losses.meanSquaredError(y, chosen);
      }, true) as tf.Scalar;
      const sum = this.lossSum === null ? loss : tf.add(this.lossSum, loss);
      this.lossSum?.dispose();
      this.lossSum = tf.keep(sum as tf.Scalar);
    });
    y.dispose();
    this.lossCount++;
  }

  /** Updates whose loss {@link takeMeanLoss} would average now. */
  get lossUpdates(): number {
    return this.lossCount;
  }

  /**
   * Mean loss of the updates since the last call (one readback), or null
   * when there were none. The trainer calls it as often as its charts need.
   */
  async takeMeanLoss(): Promise<number | null> {
    if (this.lossCount === 0) return null;
    // A batch too large for the fused update's buffers runs on tfjs ops (same FlatAdam state): both sums count.
    const sum = this.lossSum, count = this.lossCount, fused = this.fusedCount;
    this.lossSum = null;
    this.lossCount = this.fusedCount = 0;
    let total = fused > 0 && this.fused !== null ? await this.fused.takeLossSum() : 0;
    if (sum !== null) {
      total += (await sum.data())[0]!;
      sum.dispose();
    }
    return total / count;
  }

  dispose(): void {
    this.fused?.dispose();
    this.online.dispose();
    this.target.dispose();
    this.optimizer.dispose();
    this.lossSum?.dispose();
    this.lossSum = null;
  }
}
