/**
 * Adam with every variable's update done at once on one flat vector. tfjs's
 * own Adam runs about 14 ops per variable (8 variables in our net: ~116
 * kernels per step), and on WebGPU each op is a dispatch with its own
 * uniforms and bind group, so the optimizer alone outweighed the network's
 * forward and backward passes. Here the gradients are concatenated, the
 * moments live as two flat vectors, the bias correction is folded into the
 * step size and epsilon on the CPU, and the new values are split back:
 * about 20 kernels per step whatever the variable count.
 *
 * Same arithmetic as tfjs's Adam: lr * m̂ / (sqrt(v̂) + eps) equals
 * lr_t * m / (sqrt(v) + eps_t) with lr_t = lr * sqrt(1 - b2^t) / (1 - b1^t)
 * and eps_t = eps * sqrt(1 - b2^t). Saved state has tfjs's Adam layout
 * (`iter`, then `<var>/m` for each variable, then `<var>/v`), so
 * checkpoints move freely between the two.
 */
import * as tf from '@tensorflow/tfjs';

type NamedTensor = { name: string; tensor: tf.Tensor };
type NamedGrads = tf.NamedTensorMap | NamedTensor[];

export class FlatAdam extends tf.Optimizer {
  static get className(): string {
    return 'FlatAdam';
  }

  private names: string[] = [];
  private sizes: number[] = [];
  private m: tf.Variable | null = null;
  private v: tf.Variable | null = null;
  private step = 0;
  /** Per-variable views made by the last getWeights (disposed at the next call, or with the optimizer). */
  private views: tf.Tensor[] = [];
  private readonly epsilon: number;

  constructor(
    readonly learningRate: number,
    readonly beta1 = 0.9,
    readonly beta2 = 0.999,
    epsilon?: number,
  ) {
    super();
    this.epsilon = epsilon ?? tf.backend().epsilon();
  }

  /** Orders variables as tfjs's Adam does (the gradients' order) and makes zero moments on first use. */
  private ensureState(names: string[]): void {
    const sizes = names.map((n) => tf.engine().registeredVariables[n]!.size);
    if (this.m !== null) {
      // Restored state is matched by position, as tfjs's Adam does (a reloaded model's variables get new names).
      if (sizes.length !== this.sizes.length || sizes.some((n, i) => n !== this.sizes[i])) throw new Error('FlatAdam: the variables do not match the saved moments');
      this.names = names;
      return;
    }
    this.names = names;
    this.sizes = sizes;
    const total = this.sizes.reduce((a, b) => a + b, 0);
    this.m = tf.variable(tf.zeros([total]), false);
    this.v = tf.variable(tf.zeros([total]), false);
  }

  /**
   * For a step computed elsewhere (the fused WebGPU update, which reads and
   * writes the moments' buffers in place): the moment variables for these
   * weights, made if needed, and the step's folded factors. Counts the step.
   */
  externalStep(names: string[]): { m: tf.Variable; v: tf.Variable; lrT: number; epsT: number } {
    this.ensureState(names);
    const t = this.step + 1;
    const correction = Math.sqrt(1 - this.beta2 ** t);
    this.step = t;
    this.incrementIterations();
    return { m: this.m!, v: this.v!, lrT: (this.learningRate * correction) / (1 - this.beta1 ** t), epsT: this.epsilon * correction };
  }

  applyGradients(grads: NamedGrads): void {
    const list = Array.isArray(grads) ? grads : Object.keys(grads).map((name) => ({ name, tensor: grads[name]! }));
    this.ensureState(list.map((g) => g.name));
    const t = this.step + 1;
    const { beta1: b1, beta2: b2 } = this;
    const correction = Math.sqrt(1 - b2 ** t);
    const lrT = (this.learningRate * correction) / (1 - b1 ** t), epsT = this.epsilon * correction;
    tf.tidy(() => {
      const vars = this.names.map((n) => tf.engine().registeredVariables[n]!);
      const g = tf.concat(list.map((x) => tf.reshape(x.tensor, [-1])));
      const m = tf.add(tf.mul(this.m!, b1), tf.mul(g, 1 - b1));
      const v = tf.add(tf.mul(this.v!, b2), tf.mul(tf.square(g), 1 - b2));
      const flat = tf.concat(vars.map((x) => tf.reshape(x, [-1])));
      const next = tf.sub(flat, tf.mul(tf.div(m, tf.add(tf.sqrt(v), epsT)), lrT));
      this.m!.assign(m);
      this.v!.assign(v);
      tf.split(next, this.sizes).forEach((part, i) => vars[i]!.assign(tf.reshape(part, vars[i]!.shape)));
    });
    this.step = t;
    this.incrementIterations();
  }

  private disposeViews(): void {
    tf.dispose(this.views);
    this.views = [];
  }

  /** tfjs Adam's layout. The moment tensors are views valid until the next call (the caller reads them at once). */
  override async getWeights(): Promise<NamedTensor[]> {
    this.disposeViews();
    const iter = { name: 'iter', tensor: tf.scalar(this.step, 'int32') };
    if (this.m === null) return [iter];
    const shapes = this.names.map((n) => tf.engine().registeredVariables[n]!.shape);
    const parts = (flat: tf.Variable, suffix: string) =>
      tf.tidy(() => tf.split(flat, this.sizes).map((p, i) => tf.reshape(p, shapes[i]!))).map((tensor, i) => ({ name: `${this.names[i]}/${suffix}`, tensor }));
    const named = [...parts(this.m, 'm'), ...parts(this.v!, 'v')];
    this.views = named.map((w) => w.tensor);
    return [iter, ...named];
  }

  /** Accepts tfjs Adam's layout (ours or tfjs's own): `iter`, the first moments, then the second, in variable order. */
  override async setWeights(weights: NamedTensor[]): Promise<void> {
    const rest = await this.extractIterations(weights);
    this.step = this.iterations;
    const half = rest.length / 2;
    if (!Number.isInteger(half)) throw new Error('FlatAdam: expected as many second moments as first moments');
    this.m?.dispose();
    this.v?.dispose();
    this.m = this.v = null;
    if (half === 0) return;
    const names = rest.slice(0, half).map((w) => w.name.replace(/\/m$/, ''));
    this.names = names;
    this.sizes = rest.slice(0, half).map((w) => w.tensor.size);
    this.m = tf.variable(tf.tidy(() => tf.concat(rest.slice(0, half).map((w) => tf.reshape(w.tensor, [-1])))), false);
    this.v = tf.variable(tf.tidy(() => tf.concat(rest.slice(half).map((w) => tf.reshape(w.tensor, [-1])))), false);
  }

  getConfig(): tf.serialization.ConfigDict {
    return { learningRate: this.learningRate, beta1: this.beta1, beta2: this.beta2, epsilon: this.epsilon };
  }

  override dispose(): void {
    this.disposeViews();
    this.m?.dispose();
    this.v?.dispose();
    this.m = this.v = null;
    super.dispose();
  }
}
