/**
 * SD-PCGRL / Turtle model files: the tfjs layers format (`model.json` +
 * `weights.bin`) plus `meta.json` (recipe, seed, episodes, wall time,
 * backend, predictor, test difficulty). Everything is validated on load: a
 * corrupt or mismatched file gives a clear message, never a half-loaded model.
 */
import * as tf from '@tensorflow/tfjs';
import { err, ok, type Result } from '../core/util/result';
import { checkModelFiles } from './modelCheck';
import type { ModelFiles, ModelMeta } from './schemas';

export { META_FORMAT, ModelMetaSchema, type ModelFiles, type ModelMeta } from './schemas';

/** The model's artifacts as files (weights in one `weights.bin`). */
export async function modelToFiles(model: tf.LayersModel, meta: ModelMeta): Promise<ModelFiles> {
  let captured: tf.io.ModelArtifacts | undefined;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      captured = artifacts;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (captured === undefined || captured.weightData === undefined || captured.weightSpecs === undefined) throw new Error('tfjs produced no artifacts');
  const data = captured.weightData;
  const weights = new Uint8Array(Array.isArray(data) ? tf.io.concatenateArrayBuffers(data) : data);
  const modelJson = JSON.stringify({
    format: 'layers-model',
    generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
    convertedBy: null,
    modelTopology: captured.modelTopology,
    weightsManifest: [{ paths: ['weights.bin'], weights: captured.weightSpecs }],
  });
  return { modelJson, weights, meta: JSON.stringify(meta, null, 2) + '\n' };
}

/**
 * Loads model files after {@link checkModelFiles} has checked all of them
 * (topology, manifest, shapes, byte length, finite weights, meta); `expect`
 * (if given) must match the meta's environment and size. Never throws.
 */
export async function modelFromFiles(
  files: ModelFiles,
  expect?: { env?: 'sd-pcgrl' | 'turtle'; width?: number; height?: number },
): Promise<Result<{ model: tf.LayersModel; meta: ModelMeta }, string>> {
  const checked = checkModelFiles(files, expect);
  if (!checked.ok) return err(checked.error);
  const { meta, modelTopology, weightSpecs } = checked.value;
  try {
    const weightData = files.weights.buffer.slice(files.weights.byteOffset, files.weights.byteOffset + files.weights.byteLength) as ArrayBuffer;
    const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology, weightSpecs, weightData }));
    return ok({ model, meta });
  } catch (e) {
    return err(`the model could not be loaded: ${(e as Error).message}`);
  }
}
