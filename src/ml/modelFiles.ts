/**
 * SD-PCGRL / Turtle model files: the tfjs layers format (`model.json` +
 * `weights.bin`) plus `meta.json` (recipe, seed, episodes, wall time,
 * backend, predictor, test difficulty). Everything is validated on load: a
 * corrupt or mismatched file gives a clear message, never a half-loaded model.
 */
import * as tf from '@tensorflow/tfjs';
import { err, ok, type Result } from '../core/util/result';
import { checkModelFiles, MAX_ABS_ACTIVATION } from './modelCheck';
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
    const probe = probeActivations(model);
    if (probe !== null) {
      model.dispose();
      return err(probe);
    }
    return ok({ model, meta });
  } catch (e) {
    return err(`the model could not be loaded: ${(e as Error).message}`);
  }
}

/**
 * Runs one probe input (ones everywhere, the largest a one-hot observation
 * gets) through the network and returns a sentence naming the first layer
 * whose activations are not finite or exceed {@link MAX_ABS_ACTIVATION} in
 * magnitude, or null when all are within bounds. Weights that each pass
 * the magnitude check can still overflow together; this catches them.
 */
export function probeActivations(model: tf.LayersModel): string | null {
  let problem: string | null = null;
  tf.tidy(() => {
    const layers = model.layers.filter((l) => l.getClassName() !== 'InputLayer');
    const outputs = layers.map((l) => l.output as tf.SymbolicTensor);
    const inner = tf.model({ inputs: model.inputs, outputs });
    const inputs = model.inputs.map((i) => tf.ones([1, ...i.shape.slice(1).map((d) => d ?? 1)]));
    const result = inner.predict(inputs.length === 1 ? inputs[0]! : inputs);
    const values = Array.isArray(result) ? result : [result];
    for (let i = 0; i < values.length; i++) {
      const data = values[i]!.dataSync();
      for (const v of data) {
        if (!Number.isFinite(v) || Math.abs(v) > MAX_ABS_ACTIVATION) {
          problem = `layer "${layers[i]!.name}" (${layers[i]!.getClassName()}) gives ${Number.isFinite(v) ? `an activation of ${v.toPrecision(3)}` : 'a NaN or infinite activation'} on a probe input (ones); a usable network stays within ±${MAX_ABS_ACTIVATION.toExponential(0)}: its weights are broken`;
          return;
        }
      }
    }
  });
  return problem;
}
