/**
 * SD-PCGRL / Turtle model files: the tfjs layers format (`model.json` +
 * `weights.bin`) plus `meta.json` (recipe, seed, episodes, wall time,
 * backend, predictor, test difficulty). Everything is validated on load: a
 * corrupt or mismatched file gives a clear message, never a half-loaded model.
 */
import * as tf from '@tensorflow/tfjs';
import { err, ok, type Result } from '../core/util/result';
import { parseModelMeta, type ModelFiles, type ModelMeta } from './schemas';

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

const bytesPerDtype: Record<string, number> = { float32: 4, int32: 4, bool: 1 };

/** Loads and checks model files; `expect` (if given) must match the meta's environment and size. */
export async function modelFromFiles(
  files: ModelFiles,
  expect?: { env?: 'sd-pcgrl' | 'turtle'; width?: number; height?: number },
): Promise<Result<{ model: tf.LayersModel; meta: ModelMeta }, string>> {
  let modelJson: { modelTopology?: unknown; weightsManifest?: { weights?: { name: string; shape: number[]; dtype: string }[] }[] };
  const meta = parseModelMeta(files.meta);
  if (!meta.ok) return err(meta.error);
  const m = meta.meta;
  if (expect?.env !== undefined && expect.env !== m.env) return err(`this is a ${m.env} model, not ${expect.env}`);
  if ((expect?.width !== undefined && expect.width !== m.width) || (expect?.height !== undefined && expect.height !== m.height)) {
    return err(`this model was trained on ${m.width}x${m.height} levels, not ${expect?.width ?? m.width}x${expect?.height ?? m.height}`);
  }
  try {
    modelJson = JSON.parse(files.modelJson);
  } catch (e) {
    return err(`model.json is not valid JSON: ${(e as Error).message}`);
  }
  const specs = modelJson.weightsManifest?.[0]?.weights;
  if (modelJson.modelTopology === undefined || specs === undefined) return err('model.json has no modelTopology or weightsManifest: not a tfjs layers model');
  const expectedBytes = specs.reduce((a, s) => a + s.shape.reduce((p, d) => p * d, 1) * (bytesPerDtype[s.dtype] ?? 4), 0);
  if (expectedBytes !== files.weights.byteLength) {
    return err(`weights.bin has ${files.weights.byteLength} bytes but model.json describes ${expectedBytes}: the files do not belong together or are truncated`);
  }
  try {
    const weightData = files.weights.buffer.slice(files.weights.byteOffset, files.weights.byteOffset + files.weights.byteLength) as ArrayBuffer;
    const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology: modelJson.modelTopology as object, weightSpecs: specs as tf.io.WeightsManifestEntry[], weightData }));
    const inShape = (model.inputs[0]?.shape ?? []).slice(1);
    const { side, channels, extra } = m.observation;
    const mismatch = (why: string) => {
      model.dispose();
      return err(why);
    };
    if (inShape[0] !== side || inShape[1] !== side || inShape[2] !== channels) {
      return mismatch(`the network expects observations ${inShape.join('x')} but meta.json says ${side}x${side}x${channels}`);
    }
    const outShape = model.outputs[0]?.shape ?? [];
    if (outShape[1] !== m.actions) return mismatch(`the network has ${String(outShape[1])} outputs but meta.json says ${m.actions} actions`);
    if (side !== 2 * Math.max(m.width, m.height) - 1) return mismatch(`meta.json says ${m.width}x${m.height} levels, which need ${2 * Math.max(m.width, m.height) - 1}x${2 * Math.max(m.width, m.height) - 1} observations, but also ${side}x${side}`);
    const wantChannels = m.env === 'turtle' ? 3 : m.encoding === 'markov' ? 4 : 3;
    if (channels !== wantChannels) return mismatch(`meta.json says ${channels} observation channels, but a ${m.env} model with the ${m.encoding} encoding has ${wantChannels}`);
    const extraInput = model.inputs.length > 1 ? (model.inputs[1]?.shape[1] ?? 0) : 0;
    if (extraInput !== extra) return mismatch(`the network takes an extra input of ${extraInput} values but meta.json says ${extra}`);
    return ok({ model, meta: m });
  } catch (e) {
    return err(`the model could not be loaded: ${(e as Error).message}`);
  }
}
