/**
 * The DQN update as one submit on tfjs's WebGPU device: the kernels of
 * `kernels.ts`, with pipelines, bind groups and buffers made once per batch
 * size, run on the weights' own GPU buffers. tfjs runs every op as a
 * dispatch with fresh uniforms and a bind group (~0.45 ms of CPU each on an
 * H100, ~100 per update); here an update is one upload (the batch, as
 * bytes), one command encoder with ~15 dispatches, and one submit.
 *
 * The networks stay tfjs models: the update copies the online and target
 * variables' buffers (and FlatAdam's moments) into its own flat buffers,
 * runs, and copies the results back into the same variables' buffers, then
 * drops any CPU copy tfjs cached of them. Inference, checkpoints and
 * `getWeights` see the new values as if tfjs had made them.
 */
import * as tf from '@tensorflow/tfjs';
import type { LearnerConfig } from '../dqn';
import type { FlatAdam } from '../flatAdam';
import type { NetworkShape } from '../network';
import type { PackedBatch, TransitionBatch } from '../replay';
import { fusedGeometry, inputLayout, type FusedGeometry, type InputLayout } from './geometry';
import { fusedKernels } from './kernels';

/** The parts of tfjs's WebGPU backend the update relies on (tfjs-backend-webgpu 4.x). */
interface WebGpuBackendish {
  device: GPUDevice;
  tensorMap: { get(id: object): { values: unknown; resource?: unknown } | undefined };
  commandEncoder: GPUCommandEncoder | null;
  uploadToGPU(id: object): void;
  endComputePassEncoder(): void;
  submitQueue(): void;
  refCount(id: object): number;
}

interface Plan {
  readonly geometry: FusedGeometry;
  readonly layout: InputLayout;
  readonly buffers: GPUBuffer[];
  readonly inp: GPUBuffer;
  readonly upload: ArrayBuffer;
  readonly bytes: Uint8Array;
  readonly floats: Float32Array;
  readonly steps: { pipeline: GPUComputePipeline; bindGroup: GPUBindGroup; workgroups: readonly [number, number, number] }[];
}

/** Why the fused update cannot run here, or null when it can. */
export function fusedUnavailable(): string | null {
  if (tf.getBackend() !== 'webgpu') return `the backend is ${tf.getBackend()}, not webgpu`;
  const be = tf.backend() as unknown as Partial<WebGpuBackendish>;
  if (be.device === undefined || be.tensorMap === undefined || typeof be.uploadToGPU !== 'function' || typeof be.submitQueue !== 'function') {
    return "this tfjs WebGPU backend does not expose its device and buffers as 4.x's does";
  }
  return null;
}

const ILLEGAL = -1e9;

/** Compiled kernels per device, by WGSL source: learners of the same shape and batch (benchmarks, tests) compile once. */
const pipelineCache = new WeakMap<GPUDevice, Map<string, { pipeline: GPUComputePipeline; bindGroupLayout: GPUBindGroupLayout }>>();

export class FusedUpdate {
  private readonly be: WebGpuBackendish;
  private readonly device: GPUDevice;
  private readonly plans = new Map<number, Plan>();
  /** Batch sizes checked against the device's limits: null when they fit. */
  private readonly refused = new Map<number, string | null>();
  /** Online then target parameters, flat. */
  private readonly w: GPUBuffer;
  /** Adam's first then second moments, flat. */
  private readonly mv: GPUBuffer;
  private readonly loss: GPUBuffer;
  private readonly lossRead: GPUBuffer;
  private readonly params: number;

  constructor(
    private readonly shape: NetworkShape,
    private readonly config: LearnerConfig,
    private readonly online: tf.LayersModel,
    private readonly target: tf.LayersModel,
    private readonly adam: FlatAdam,
  ) {
    const why = fusedUnavailable();
    if (why !== null) throw new Error(`fused update: ${why}`);
    this.be = tf.backend() as unknown as WebGpuBackendish;
    this.device = this.be.device;
    const g = fusedGeometry(shape, config.network, 1);
    const sizes = this.variables(online).map((v) => v.size);
    const expected = g.layers.flatMap((l) => [l.k * l.n, l.n]);
    if (sizes.length !== expected.length || sizes.some((s, i) => s !== expected[i])) throw new Error('fused update: the network does not have the conv-pool-dense layout it covers');
    this.params = g.params;
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
    this.w = this.device.createBuffer({ size: 8 * g.params, usage });
    this.mv = this.device.createBuffer({ size: 8 * g.params, usage });
    this.loss = this.device.createBuffer({ size: 16, usage });
    this.lossRead = this.device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  }

  private variables(model: tf.LayersModel): tf.Variable[] {
    return model.trainableWeights.map((w) => w.read() as tf.Variable);
  }

  private kernelsFor(batch: number) {
    const geometry = fusedGeometry(this.shape, this.config.network, batch);
    const layout = inputLayout(geometry);
    const built = fusedKernels(geometry, layout, { doubleDqn: this.config.doubleDqn, loss: this.config.loss, beta1: this.adam.beta1, beta2: this.adam.beta2 });
    return { geometry, layout, ...built };
  }

  /**
   * Why a batch of this size cannot run fused on this device (a buffer over
   * the device's limits; WebGPU would only report it asynchronously), or null.
   */
  unsupported(batch: number): string | null {
    if (this.plans.has(batch)) return null;
    const known = this.refused.get(batch);
    if (known !== undefined) return known;
    const { sizes } = this.kernelsFor(batch);
    const limit = Math.min(this.device.limits.maxStorageBufferBindingSize, this.device.limits.maxBufferSize);
    const [name, words] = Object.entries(sizes).reduce((a, b) => (b[1] > a[1] ? b : a));
    const why = 4 * words > limit ? `batch ${batch} needs a ${Math.round((4 * words) / 2 ** 20)} MiB buffer (${name}), over this device's ${Math.round(limit / 2 ** 20)} MiB` : null;
    this.refused.set(batch, why);
    return why;
  }

  /** Pipelines, bind groups and buffers for one batch size (made on its first update). */
  private plan(batch: number): Plan {
    const cached = this.plans.get(batch);
    if (cached !== undefined) return cached;
    const why = this.unsupported(batch);
    if (why !== null) throw new Error(`fused update: ${why}`);
    const { geometry, layout, kernels, sizes } = this.kernelsFor(batch);
    const own: Record<string, GPUBuffer> = { w: this.w, mv: this.mv, loss: this.loss };
    const buffers: GPUBuffer[] = [];
    const bufferOf = (name: string): GPUBuffer => {
      let b = own[name];
      if (b === undefined) {
        const words = sizes[name];
        if (words === undefined) throw new Error(`fused update: no size for buffer ${name}`);
        b = this.device.createBuffer({ size: Math.max(16, 4 * words), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST, label: name });
        own[name] = b;
        buffers.push(b);
      }
      return b;
    };
    let compiled = pipelineCache.get(this.device);
    if (compiled === undefined) pipelineCache.set(this.device, (compiled = new Map()));
    const steps = kernels.map((k) => {
      let made = compiled.get(k.code);
      if (made === undefined) {
        const bindGroupLayout = this.device.createBindGroupLayout({
          entries: k.bindings.map((b, i) => ({ binding: i, visibility: GPUShaderStage.COMPUTE, buffer: { type: b.write === true ? ('storage' as const) : ('read-only-storage' as const) } })),
        });
        const pipeline = this.device.createComputePipeline({
          label: k.label,
          layout: this.device.createPipelineLayout({ bindGroupLayouts: [bindGroupLayout] }),
          compute: { module: this.device.createShaderModule({ code: k.code, label: k.label }), entryPoint: 'main' },
        });
        made = { pipeline, bindGroupLayout };
        compiled.set(k.code, made);
      }
      const { pipeline, bindGroupLayout } = made;
      const bindGroup = this.device.createBindGroup({ layout: bindGroupLayout, entries: k.bindings.map((b, i) => ({ binding: i, resource: { buffer: bufferOf(b.name) } })) });
      return { pipeline, bindGroup, workgroups: k.workgroups };
    });
    const upload = new ArrayBuffer(4 * layout.words);
    const plan: Plan = { geometry, layout, buffers, inp: bufferOf('inp'), upload, bytes: new Uint8Array(upload), floats: new Float32Array(upload), steps };
    this.plans.set(batch, plan);
    return plan;
  }

  /** The GPU buffer of a tensor's data (uploaded first if tfjs still holds it on the CPU). */
  private bufferOf(t: tf.Tensor): GPUBuffer {
    this.be.uploadToGPU(t.dataId);
    const data = this.be.tensorMap.get(t.dataId);
    const buffer = data?.resource as GPUBuffer | undefined;
    if (buffer === undefined || typeof buffer.size !== 'number') throw new Error('fused update: a variable has no GPU buffer');
    return buffer;
  }

  /**
   * A variable whose data another tensor shares (tfjs's setWeights makes the
   * target's variables share the online ones' data) gets its own copy
   * first: the update writes in place.
   */
  private own(v: tf.Variable): void {
    if (this.be.refCount(v.dataId) <= 1) return;
    const copy = tf.tidy(() => tf.mul(v, tf.scalar(1)));
    v.assign(copy);
    copy.dispose();
  }

  /** Fills the upload: observation bytes, actions, scaled rewards, discounts, the additive mask, Adam's factors. */
  private fill(plan: Plan, batch: TransitionBatch | PackedBatch, lrT: number, epsT: number): void {
    const g = plan.geometry, l = plan.layout, B = g.batch, A = g.actions, { gamma, rewardScale } = this.config;
    // Observations are the replay's bytes (one-hot cells, a few small integers): floats convert exactly.
    plan.bytes.set(batch.grid, 0);
    plan.bytes.set(batch.nextGrid, B * g.gridSize);
    if (g.extra > 0) {
      plan.bytes.set(batch.extra, l.extraByte);
      plan.bytes.set(batch.nextExtra, l.extraByte + B * g.extra);
    }
    const f = plan.floats;
    for (let b = 0; b < B; b++) {
      f[l.actions + b] = batch.actions[b]!;
      f[l.rewards + b] = batch.rewards[b]! * rewardScale;
      let legal = false;
      for (let a = 0; a < A; a++) {
        const ok = batch.nextMask[b * A + a] === 1;
        legal ||= ok;
        f[l.mask + b * A + a] = ok ? 0 : ILLEGAL;
      }
      f[l.discounts + b] = batch.dones[b] === 0 && legal ? gamma : 0;
    }
    f[l.adam] = lrT;
    f[l.adam + 1] = epsT;
  }

  /** One update: queued on the device, nothing read back (the loss is summed there; see {@link takeLossSum}). */
  update(batch: TransitionBatch | PackedBatch): void {
    const plan = this.plan(batch.size);
    const online = this.variables(this.online), target = this.variables(this.target);
    for (const v of online) this.own(v);
    const step = this.adam.externalStep(online.map((v) => v.name));
    this.fill(plan, batch, step.lrT, step.epsT);
    const onlineBuffers = online.map((v) => this.bufferOf(v)), targetBuffers = target.map((v) => this.bufferOf(v));
    const m = this.bufferOf(step.m), v = this.bufferOf(step.v);
    // tfjs's queued work (uploads, ops that wrote these variables) goes first.
    if (this.be.commandEncoder !== null) {
      this.be.endComputePassEncoder();
      this.be.submitQueue();
    }
    this.device.queue.writeBuffer(plan.inp, 0, plan.upload);
    const enc = this.device.createCommandEncoder();
    const P = this.params;
    let at = 0;
    online.forEach((x, i) => {
      enc.copyBufferToBuffer(onlineBuffers[i]!, 0, this.w, 4 * at, 4 * x.size);
      enc.copyBufferToBuffer(targetBuffers[i]!, 0, this.w, 4 * (P + at), 4 * x.size);
      at += x.size;
    });
    enc.copyBufferToBuffer(m, 0, this.mv, 0, 4 * P);
    enc.copyBufferToBuffer(v, 0, this.mv, 4 * P, 4 * P);
    const pass = enc.beginComputePass();
    for (const s of plan.steps) {
      pass.setPipeline(s.pipeline);
      pass.setBindGroup(0, s.bindGroup);
      pass.dispatchWorkgroups(...s.workgroups);
    }
    pass.end();
    at = 0;
    online.forEach((x, i) => {
      enc.copyBufferToBuffer(this.w, 4 * at, onlineBuffers[i]!, 0, 4 * x.size);
      at += x.size;
    });
    enc.copyBufferToBuffer(this.mv, 0, m, 0, 4 * P);
    enc.copyBufferToBuffer(this.mv, 4 * P, v, 0, 4 * P);
    this.device.queue.submit([enc.finish()]);
    // A value tfjs read earlier stays cached on the CPU and would hide the new one.
    for (const x of [...online, step.m, step.v]) {
      const data = this.be.tensorMap.get(x.dataId);
      if (data !== undefined) data.values = null;
    }
  }

  /** The sum of the updates' mean losses since the last call (one readback), and resets it. */
  async takeLossSum(): Promise<number> {
    const enc = this.device.createCommandEncoder();
    enc.copyBufferToBuffer(this.loss, 0, this.lossRead, 0, 16);
    enc.clearBuffer(this.loss);
    this.device.queue.submit([enc.finish()]);
    await this.lossRead.mapAsync(GPUMapMode.READ);
    const sum = new Float32Array(this.lossRead.getMappedRange().slice(0))[0]!;
    this.lossRead.unmap();
    return sum;
  }

  dispose(): void {
    for (const p of this.plans.values()) for (const b of p.buffers) b.destroy();
    this.plans.clear();
    for (const b of [this.w, this.mv, this.loss, this.lossRead]) b.destroy();
  }
}
