/**
 * Shared setup of the WebGPU unit tests in Node: Dawn (npm `webgpu`) on a
 * real GPU's driver when one is named, else on SwiftShader when Chromium is
 * installed; and the random transitions both GPU-vs-WASM suites train on.
 */
import { createRng } from '../../src/core/util/rng';
import { installNodeWebGpu, removeNodeWebGpu, useSwiftShaderUnlessNamed } from '../../src/ml/nodeWebGpu';
import type { TransitionBatch } from '../../src/ml/replay';

/**
 * Installs WebGPU for a suite. Resolves to why it is unavailable (the suite
 * skips, saying so in one line) or null, and a teardown that removes it.
 */
export async function setUpNodeWebGpu(suite: string): Promise<{ unavailable: string | null; tearDown: () => void }> {
  const setIcd = useSwiftShaderUnlessNamed();
  const unavailable = await installNodeWebGpu();
  if (unavailable !== null) {
    console.log(`${suite} skipped: ${unavailable}`);
    removeNodeWebGpu();
  }
  return {
    unavailable,
    tearDown: () => {
      removeNodeWebGpu();
      if (setIcd) delete process.env.VK_ICD_FILENAMES;
    },
  };
}

/**
 * `n` random transitions of `cells` grid values and 4 extras and actions:
 * sparse 0/1 cells, rewards in [-10, 30), every 7th step terminal, and row
 * 0 with no legal next action.
 */
export function randomTransitions(n: number, seed: number, cells: number): TransitionBatch {
  const rng = createRng(seed);
  const bits = (len: number) => Float32Array.from({ length: len }, () => (rng.next() < 0.3 ? 1 : 0));
  const nextMask = Uint8Array.from({ length: n * 4 }, () => (rng.next() < 0.6 ? 1 : 0));
  nextMask.fill(0, 0, 4);
  return {
    size: n,
    grid: bits(n * cells),
    extra: bits(n * 4),
    nextGrid: bits(n * cells),
    nextExtra: bits(n * 4),
    actions: Int32Array.from({ length: n }, () => rng.int(4)),
    rewards: Float32Array.from({ length: n }, () => rng.next() * 40 - 10),
    dones: Float32Array.from({ length: n }, (_, b) => (b % 7 === 0 ? 1 : 0)),
    nextMask,
  };
}
