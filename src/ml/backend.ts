/**
 * Choosing the tfjs backend once, at the entry point, and saying why
 * (PLATFORM.md): WebGPU on a real adapter; WASM when the adapter is a
 * software fallback (SwiftShader) or there is none; then WebGL; then CPU.
 * `setBackend` can quietly return false, so each step checks it.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
// The WebGPU backend registers itself where it is imported: the studio's workers
// import it (browser.webgpu.ts); the CLI registers it through Dawn (nodeWebGpu.ts)
// only under --backend webgpu, so a plain install runs without it.
import { registerWasmConvGradients } from './wasmConvGrad';

import type { BackendChoice, BackendName } from './backendNames';

export { BACKENDS, type BackendChoice, type BackendName } from './backendNames';

interface GpuLike {
  requestAdapter(o?: { powerPreference?: string }): Promise<{ info?: { isFallbackAdapter?: boolean; architecture?: string; vendor?: string; device?: string; description?: string } } | null>;
}

async function adapterInfo(): Promise<{ present: boolean; fallback: boolean; label: string }> {
  const gpu = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator?.gpu;
  if (gpu === undefined) return { present: false, fallback: false, label: 'no WebGPU in this environment' };
  try {
    // The same preference as tfjs's WebGPU backend, so the adapter named is the one it uses.
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (adapter === null) return { present: false, fallback: false, label: 'no WebGPU adapter' };
    const info = adapter.info ?? {};
    const parts = [info.vendor, info.architecture, info.device, info.description].filter((s): s is string => s !== undefined && s !== '');
    const label = parts.filter((p, i) => parts.indexOf(p) === i).join(' ') || 'unknown adapter';
    const fallback = info.isFallbackAdapter === true || info.architecture === 'swiftshader';
    return { present: true, fallback, label };
  } catch (e) {
    return { present: false, fallback: false, label: `requestAdapter failed: ${(e as Error).message}` };
  }
}

async function trySet(name: BackendName): Promise<boolean> {
  try {
    if (name === 'wasm') registerWasmConvGradients();
    const ok = await tf.setBackend(name);
    if (!ok) return false;
    await tf.ready();
    return tf.getBackend() === name;
  } catch {
    return false;
  }
}

/**
 * Picks and activates a backend. `pinned` forces one (tests, CLI flags) and
 * fails clearly if it cannot start.
 */
export async function chooseBackend(pinned?: BackendName): Promise<BackendChoice> {
  if (pinned !== undefined) {
    if (!(await trySet(pinned))) throw new Error(`the ${pinned} backend could not start here`);
    if (pinned !== 'webgpu') return { backend: pinned, reason: `${pinned} was requested` };
    const gpu = await adapterInfo();
    return { backend: pinned, reason: `webgpu was requested (${gpu.fallback ? 'a software fallback adapter: ' : ''}${gpu.label})`, adapter: { name: gpu.label, fallback: gpu.fallback } };
  }
  const gpu = await adapterInfo();
  const order: { name: BackendName; reason: string }[] = [];
  if (gpu.present && !gpu.fallback) order.push({ name: 'webgpu', reason: `WebGPU on a real adapter (${gpu.label})` });
  order.push({
    name: 'wasm',
    reason: gpu.present ? `the WebGPU adapter is a software fallback (${gpu.label}); WASM is faster there` : `${gpu.label}; WASM (SIMD) is the fastest CPU backend`,
  });
  order.push({ name: 'webgl', reason: 'WASM could not start; WebGL is next' });
  order.push({ name: 'cpu', reason: 'no faster backend could start; the plain CPU backend is slow' });
  for (const o of order) {
    if (!(await trySet(o.name))) continue;
    return o.name === 'webgpu' ? { backend: o.name, reason: o.reason, adapter: { name: gpu.label, fallback: gpu.fallback } } : { backend: o.name, reason: o.reason };
  }
  throw new Error('no tfjs backend could start');
}
