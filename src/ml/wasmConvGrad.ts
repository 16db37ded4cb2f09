/**
 * Convolution gradients for the tfjs WASM backend, which has no
 * `Conv2DBackpropFilter` kernel and only a slow naive `Conv2DBackpropInput`
 * (PLATFORM.md): without them a conv net cannot train on WASM.
 *
 * For stride-1, dilation-1 NHWC convolutions both gradients are themselves
 * convolutions, computed with the backend's fast forward kernel:
 * - filter gradient: dW[a,b,c,o] = sum_{n,i,j} x[n, i+a-p, j+b-p, c] * dy[n,i,j,o],
 *   a convolution of x (channels as batch: [C,H,W,N]) with dy as the filter
 *   ([H',W',N,O]) padded by p, transposed back to [k,k,C,O];
 * - input gradient: a convolution of dy with the kernel flipped in space and
 *   with in/out channels swapped, padded by k - 1 - p.
 * Other strides or dilations are refused with a clear error rather than
 * computed wrongly. `registerWasmConvGradients` is idempotent.
 */
import * as tf from '@tensorflow/tfjs';

interface ConvAttrs {
  strides: number | [number, number];
  pad: 'valid' | 'same' | number | [[number, number], [number, number], [number, number], [number, number]];
  dataFormat?: 'NHWC' | 'NCHW';
  dilations?: number | [number, number];
  dimRoundingMode?: string;
}

const pair = (v: number | [number, number] | undefined, d: number): [number, number] => (v === undefined ? [d, d] : typeof v === 'number' ? [v, v] : v);

/** Forward padding (top, left) of a stride-1 conv with a kh x kw kernel. */
function forwardPadding(attrs: ConvAttrs, kh: number, kw: number): [number, number] {
  const { pad } = attrs;
  if (pad === 'valid') return [0, 0];
  if (pad === 'same') {
    if (kh % 2 === 0 || kw % 2 === 0) throw new Error('WASM conv gradients: padding "same" needs odd kernel sizes');
    return [(kh - 1) / 2, (kw - 1) / 2];
  }
  if (typeof pad === 'number') return [pad, pad];
  const [, [t, b], [l, r]] = pad;
  if (t !== b || l !== r) throw new Error('WASM conv gradients: asymmetric explicit padding is not supported');
  return [t, l];
}

function checkSupported(attrs: ConvAttrs): void {
  const [sh, sw] = pair(attrs.strides, 1);
  const [dh, dw] = pair(attrs.dilations, 1);
  if (sh !== 1 || sw !== 1 || dh !== 1 || dw !== 1) throw new Error(`WASM conv gradients support stride 1 and dilation 1 only (got strides ${sh}x${sw}, dilations ${dh}x${dw})`);
  if ((attrs.dataFormat ?? 'NHWC') !== 'NHWC') throw new Error('WASM conv gradients support NHWC only');
}

type Pads = [[number, number], [number, number], [number, number], [number, number]];
const explicit = (ph: number, pw: number): Pads => [[0, 0], [ph, ph], [pw, pw], [0, 0]];

/** Filter gradient, as a tensor (used by the kernel and by tests). */
export function conv2dFilterGradient(x: tf.Tensor4D, dy: tf.Tensor4D, filterShape: [number, number, number, number], attrs: ConvAttrs): tf.Tensor4D {
  checkSupported(attrs);
  const [kh, kw] = filterShape;
  const [ph, pw] = forwardPadding(attrs, kh, kw);
  return tf.tidy(() => {
    const xT = tf.transpose(x, [3, 1, 2, 0]); // [C, H, W, N]
    const dyT = tf.transpose(dy, [1, 2, 0, 3]); // [H', W', N, O]
    const g = tf.conv2d(xT, dyT, 1, explicit(ph, pw)); // [C, kh, kw, O]
    return tf.transpose(g, [1, 2, 0, 3]) as tf.Tensor4D; // [kh, kw, C, O]
  });
}

/** Input gradient, as a tensor. */
export function conv2dInputGradient(dy: tf.Tensor4D, filter: tf.Tensor4D, attrs: ConvAttrs): tf.Tensor4D {
  checkSupported(attrs);
  const [kh, kw] = filter.shape;
  const [ph, pw] = forwardPadding(attrs, kh, kw);
  return tf.tidy(() => {
    const flipped = tf.reverse(tf.transpose(filter, [0, 1, 3, 2]), [0, 1]) as tf.Tensor4D; // [kh, kw, O, C]
    return tf.conv2d(dy, flipped, 1, explicit(kh - 1 - ph, kw - 1 - pw));
  });
}

type RefCounted = { incRef(dataId: object): void };

/** A tensor over a kernel input, holding its own backend reference (dispose it after use). */
function wrap<T extends tf.Tensor>(info: tf.TensorInfo, backend: RefCounted): T {
  const t = tf.engine().makeTensorFromTensorInfo(info) as T;
  backend.incRef(info.dataId);
  return t;
}

/** Hands a tensor's data to the engine as a kernel output (one backend reference moves over). */
function asKernelOutput(t: tf.Tensor, backend: RefCounted): tf.TensorInfo {
  backend.incRef(t.dataId);
  const info = { dataId: t.dataId, shape: t.shape, dtype: t.dtype };
  t.dispose();
  return info;
}

let registered = false;

/** Registers the two gradient kernels for the 'wasm' backend (replacing the slow input-gradient kernel). */
export function registerWasmConvGradients(): void {
  if (registered) return;
  registered = true;
  for (const name of ['Conv2DBackpropFilter', 'Conv2DBackpropInput']) {
    if (tf.getKernel(name, 'wasm') !== undefined) tf.unregisterKernel(name, 'wasm');
  }
  tf.registerKernel({
    kernelName: 'Conv2DBackpropFilter',
    backendName: 'wasm',
    kernelFunc: ({ inputs, attrs, backend }) => {
      const { x, dy } = inputs as { x: tf.TensorInfo; dy: tf.TensorInfo };
      const a = attrs as unknown as ConvAttrs & { filterShape: [number, number, number, number] };
      const b = backend as unknown as RefCounted;
      const xt = wrap<tf.Tensor4D>(x, b), dyt = wrap<tf.Tensor4D>(dy, b);
      const out = conv2dFilterGradient(xt, dyt, a.filterShape, a);
      xt.dispose();
      dyt.dispose();
      return asKernelOutput(out, b);
    },
  });
  tf.registerKernel({
    kernelName: 'Conv2DBackpropInput',
    backendName: 'wasm',
    kernelFunc: ({ inputs, attrs, backend }) => {
      const { dy, filter } = inputs as { dy: tf.TensorInfo; filter: tf.TensorInfo };
      const b = backend as unknown as RefCounted;
      const dyt = wrap<tf.Tensor4D>(dy, b), ft = wrap<tf.Tensor4D>(filter, b);
      const out = conv2dInputGradient(dyt, ft, attrs as unknown as ConvAttrs);
      dyt.dispose();
      ft.dispose();
      return asKernelOutput(out, b);
    },
  });
}
