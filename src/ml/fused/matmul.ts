/**
 * One WGSL generator for every heavy kernel of the fused update: a
 * shared-memory tiled product C[m, n] = sum_k A(m, k) * B(k, n), where A, B
 * and the store are WGSL snippets. Convolutions are products over an
 * implicit im2col (A reads the 3x3 patch on the fly), dense layers plain
 * products, and weight gradients products whose reduction runs over the
 * batch's rows or positions, split into chunks (workgroup z) that each
 * write a partial sum; the Adam kernel adds the partials. A convolution's
 * weight gradient thus becomes a few hundred workgroups of tiled
 * arithmetic instead of one long serial reduction per weight.
 */

export interface Binding {
  readonly name: string;
  readonly type: 'f32' | 'u32';
  readonly write?: boolean;
}

export interface KernelSource {
  readonly label: string;
  readonly code: string;
  /** Buffers, in binding order. */
  readonly bindings: readonly Binding[];
  readonly workgroups: readonly [number, number, number];
}

export function declare(bindings: readonly Binding[]): string {
  return bindings
    .map((b, i) => `@group(0) @binding(${i}) var<storage, ${b.write === true ? 'read_write' : 'read'}> ${b.name}: array<${b.type}>;`)
    .join('\n');
}

export interface MatmulSpec {
  readonly label: string;
  readonly bindings: readonly Binding[];
  readonly M: number;
  readonly N: number;
  /** Reduction length. */
  readonly K: number;
  /** Reduction per workgroup z (the split); K when not split. */
  readonly chunk?: number;
  /** Extra WGSL (helpers, constants). */
  readonly helpers?: string;
  /** Body of `fn loadA(m: i32, k: i32) -> f32` (called only with m < M, k < K). */
  readonly loadA: string;
  /** Body of `fn loadB(k: i32, n: i32, m0: i32) -> f32` (k < K, n < N; m0: the tile's first row). */
  readonly loadB: string;
  /** Body of `fn store(m: i32, n: i32, v: f32, z: i32)` (m < M, n < N). */
  readonly store: string;
  /**
   * Row tiles to run, when not all: the first `first` tiles, then `second`
   * tiles from tile `from` on (the forward pass's online and target rows,
   * without the alignment padding between them; no workgroup is launched
   * for padding).
   */
  readonly rowTiles?: { readonly first: number; readonly from: number; readonly second: number };
}

const nextPow2 = (x: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, x)));

/** Tile shape for an output width: 256 threads, each RM x RN outputs. */
export function tileFor(N: number): { TM: number; TN: number; TK: number; RM: number; RN: number; TX: number; TY: number } {
  const TN = Math.min(64, Math.max(4, nextPow2(N)));
  const RN = 4, TX = TN / RN, TY = 256 / TX;
  const RM = Math.max(1, Math.min(4, 128 / TY));
  const TM = TY * RM;
  return { TM, TN, TK: TM > 128 ? 8 : 16, RM, RN, TX, TY };
}

export function matmul(s: MatmulSpec): KernelSource {
  const t = tileFor(s.N);
  const chunk = Math.min(s.K, s.chunk ?? s.K);
  const chunks = Math.max(1, Math.ceil(s.K / chunk));
  const code = `
${declare(s.bindings)}
const M = ${s.M};
const N = ${s.N};
const K = ${s.K};
const KC = ${chunk};
const TM = ${t.TM};
const TN = ${t.TN};
const TK = ${t.TK};
const TX = ${t.TX};
const TY = ${t.TY};
const RM = ${t.RM};
const RN = ${t.RN};
${s.helpers ?? ''}
fn loadA(m: i32, k: i32) -> f32 { ${s.loadA} }
fn loadB(k: i32, n: i32, m0: i32) -> f32 { ${s.loadB} }
fn store(m: i32, n: i32, v: f32, z: i32) { ${s.store} }
var<workgroup> As: array<f32, ${t.TM * t.TK}>;
var<workgroup> Bs: array<f32, ${t.TK * t.TN}>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  let n0 = i32(wg.x) * TN;
  var tileRow = i32(wg.y);
  ${s.rowTiles !== undefined ? `if (tileRow >= ${s.rowTiles.first}) { tileRow = tileRow - ${s.rowTiles.first} + ${s.rowTiles.from}; }` : ''}
  let m0 = tileRow * TM;
  let z = i32(wg.z);
  let kBeg = z * KC;
  let kEnd = min(K, kBeg + KC);
  let l = i32(li);
  let tx = l % TX;
  let ty = l / TX;
  var acc: array<f32, ${t.RM * t.RN}>;
  for (var k0 = kBeg; k0 < kEnd; k0 += TK) {
    for (var i = l; i < TM * TK; i += 256) {
      let mm = i % TM;
      let kk = i / TM;
      let m = m0 + mm;
      let k = k0 + kk;
      var a = 0.0;
      if (m < M && k < kEnd) { a = loadA(m, k); }
      As[kk * TM + mm] = a;
    }
    for (var i = l; i < TK * TN; i += 256) {
      let nn = i % TN;
      let kk = i / TN;
      let n = n0 + nn;
      let k = k0 + kk;
      var b = 0.0;
      if (n < N && k < kEnd) { b = loadB(k, n, m0); }
      Bs[kk * TN + nn] = b;
    }
    workgroupBarrier();
    for (var kk = 0; kk < TK; kk++) {
      for (var i = 0; i < RM; i++) {
        let a = As[kk * TM + ty + i * TY];
        for (var j = 0; j < RN; j++) {
          acc[i * RN + j] += a * Bs[kk * TN + tx + j * TX];
        }
      }
    }
    workgroupBarrier();
  }
  for (var i = 0; i < RM; i++) {
    let m = m0 + ty + i * TY;
    for (var j = 0; j < RN; j++) {
      let n = n0 + tx + j * TX;
      if (m < M && n < N) { store(m, n, acc[i * RN + j], z); }
    }
  }
}
`;
  const rowTiles = s.rowTiles === undefined ? Math.ceil(s.M / t.TM) : s.rowTiles.first + s.rowTiles.second;
  return { label: s.label, code, bindings: s.bindings, workgroups: [Math.ceil(s.N / t.TN), rowTiles, chunks] };
}

/** Chunk of a weight gradient's reduction: enough workgroups to fill a large GPU, at least 256 terms each. */
export function gradChunk(M: number, N: number, K: number): number {
  const t = tileFor(N);
  const tiles = Math.ceil(M / t.TM) * Math.ceil(N / t.TN);
  const chunks = Math.max(1, Math.ceil(512 / tiles));
  return Math.max(256, Math.ceil(K / chunks));
}

/** A plain one-thread-per-element kernel over `count` elements (workgroups of 256, 2D when large). */
export function elementwise(label: string, bindings: readonly Binding[], count: number, body: string, helpers = ''): KernelSource {
  const groups = Math.ceil(count / 256);
  const x = Math.min(groups, 32768), y = Math.ceil(groups / x);
  const code = `
${declare(bindings)}
${helpers}
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = i32(gid.x + gid.y * ${x * 256}u);
  if (i >= ${count}) { return; }
  ${body}
}
`;
  return { label, code, bindings, workgroups: [x, y, 1] };
}
