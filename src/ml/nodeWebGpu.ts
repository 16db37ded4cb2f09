/**
 * WebGPU for tfjs in Node, through Dawn's Node binding (the npm `webgpu`
 * package): gives the process a `navigator.gpu` and registers tfjs's WebGPU
 * backend on it. tfjs-backend-webgpu registers itself only when
 * `navigator.gpu` exists at import time, which in Node it never does, so the
 * backend is registered here with the package's own `WebGPUBackend` and the
 * same device request (features and limits) as its browser factory.
 *
 * Node only (the CLI, benchmarks and tests); the browser has its own WebGPU.
 * Without a GPU, `VK_ICD_FILENAMES` pointing at a software Vulkan driver
 * (Chromium's SwiftShader) gives a fallback adapter, correct but slow.
 */
import { existsSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';

type GpuAdapterish = {
  features: ReadonlySet<string>;
  limits: Record<string, number>;
  info?: unknown;
  requestDevice(d: unknown): Promise<unknown>;
};
type Gpuish = { requestAdapter(o?: unknown): Promise<GpuAdapterish | null> };

let installed: Promise<string | null> | null = null;
/** What install() changed, so that {@link removeNodeWebGpu} can put it back. */
let added: { navigator: boolean; gpu: boolean } = { navigator: false, gpu: false };

/**
 * Makes `navigator.gpu` available (once) and registers the tfjs `webgpu`
 * backend on it. Resolves to null when ready, or to a sentence saying why
 * WebGPU cannot be used here (the package is missing, or no adapter).
 */
export function installNodeWebGpu(): Promise<string | null> {
  installed ??= install();
  return installed;
}

async function install(): Promise<string | null> {
  const g = globalThis as { navigator?: { gpu?: Gpuish } };
  if (g.navigator?.gpu === undefined) {
    let dawn: { create(flags: string[]): Gpuish; globals: Record<string, unknown> };
    try {
      dawn = (await import('webgpu')) as unknown as typeof dawn;
    } catch (e) {
      return `the npm package "webgpu" (Dawn for Node) could not load: ${(e as Error).message}`;
    }
    Object.assign(globalThis, dawn.globals);
    const gpu = dawn.create([]);
    if (g.navigator === undefined) {
      Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });
      added = { navigator: true, gpu: true };
    } else {
      Object.defineProperty(g.navigator, 'gpu', { value: gpu, configurable: true });
      added = { navigator: false, gpu: true };
    }
  }
  const gpu = g.navigator!.gpu!;
  const probe = await gpu.requestAdapter({ powerPreference: 'high-performance' }).catch(() => null);
  if (probe === null) return 'Dawn found no WebGPU adapter (no GPU and no software Vulkan driver; set VK_ICD_FILENAMES)';
  if (tf.findBackendFactory('webgpu') === null) {
    tf.registerBackend(
      'webgpu',
      async () => {
        const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
        if (adapter === null) throw new Error('no WebGPU adapter');
        const requiredFeatures = ['timestamp-query'].filter((f) => adapter.features.has(f));
        const l = adapter.limits;
        const device = await adapter.requestDevice({
          requiredFeatures,
          requiredLimits: {
            maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
            maxComputeWorkgroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
            maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
            maxBufferSize: l.maxBufferSize,
            maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
            maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
          },
        });
        return new WebGPUBackend(device as GPUDevice, adapter.info as GPUAdapterInfo);
      },
      1,
    );
  }
  return null;
}

/**
 * Undoes {@link installNodeWebGpu} as far as later code can see: the tfjs
 * `webgpu` backend (switch to another one first) and the `navigator.gpu`
 * it added. For test files that share a process with others.
 */
export function removeNodeWebGpu(): void {
  if (tf.findBackend('webgpu') !== null || tf.findBackendFactory('webgpu') !== null) tf.removeBackend('webgpu');
  const g = globalThis as { navigator?: { gpu?: unknown } };
  if (added.navigator) delete (g as { navigator?: unknown }).navigator;
  else if (added.gpu && g.navigator !== undefined) delete g.navigator.gpu;
  added = { navigator: false, gpu: false };
  installed = null;
}

/** Chromium's SwiftShader Vulkan driver (Debian's chromium package): a software adapter, for correctness without a GPU. */
export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/**
 * Points Vulkan at SwiftShader when no driver is named (`VK_ICD_FILENAMES`,
 * `VK_DRIVER_FILES`) and it is installed; a named driver (a real GPU's) is
 * left alone. True when it set the variable, so a test can unset it after.
 */
export function useSwiftShaderUnlessNamed(): boolean {
  if (process.env.VK_ICD_FILENAMES !== undefined || process.env.VK_DRIVER_FILES !== undefined || !existsSync(SWIFTSHADER_ICD)) return false;
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  return true;
}
