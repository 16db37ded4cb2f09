/**
 * The WGSL kernels of one fused DQN update, in dispatch order: the forward
 * pass (online network on states and next states, target network on next
 * states, in one set of dispatches), the double-DQN targets with the Huber
 * (or squared) loss and its gradient, the backward pass (weight gradients
 * as split reductions, input gradients as products), and one Adam step
 * over every parameter. Shapes are compiled in as constants, so a batch
 * size is one set of pipelines.
 *
 * Same arithmetic as the tfjs learner ({@link DqnLearner}): ReLU's gradient
 * is 0 at 0, max-pooling sends its gradient to the first maximum of a
 * window, the target's argmax is the first among legal actions, and Adam
 * folds the bias correction into the step size and epsilon ({@link FlatAdam}).
 */
import type { ConvInput, FusedGeometry, InputLayout } from './geometry';
import { declare, elementwise, gradChunk, matmul, tileFor, type Binding, type KernelSource } from './matmul';

export interface KernelOptions {
  readonly doubleDqn: boolean;
  readonly loss: 'huber' | 'mse';
  readonly beta1: number;
  readonly beta2: number;
}

/** Sizes of the buffers the kernels use (in 32-bit words), by name. */
export type BufferSizes = Record<string, number>;

const f = (x: number): string => (Number.isInteger(x) ? `${x}.0` : `${x}`);
const ro = (name: string, type: 'f32' | 'u32' = 'f32'): Binding => ({ name, type });
const rw = (name: string): Binding => ({ name, type: 'f32', write: true });

/** What a conv reads from: its name as a buffer and a WGSL expression for (row, y, x, c). */
function inputOf(g: FusedGeometry, input: ConvInput): { binding: Binding; at: (r: string, y: string, x: string, c: string) => string } {
  if (input.kind === 'obs') {
    return { binding: ro('inp', 'u32'), at: (r, y, x, c) => `obsByte(${r}, ((${y}) * ${g.side} + (${x})) * ${g.channels} + (${c}))` };
  }
  if (input.kind === 'conv') {
    const c0 = g.convs[input.index]!;
    return { binding: ro(`act${input.index}`), at: (r, y, x, c) => `act${input.index}[((${r} * ${c0.side} + (${y})) * ${c0.side} + (${x})) * ${c0.cout} + (${c})]` };
  }
  const p = g.pools[input.index]!;
  return { binding: ro(`pool${input.index}`), at: (r, y, x, c) => `pool${input.index}[((${r} * ${p.sideOut} + (${y})) * ${p.sideOut} + (${x})) * ${p.channels} + (${c})]` };
}

/** Helpers reading the upload: observation bytes by forward row, extra bytes, floats. */
function inputHelpers(g: FusedGeometry, l: InputLayout): string {
  const B = g.batch;
  return `
fn obsRow(r: i32) -> i32 {
  if (r < ${2 * B}) { return r; }
  if (r >= ${g.targetRow} && r < ${g.targetRow + B}) { return r - ${g.targetRow - B}; }
  return -1;
}
fn byteAt(i: i32) -> f32 { return f32((inp[u32(i) >> 2u] >> ((u32(i) & 3u) * 8u)) & 255u); }
fn obsByte(r: i32, i: i32) -> f32 { let o = obsRow(r); if (o < 0) { return 0.0; } return byteAt(o * ${g.gridSize} + i); }
fn extraByte(r: i32, e: i32) -> f32 { let o = obsRow(r); if (o < 0) { return 0.0; } return byteAt(${l.extraByte} + o * ${g.extra} + e); }
fn word(i: i32) -> f32 { return bitcast<f32>(inp[i]); }
`;
}

/** All kernels of the update, in order, and the sizes of the buffers they name. */
export function fusedKernels(g: FusedGeometry, l: InputLayout, o: KernelOptions): { kernels: KernelSource[]; sizes: BufferSizes } {
  const B = g.batch, A = g.actions, D = g.dense, F = g.flat, E = g.extra, P = g.params, R = g.rows;
  const helpers = inputHelpers(g, l);
  const kernels: KernelSource[] = [];
  const sizes: BufferSizes = { inp: l.words, w: 2 * P, mv: 2 * P, loss: 4, hid: R * D, q: R * A, dq: B * A, dh: B * D, dflat: B * F };
  // The target network's parameters follow the online network's in `w`; a tile picks one set by its first row.
  const wBase = (rowExpr: string, rowsPer: number) => `select(0, ${P}, ${rowExpr} >= ${g.targetRow * rowsPer})`;
  // Only the tiles holding online rows [0, 2B) and target rows [targetRow, targetRow + B) run (targetRow is tile-aligned).
  const liveTiles = (rowsPer: number, tm: number) => ({ first: Math.ceil((2 * B * rowsPer) / tm), from: (g.targetRow * rowsPer) / tm, second: Math.ceil((B * rowsPer) / tm) });
  const padded = (r: string) => `(${r} >= ${2 * B} && ${r} < ${g.targetRow}) || ${r} >= ${g.targetRow + B}`;

  // Forward: convs and pools.
  g.convs.forEach((c, i) => {
    const hw = c.side * c.side, K = 9 * c.cin;
    const input = inputOf(g, c.input);
    sizes[`act${i}`] = R * hw * c.cout;
    kernels.push(
      matmul({
        label: `conv${i} forward`,
        bindings: [input.binding, ro('w'), rw(`act${i}`)].filter((b, k, all) => all.findIndex((x) => x.name === b.name) === k),
        M: R * hw,
        N: c.cout,
        K,
        helpers: c.input.kind === 'obs' ? helpers : '',
        loadA: `let r = m / ${hw}; let p = m % ${hw}; let y = p / ${c.side} + (k / ${c.cin}) / 3 - 1; let x = p % ${c.side} + (k / ${c.cin}) % 3 - 1;
  if (y < 0 || y >= ${c.side} || x < 0 || x >= ${c.side}) { return 0.0; }
  return ${input.at('r', 'y', 'x', `k % ${c.cin}`)};`,
        loadB: `return w[${wBase('m0', hw)} + ${c.offset} + k * ${c.cout} + n];`,
        store: `act${i}[m * ${c.cout} + n] = max(v + w[${wBase('m', hw)} + ${c.offset + K * c.cout} + n], 0.0);`,
        rowTiles: liveTiles(hw, tileFor(c.cout).TM),
      }),
    );
    const poolIndex = g.pools.findIndex((p) => p.conv === i);
    if (poolIndex < 0) return;
    const p = g.pools[poolIndex]!;
    sizes[`pool${poolIndex}`] = R * p.sideOut * p.sideOut * p.channels;
    kernels.push(
      elementwise(
        `pool${poolIndex} forward`,
        [ro(`act${i}`), rw(`pool${poolIndex}`)],
        R * p.sideOut * p.sideOut * p.channels,
        `let ch = i % ${p.channels}; let q = i / ${p.channels}; let px = q % ${p.sideOut}; let q2 = q / ${p.sideOut}; let py = q2 % ${p.sideOut}; let r = q2 / ${p.sideOut};
  if (${padded('r')}) { return; }
  var best = act${i}[((r * ${p.sideIn} + 2 * py) * ${p.sideIn} + 2 * px) * ${p.channels} + ch];
  for (var y = 2 * py; y < min(2 * py + 2, ${p.sideIn}); y++) {
    for (var x = 2 * px; x < min(2 * px + 2, ${p.sideIn}); x++) {
      best = max(best, act${i}[((r * ${p.sideIn} + y) * ${p.sideIn} + x) * ${p.channels} + ch]);
    }
  }
  pool${poolIndex}[i] = best;`,
      ),
    );
  });
  const last = `pool${g.pools.length - 1}`;
  const joined = (row: string, k: string) => (E > 0 ? `if (${k} < ${F}) { return ${last}[${row} * ${F} + ${k}]; } return extraByte(${row}, ${k} - ${F});` : `return ${last}[${row} * ${F} + ${k}];`);
  kernels.push(
    matmul({
      label: 'dense forward',
      bindings: [ro(last), ro('inp', 'u32'), ro('w'), rw('hid')],
      M: R,
      N: D,
      K: F + E,
      helpers,
      loadA: joined('m', 'k'),
      loadB: `return w[${wBase('m0', 1)} + ${g.denseOffset} + k * ${D} + n];`,
      store: `hid[m * ${D} + n] = max(v + w[${wBase('m', 1)} + ${g.denseOffset + (F + E) * D} + n], 0.0);`,
      rowTiles: liveTiles(1, tileFor(D).TM),
    }),
    matmul({
      label: 'q forward',
      bindings: [ro('hid'), ro('w'), rw('q')],
      M: R,
      N: A,
      K: D,
      loadA: `return hid[m * ${D} + k];`,
      loadB: `return w[${wBase('m0', 1)} + ${g.qOffset} + k * ${A} + n];`,
      store: `q[m * ${A} + n] = v + w[${wBase('m', 1)} + ${g.qOffset + D * A} + n];`,
      rowTiles: liveTiles(1, tileFor(A).TM),
    }),
  );

  // Targets, loss and its gradient, in one workgroup (B rows of A values).
  const lossTerm =
    o.loss === 'huber' ? 'let c = clamp(d, -1.0, 1.0); s += c * (d - 0.5 * c); let gr = c / f32(B);' : 's += d * d; let gr = 2.0 * d / f32(B);';
  kernels.push({
    label: 'targets and loss',
    bindings: [ro('inp', 'u32'), ro('q'), rw('dq'), rw('loss')],
    workgroups: [1, 1, 1],
    code: `
${declare([ro('inp', 'u32'), ro('q'), rw('dq'), rw('loss')])}
const B = ${B};
const A = ${A};
fn word(i: i32) -> f32 { return bitcast<f32>(inp[i]); }
var<workgroup> part: array<f32, 256>;
@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) li: u32) {
  var s = 0.0;
  for (var b = i32(li); b < B; b += 256) {
    let chooser = ${o.doubleDqn ? `${B} + b` : `${g.targetRow} + b`};
    var best = 0;
    var bestV = q[chooser * A] + word(${l.mask} + b * A);
    for (var a = 1; a < A; a++) {
      let v = q[chooser * A + a] + word(${l.mask} + b * A + a);
      if (v > bestV) { best = a; bestV = v; }
    }
    let y = word(${l.rewards} + b) + word(${l.discounts} + b) * q[(${g.targetRow} + b) * A + best];
    let act = i32(word(${l.actions} + b));
    let d = q[b * A + act] - y;
    ${lossTerm}
    for (var a = 0; a < A; a++) { dq[b * A + a] = select(0.0, gr, a == act); }
  }
  part[li] = s;
  workgroupBarrier();
  for (var h = 128u; h > 0u; h = h / 2u) {
    if (li < h) { part[li] += part[li + h]; }
    workgroupBarrier();
  }
  if (li == 0u) { loss[0] += part[0] / f32(B); }
}
`,
  });

  // Backward. Gradients of weights are partial sums per reduction chunk, in the layer's [kernel; bias] layout.
  const partials: { offset: number; size: number; chunks: number; base: number }[] = [];
  let gradWords = 0;
  const grad = (layer: number, M: number, N: number, K: number, label: string, bindings: Binding[], loadA: string, loadB: string, helpers2 = '') => {
    const chunk = gradChunk(M, N, K);
    const chunks = Math.ceil(K / chunk);
    const size = M * N, base = gradWords;
    partials[layer] = { offset: g.layers[layer]!.offset, size, chunks, base };
    gradWords += size * chunks;
    kernels.push(matmul({ label, bindings: [...bindings, rw('grads')], M, N, K, chunk, helpers: helpers2, loadA, loadB, store: `grads[${base} + z * ${size} + m * ${N} + n] = v;` }));
  };
  const nConv = g.convs.length;
  kernels.push(
    elementwise('dense gradient', [ro('hid'), ro('dq'), ro('w'), rw('dh')], B * D, `let b = i / ${D}; let j = i % ${D};
  var s = 0.0;
  if (hid[i] > 0.0) { for (var a = 0; a < ${A}; a++) { s += dq[b * ${A} + a] * w[${g.qOffset} + j * ${A} + a]; } }
  dh[i] = s;`),
  );
  grad(nConv + 1, D + 1, A, B, 'q weight gradient', [ro('hid'), ro('dq')], `if (m < ${D}) { return hid[k * ${D} + m]; } return 1.0;`, `return dq[k * ${A} + n];`);
  grad(nConv, F + E + 1, D, B, 'dense weight gradient', [ro(last), ro('inp', 'u32'), ro('dh')], `if (m == ${F + E}) { return 1.0; } ${joined('k', 'm')}`, `return dh[k * ${D} + n];`, helpers);
  kernels.push(
    matmul({
      label: 'flatten gradient',
      bindings: [ro('dh'), ro('w'), rw('dflat')],
      M: B,
      N: F,
      K: D,
      loadA: `return dh[m * ${D} + k];`,
      loadB: `return w[${g.denseOffset} + n * ${D} + k];`,
      store: `dflat[m * ${F} + n] = v;`,
    }),
  );
  for (let i = nConv - 1; i >= 0; i--) {
    const c = g.convs[i]!, hw = c.side * c.side;
    sizes[`dpre${i}`] = B * hw * c.cout;
    const poolIndex = g.pools.findIndex((p) => p.conv === i);
    if (poolIndex >= 0) {
      // Max-pool backward fused with ReLU's: the gradient goes to the first maximum of each window, where positive.
      const p = g.pools[poolIndex]!;
      const dPooled = poolIndex === g.pools.length - 1 ? 'dflat' : `dpool${poolIndex}`;
      kernels.push(
        elementwise(`pool${poolIndex} backward`, [ro(`act${i}`), ro(dPooled), rw(`dpre${i}`)], B * hw * c.cout, `let ch = i % ${c.cout}; let q = i / ${c.cout}; let x0 = q % ${c.side}; let q2 = q / ${c.side}; let y0 = q2 % ${c.side}; let b = q2 / ${c.side};
  let py = y0 / 2; let px = x0 / 2;
  var by = 2 * py; var bx = 2 * px;
  var best = act${i}[((b * ${c.side} + by) * ${c.side} + bx) * ${c.cout} + ch];
  for (var y = 2 * py; y < min(2 * py + 2, ${c.side}); y++) {
    for (var x = 2 * px; x < min(2 * px + 2, ${c.side}); x++) {
      let v = act${i}[((b * ${c.side} + y) * ${c.side} + x) * ${c.cout} + ch];
      if (v > best) { best = v; by = y; bx = x; }
    }
  }
  var gr = 0.0;
  if (by == y0 && bx == x0 && act${i}[i] > 0.0) { gr = ${dPooled}[((b * ${p.sideOut} + py) * ${p.sideOut} + px) * ${p.channels} + ch]; }
  dpre${i}[i] = gr;`),
      );
    }
    const input = inputOf(g, c.input);
    grad(
      i,
      9 * c.cin + 1,
      c.cout,
      B * hw,
      `conv${i} weight gradient`,
      [input.binding, ro(`dpre${i}`)].filter((b, k, all) => all.findIndex((x) => x.name === b.name) === k),
      `if (m == ${9 * c.cin}) { return 1.0; }
  let b = k / ${hw}; let p = k % ${hw}; let y = p / ${c.side} + (m / ${c.cin}) / 3 - 1; let x = p % ${c.side} + (m / ${c.cin}) % 3 - 1;
  if (y < 0 || y >= ${c.side} || x < 0 || x >= ${c.side}) { return 0.0; }
  return ${input.at('b', 'y', 'x', `m % ${c.cin}`)};`,
      `return dpre${i}[k * ${c.cout} + n];`,
      c.input.kind === 'obs' ? helpers : '',
    );
    if (c.input.kind === 'obs') continue;
    // The gradient of the conv's input: a full correlation of dpre with the flipped kernel.
    const into = c.input.kind === 'conv' ? `dpre${c.input.index}` : `dpool${c.input.index}`;
    if (c.input.kind === 'pool') sizes[into] = B * hw * c.cin;
    const store = c.input.kind === 'conv' ? `${into}[m * ${c.cin} + n] = select(0.0, v, act${c.input.index}[m * ${c.cin} + n] > 0.0);` : `${into}[m * ${c.cin} + n] = v;`;
    kernels.push(
      matmul({
        label: `conv${i} input gradient`,
        bindings: [ro(`dpre${i}`), ro('w'), ...(c.input.kind === 'conv' ? [ro(`act${c.input.index}`)] : []), rw(into)],
        M: B * hw,
        N: c.cin,
        K: 9 * c.cout,
        loadA: `let b = m / ${hw}; let p = m % ${hw}; let t = k / ${c.cout}; let y = p / ${c.side} - t / 3 + 1; let x = p % ${c.side} - t % 3 + 1;
  if (y < 0 || y >= ${c.side} || x < 0 || x >= ${c.side}) { return 0.0; }
  return dpre${i}[((b * ${c.side} + y) * ${c.side} + x) * ${c.cout} + k % ${c.cout}];`,
        loadB: `return w[${c.offset} + ((k / ${c.cout}) * ${c.cin} + n) * ${c.cout} + k % ${c.cout}];`,
        store,
      }),
    );
  }
  sizes.grads = gradWords;

  // Adam over all parameters: each adds its gradient's partial sums first.
  const sum = partials
    .map((p) => `if (i >= ${p.offset} && i < ${p.offset + p.size}) { for (var c = 0; c < ${p.chunks}; c++) { g += grads[${p.base} + c * ${p.size} + i - ${p.offset}]; } }`)
    .join('\n  else ');
  kernels.push(
    elementwise(
      'adam',
      [ro('inp', 'u32'), ro('grads'), rw('w'), rw('mv')],
      P,
      `var g = 0.0;
  ${sum}
  let m = mv[i] * ${f(o.beta1)} + g * ${f(1 - o.beta1)};
  let v = mv[${P} + i] * ${f(o.beta2)} + g * g * ${f(1 - o.beta2)};
  mv[i] = m;
  mv[${P} + i] = v;
  w[i] = w[i] - (m / (sqrt(v) + bitcast<f32>(inp[${l.adam + 1}]))) * bitcast<f32>(inp[${l.adam}]);`,
    ),
  );
  return { kernels, sizes };
}
