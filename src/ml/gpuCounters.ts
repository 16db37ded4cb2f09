/**
 * Counts the WebGPU calls tfjs makes (dispatches, readbacks, submits, uniform
 * writes, bind groups, new buffers) by wrapping the GPU prototypes once. The
 * per-update cost of tfjs on a GPU is per call, not per flop (PLATFORM.md:
 * ~60 ms per train step whatever the batch), so these counts are what the
 * GPU path works to cut; on a software adapter they are the measurable proxy.
 * For benchmarks and tests only: wrapping adds a little CPU per call.
 */

export interface GpuCallCounts {
  /** Compute passes' dispatchWorkgroups calls: one per kernel run. */
  dispatches: number;
  /** GPUBuffer.mapAsync calls: each reads results back to the CPU and waits for the GPU. */
  readbacks: number;
  submits: number;
  writeBuffers: number;
  bindGroups: number;
  buffers: number;
}

const counts: GpuCallCounts = { dispatches: 0, readbacks: 0, submits: 0, writeBuffers: 0, bindGroups: 0, buffers: 0 };
let installed = false;
const originals: { proto: Record<string, unknown>; method: string; original: unknown }[] = [];

function wrap(owner: string, method: string, key: keyof GpuCallCounts): boolean {
  const proto = (globalThis as unknown as Record<string, { prototype?: Record<string, unknown> } | undefined>)[owner]?.prototype;
  const original = proto?.[method];
  if (proto === undefined || typeof original !== 'function') return false;
  originals.push({ proto, method, original });
  proto[method] = function (this: unknown, ...args: unknown[]) {
    counts[key]++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  return true;
}

/**
 * Starts counting (idempotent). Call after WebGPU exists (`navigator.gpu`
 * and the GPU* classes are global); false when they are not.
 */
export function countGpuCalls(): boolean {
  if (installed) return true;
  const ok = [
    wrap('GPUComputePassEncoder', 'dispatchWorkgroups', 'dispatches'),
    wrap('GPUBuffer', 'mapAsync', 'readbacks'),
    wrap('GPUQueue', 'submit', 'submits'),
    wrap('GPUQueue', 'writeBuffer', 'writeBuffers'),
    wrap('GPUDevice', 'createBindGroup', 'bindGroups'),
    wrap('GPUDevice', 'createBuffer', 'buffers'),
  ].every(Boolean);
  installed = ok;
  return ok;
}

/** Puts the GPU prototypes back as they were (the counts are kept). */
export function stopCountingGpuCalls(): void {
  for (const { proto, method, original } of originals.splice(0)) proto[method] = original;
  installed = false;
}

/** The counts so far (a copy). */
export function gpuCallCounts(): GpuCallCounts {
  return { ...counts };
}

/** What happened between two snapshots. */
export function gpuCallsSince(before: GpuCallCounts): GpuCallCounts {
  const now = gpuCallCounts();
  return {
    dispatches: now.dispatches - before.dispatches,
    readbacks: now.readbacks - before.readbacks,
    submits: now.submits - before.submits,
    writeBuffers: now.writeBuffers - before.writeBuffers,
    bindGroups: now.bindGroups - before.bindGroups,
    buffers: now.buffers - before.buffers,
  };
}
