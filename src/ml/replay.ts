/**
 * Experience replay: a ring buffer of transitions stored compactly (one-hot
 * observations as bytes), sampled uniformly with a seeded generator.
 */
import type { Rng } from '../core/util/rng';

export interface TransitionBatch {
  readonly size: number;
  readonly grid: Float32Array;
  readonly extra: Float32Array;
  readonly nextGrid: Float32Array;
  readonly nextExtra: Float32Array;
  readonly actions: Int32Array;
  readonly rewards: Float32Array;
  readonly dones: Float32Array;
  /** Legal actions in the next state (1 = legal). */
  readonly nextMask: Uint8Array;
}

/**
 * A batch with its observations as the buffer stores them (one byte per
 * cell): what the fused WebGPU update uploads, a quarter of the floats'
 * size and copied without conversion.
 */
export interface PackedBatch extends Omit<TransitionBatch, 'grid' | 'extra' | 'nextGrid' | 'nextExtra'> {
  readonly grid: Uint8Array;
  readonly extra: Uint8Array;
  readonly nextGrid: Uint8Array;
  readonly nextExtra: Uint8Array;
}

/** Whether a batch holds bytes ({@link ReplayBuffer.samplePacked}) rather than floats. */
export function isPacked(b: TransitionBatch | PackedBatch): b is PackedBatch {
  return b.grid instanceof Uint8Array;
}

/** The float form of a packed batch (for the tfjs learner). */
export function unpackBatch(b: PackedBatch): TransitionBatch {
  return { ...b, grid: Float32Array.from(b.grid), extra: Float32Array.from(b.extra), nextGrid: Float32Array.from(b.nextGrid), nextExtra: Float32Array.from(b.nextExtra) };
}

export class ReplayBuffer {
  private readonly grid: Uint8Array;
  private readonly extra: Uint8Array;
  private readonly nextGrid: Uint8Array;
  private readonly nextExtra: Uint8Array;
  private readonly actions: Int32Array;
  private readonly rewards: Float32Array;
  private readonly dones: Uint8Array;
  private readonly nextMask: Uint8Array;
  private cursor = 0;
  size = 0;

  constructor(readonly capacity: number, readonly gridSize: number, readonly extraSize: number, readonly actionCount: number) {
    this.grid = new Uint8Array(capacity * gridSize);
    this.nextGrid = new Uint8Array(capacity * gridSize);
    this.extra = new Uint8Array(capacity * Math.max(1, extraSize));
    this.nextExtra = new Uint8Array(capacity * Math.max(1, extraSize));
    this.actions = new Int32Array(capacity);
    this.rewards = new Float32Array(capacity);
    this.dones = new Uint8Array(capacity);
    this.nextMask = new Uint8Array(capacity * actionCount);
  }

  /** Adds transition `env` of a batched step (observations as written by the environment). */
  add(env: number, grid: Float32Array, extra: Float32Array, action: number, reward: number, done: boolean, nextGrid: Float32Array, nextExtra: Float32Array, nextMask: Uint8Array): void {
    const i = this.cursor, g = this.gridSize, e = this.extraSize, a = this.actionCount;
    for (let k = 0; k < g; k++) {
      this.grid[i * g + k] = grid[env * g + k]!;
      this.nextGrid[i * g + k] = nextGrid[env * g + k]!;
    }
    for (let k = 0; k < e; k++) {
      this.extra[i * e + k] = extra[env * e + k]!;
      this.nextExtra[i * e + k] = nextExtra[env * e + k]!;
    }
    for (let k = 0; k < a; k++) this.nextMask[i * a + k] = nextMask[env * a + k]!;
    this.actions[i] = action;
    this.rewards[i] = reward;
    this.dones[i] = done ? 1 : 0;
    this.cursor = (this.cursor + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** `n` transitions drawn uniformly with replacement, observations as floats (the tfjs path). */
  sample(n: number, rng: Rng): TransitionBatch {
    const p = this.samplePacked(n, rng);
    return { ...p, grid: Float32Array.from(p.grid), extra: Float32Array.from(p.extra), nextGrid: Float32Array.from(p.nextGrid), nextExtra: Float32Array.from(p.nextExtra) };
  }

  /** `n` transitions drawn uniformly with replacement, observations left as bytes (the fused WebGPU update uploads them as they are). */
  samplePacked(n: number, rng: Rng): PackedBatch {
    const g = this.gridSize, e = this.extraSize, a = this.actionCount;
    const out = {
      size: n,
      grid: new Uint8Array(n * g),
      extra: new Uint8Array(n * e),
      nextGrid: new Uint8Array(n * g),
      nextExtra: new Uint8Array(n * e),
      actions: new Int32Array(n),
      rewards: new Float32Array(n),
      dones: new Float32Array(n),
      nextMask: new Uint8Array(n * a),
    };
    for (let b = 0; b < n; b++) {
      const i = this.indexFor(rng);
      out.grid.set(this.grid.subarray(i * g, i * g + g), b * g);
      out.nextGrid.set(this.nextGrid.subarray(i * g, i * g + g), b * g);
      out.extra.set(this.extra.subarray(i * e, i * e + e), b * e);
      out.nextExtra.set(this.nextExtra.subarray(i * e, i * e + e), b * e);
      out.nextMask.set(this.nextMask.subarray(i * a, i * a + a), b * a);
      out.actions[b] = this.actions[i]!;
      out.rewards[b] = this.rewards[i]!;
      out.dones[b] = this.dones[i]!;
    }
    return out;
  }

  private indexFor(rng: Rng): number {
    return rng.int(this.size);
  }
}
