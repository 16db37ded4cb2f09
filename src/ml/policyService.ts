/**
 * The one way to load a trained policy (SD-PCGRL or Turtle) for generation:
 * the CLI (files from a folder), the batch worker and the training worker
 * (files from the page) all call {@link loadPolicy}. The caller's entry point
 * has chosen the tfjs backend first (STYLE habit 8).
 */
import { err, ok, type Result } from '../core/util/result';
import { modelFromFiles, type ModelFiles, type ModelMeta } from './modelFiles';
import { describePolicy } from './modelMeta';
import { QModel } from './qModel';

export interface LoadedPolicy {
  readonly q: QModel;
  readonly meta: ModelMeta;
  /** What the policy is: recipe, seed, episodes, encoding. */
  readonly description: string;
  /** Frees the network's tensors. */
  dispose(): void;
}

/** Validates and loads policy files; `expect` must match the meta's environment and size when given. */
export async function loadPolicy(files: ModelFiles, expect: { env?: 'sd-pcgrl' | 'turtle'; width?: number; height?: number } = {}): Promise<Result<LoadedPolicy, string>> {
  const r = await modelFromFiles(files, expect);
  if (!r.ok) return err(r.error);
  const { model, meta } = r.value;
  return ok({ q: new QModel(model, meta.observation), meta, description: describePolicy(meta), dispose: () => model.dispose() });
}
