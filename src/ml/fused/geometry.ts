/**
 * The shapes and memory layout of a fused DQN update: where each layer's
 * parameters sit in one flat vector (the order of the model's trainable
 * weights: each layer's kernel, then its bias), the conv stack's spatial
 * sizes, and the rows of the forward pass.
 *
 * One forward pass serves the whole update: rows [0, B) are the batch's
 * states and [B, 2B) its next states, both through the online network;
 * rows [Rp, Rp + B) are the next states through the target network. Rp is
 * 2B rounded up to {@link ROW_ALIGN}, so that no matmul tile mixes the two
 * networks' weights (a tile picks its weights once).
 */
import type { NetworkShape, NetworkSpec } from '../network';

/** Row alignment of the target network's rows: a multiple of every matmul tile height. */
export const ROW_ALIGN = 256;

export type ConvInput = { kind: 'obs' } | { kind: 'conv'; index: number } | { kind: 'pool'; index: number };

export interface ConvGeom {
  /** Height and width (square) of input and output ('same' padding, stride 1). */
  readonly side: number;
  readonly cin: number;
  readonly cout: number;
  /** Offset of the kernel [3, 3, cin, cout] in the flat parameters; the bias [cout] follows it. */
  readonly offset: number;
  readonly input: ConvInput;
}

export interface PoolGeom {
  readonly sideIn: number;
  readonly sideOut: number;
  readonly channels: number;
  /** The conv whose output this pools. */
  readonly conv: number;
}

export interface FusedGeometry {
  readonly batch: number;
  readonly actions: number;
  readonly side: number;
  readonly channels: number;
  readonly extra: number;
  /** Cells of one observation grid (side * side * channels). */
  readonly gridSize: number;
  readonly convs: readonly ConvGeom[];
  readonly pools: readonly PoolGeom[];
  /** Flattened size of the last pool's output. */
  readonly flat: number;
  readonly dense: number;
  readonly denseOffset: number;
  readonly qOffset: number;
  /** Parameters in all (one network). */
  readonly params: number;
  /** First row of the target network's pass. */
  readonly targetRow: number;
  /** Rows of the forward pass buffers. */
  readonly rows: number;
  /** Per layer, in parameter order: offset and size of [kernel; bias], in rows (K + 1) by N. */
  readonly layers: readonly { offset: number; k: number; n: number }[];
}

const roundUp = (x: number, m: number): number => Math.ceil(x / m) * m;

/** The layout for a network and batch size; throws for shapes the fused update does not cover. */
export function fusedGeometry(shape: NetworkShape, spec: NetworkSpec, batch: number): FusedGeometry {
  if (spec.blocks.length === 0) throw new Error('the fused update needs at least one conv block');
  const convs: ConvGeom[] = [];
  const pools: PoolGeom[] = [];
  const layers: { offset: number; k: number; n: number }[] = [];
  let side = shape.side, cin = shape.channels, offset = 0;
  let input: ConvInput = { kind: 'obs' };
  for (const block of spec.blocks) {
    if (block.length === 0) throw new Error('the fused update needs at least one conv per block');
    for (const cout of block) {
      convs.push({ side, cin, cout, offset, input });
      layers.push({ offset, k: 9 * cin, n: cout });
      offset += 9 * cin * cout + cout;
      input = { kind: 'conv', index: convs.length - 1 };
      cin = cout;
    }
    const sideOut = Math.ceil(side / 2);
    pools.push({ sideIn: side, sideOut, channels: cin, conv: convs.length - 1 });
    input = { kind: 'pool', index: pools.length - 1 };
    side = sideOut;
  }
  const flat = side * side * cin;
  const denseOffset = offset;
  layers.push({ offset, k: flat + shape.extra, n: spec.dense });
  offset += (flat + shape.extra) * spec.dense + spec.dense;
  const qOffset = offset;
  layers.push({ offset, k: spec.dense, n: shape.actions });
  offset += spec.dense * shape.actions + shape.actions;
  const targetRow = roundUp(2 * batch, ROW_ALIGN);
  return {
    batch,
    actions: shape.actions,
    side: shape.side,
    channels: shape.channels,
    extra: shape.extra,
    gridSize: shape.side * shape.side * shape.channels,
    convs,
    pools,
    flat,
    dense: spec.dense,
    denseOffset,
    qOffset,
    params: offset,
    targetRow,
    rows: targetRow + roundUp(batch, ROW_ALIGN),
    layers,
  };
}

/**
 * The upload of one update, in 32-bit words: observation bytes (grid rows
 * [0, B) then next-grid rows [B, 2B)), extra bytes (same rows), then floats:
 * actions, scaled rewards, discounts, the additive mask of the next states,
 * and the step's Adam factors (lrT, epsT).
 */
export interface InputLayout {
  readonly words: number;
  /** Byte offset of the extra bytes. */
  readonly extraByte: number;
  readonly actions: number;
  readonly rewards: number;
  readonly discounts: number;
  readonly mask: number;
  readonly adam: number;
}

export function inputLayout(g: FusedGeometry): InputLayout {
  const B = g.batch;
  const obsBytes = 2 * B * g.gridSize;
  const extraByte = obsBytes;
  const byteWords = Math.ceil((obsBytes + 2 * B * g.extra) / 4);
  const actions = byteWords, rewards = actions + B, discounts = rewards + B, mask = discounts + B, adam = mask + B * g.actions;
  return { words: adam + 4, extraByte, actions, rewards, discounts, mask, adam };
}
