/**
 * The SD-PCGRL policy for batch evaluations, loaded only when one is asked
 * for (this module pulls in tfjs). The backend is chosen once per worker
 * (`chooseBackend`: WebGPU on a real adapter, else WASM, WebGL, CPU) and
 * reported with the result.
 */
import './tfjsWasmPaths';
import type { Level } from '../core/level/level';
import { err, ok, type Result } from '../core/util/result';
import { chooseBackend, type BackendChoice } from '../ml/backend';
import { modelFromFiles, type ModelFiles } from '../ml/modelFiles';
import { generateWithPolicy } from '../ml/policy';
import { QModel } from '../ml/qModel';
import type { PolicyInfo } from './batch.evaluation';

export interface LoadedPolicy {
  readonly info: PolicyInfo;
  /** Generates levels 0..count-1 at a temperature, calling `onLevel` for each. */
  generate(o: { temperature: number; seed: number; count: number }, onLevel: (index: number, level: Level, solution: string) => void): Promise<void>;
  dispose(): void;
}

let backend: BackendChoice | null = null;

export async function loadPolicy(files: ModelFiles, width: number, height: number): Promise<Result<LoadedPolicy, string>> {
  try {
    backend ??= await chooseBackend();
  } catch (e) {
    return err(`no TensorFlow.js backend could start: ${(e as Error).message}`);
  }
  const r = await modelFromFiles(files, { env: 'sd-pcgrl', width, height });
  if (!r.ok) return err(`the SD-PCGRL model: ${r.error}`);
  const { model, meta } = r.value;
  const q = new QModel(model, meta.observation);
  const b = backend;
  return ok({
    info: { backend: b.backend, reason: b.reason, description: `${meta.recipe}, seed ${meta.seed}, ${meta.episodes.toLocaleString('en-US')} episodes, ${meta.encoding} encoding` },
    async generate(o, onLevel) {
      await generateWithPolicy(q, { width, height, encoding: meta.encoding, temperature: o.temperature, seed: o.seed, from: 0, to: o.count, onLevel });
    },
    dispose: () => model.dispose(),
  });
}
