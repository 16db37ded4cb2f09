/**
 * The tfjs half of a batch evaluation, imported only when SD-PCGRL is asked
 * for: the backend is chosen once per worker (`chooseBackend`: WebGPU on a
 * real adapter, else WASM, WebGL, CPU) and reported with the result; the
 * policy is loaded and run by the shared services in `src/ml`.
 */
import '../ml/wasmPaths';
import '../ml/browserWebGpu';
import { err, ok, type Result } from '../core/util/result';
import { chooseBackend, type BackendChoice } from '../ml/backend';
import type { ModelFiles } from '../ml/schemas';
import { loadPolicy, type LoadedPolicy } from '../ml/policyService';
import { evaluatePerTemperature } from '../ml/sdPcgrlService';
import type { PolicyInfo } from './batch.evaluation';

let backend: BackendChoice | null = null;

/** The SD-PCGRL policy for a size, with what the report says about it. */
export async function loadSdPolicy(
  files: ModelFiles,
  width: number,
  height: number,
): Promise<Result<{ policy: LoadedPolicy; info: PolicyInfo; evaluatePerTemperature: typeof evaluatePerTemperature }, string>> {
  try {
    backend ??= await chooseBackend();
  } catch (e) {
    return err(`no TensorFlow.js backend could start: ${(e as Error).message}`);
  }
  const r = await loadPolicy(files, { env: 'sd-pcgrl', width, height });
  if (!r.ok) return err(`the SD-PCGRL model: ${r.error}`);
  return ok({ policy: r.value, info: { backend: backend.backend, reason: backend.reason, description: r.value.description }, evaluatePerTemperature });
}
