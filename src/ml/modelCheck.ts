/**
 * Checks SD-PCGRL / Turtle model files before tfjs sees them. tfjs trusts
 * `model.json`: a layer whose inbound node names a missing layer makes
 * `loadLayersModel` loop forever, a `filters` of 10^9 allocates gigabytes,
 * and weights that are all NaN load and "generate" without a word. So the
 * topology is read here first, as data: the layer types our networks use
 * (`network.ts`), a graph whose every edge points at a layer defined before
 * it, the shape of every layer's output worked out from its config, and from
 * those the exact weights each layer owns. The manifest must list exactly
 * those weights (names, shapes, float32), `weights.bin` must have exactly
 * their bytes, and every value must be finite and at most
 * {@link MAX_ABS_WEIGHT} in magnitude (a weight of 3e38 is finite but
 * overflows the first sum it enters: the layer is named). The meta's
 * observation and action counts must match the network's inputs and output.
 * Loading (`modelFiles.ts`) then runs one probe input through the network and
 * bounds every layer's activations ({@link MAX_ABS_ACTIVATION}).
 *
 * tfjs-free, so the page, the workers and the CLI run the same checks; the
 * writers run them too, so no model is written that this could not load.
 * Cost: linear in the files' size.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../core/util/result';
import { parseModelJson, parseModelMeta, type ModelFiles, type ModelMeta } from './schemas';

/** Largest `model.json` and `meta.json` we read, in characters. */
export const MAX_MODEL_JSON_CHARS = 1 << 20;
export const MAX_META_JSON_CHARS = 64 << 10;
/** Largest `weights.bin` (64 MiB: 16 million float32 weights, 75 times the thesis network). */
export const MAX_WEIGHT_BYTES = 64 << 20;
/** Most layers in a network, and the largest filter/unit count and kernel side a layer may have. */
const MAX_LAYERS = 64;
const MAX_UNITS = 4096;
const MAX_KERNEL = 7;
/**
 * Largest weight magnitude a model may hold. Trained networks here stay
 * below about 10 (the shipped ones below 3); 10^5 leaves room for any
 * honest run and still refuses overflow-scale values long before float32's
 * 3.4e38.
 */
export const MAX_ABS_WEIGHT = 1e5;
/** Largest activation magnitude on the probe input (ones everywhere) that loading accepts. */
export const MAX_ABS_ACTIVATION = 1e9;
/** Largest activation per sample any layer may produce (values). */
const MAX_ACTIVATION = 1 << 22;

/** The layer types our networks are built from (see `network.ts`). */
export const LAYER_TYPES = ['InputLayer', 'Conv2D', 'MaxPooling2D', 'Flatten', 'Reshape', 'Concatenate', 'Dense'] as const;
const ACTIVATIONS = ['linear', 'relu', 'tanh', 'sigmoid', 'elu', 'selu', 'softplus', 'softsign', 'swish', 'gelu'] as const;

const positive = (max: number) => z.number().int().min(1).max(max);
const pair = (max: number) => z.tuple([positive(max), positive(max)]);
const tensorRef = z.tuple([z.string(), z.literal(0), z.literal(0)]).rest(z.unknown());
const LayerSchema = z.looseObject({
  name: z.string().min(1).max(200),
  class_name: z.enum(LAYER_TYPES, { error: `must be one of ${LAYER_TYPES.join(', ')} (the layer types this build loads)` }),
  config: z.looseObject({}),
  inbound_nodes: z.array(z.array(tensorRef).min(1)).max(1),
});
const TopologySchema = z.looseObject({
  class_name: z.enum(['Model', 'Functional'], { error: 'must be "Model" (a functional tfjs model)' }),
  config: z.looseObject({
    layers: z.array(LayerSchema).min(2).max(MAX_LAYERS),
    input_layers: z.array(z.tuple([z.string(), z.literal(0), z.literal(0)])).min(1).max(2),
    output_layers: z.array(z.tuple([z.string(), z.literal(0), z.literal(0)])).length(1),
  }),
});

const ConvConfig = z.looseObject({
  filters: positive(MAX_UNITS),
  kernel_size: pair(MAX_KERNEL),
  strides: pair(4),
  padding: z.enum(['same', 'valid']),
  data_format: z.literal('channels_last').optional(),
  dilation_rate: z.tuple([z.literal(1), z.literal(1)]).optional(),
  activation: z.enum(ACTIVATIONS).optional(),
  use_bias: z.boolean(),
});
const PoolConfig = z.looseObject({ pool_size: pair(8), strides: pair(8), padding: z.enum(['same', 'valid']), data_format: z.literal('channels_last').optional() });
const DenseConfig = z.looseObject({ units: positive(MAX_UNITS), activation: z.enum(ACTIVATIONS).optional(), use_bias: z.boolean() });
const ReshapeConfig = z.looseObject({ target_shape: z.array(positive(MAX_ACTIVATION)).min(1).max(3) });
const ConcatConfig = z.looseObject({ axis: z.number().int() });
const InputConfig = z.looseObject({
  batch_input_shape: z.tuple([z.null()]).rest(positive(64)).refine((s) => s.length === 2 || s.length === 4, 'must be [null, n] or [null, side, side, channels]'),
  dtype: z.literal('float32').optional(),
});

const issues = (e: z.ZodError): string => e.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ');
const product = (s: readonly number[]): number => s.reduce((a, d) => a * d, 1);

/** A model about to be written fails {@link checkModelFiles}: nothing was written. */
export class InvalidModelError extends Error {
  constructor(why: string) {
    super(`the model was not saved, because it could not be loaded again: ${why}`);
    this.name = 'InvalidModelError';
  }
}

/** What the checks found: the meta, the topology and weight specs to hand to tfjs. */
export interface CheckedModel {
  readonly meta: ModelMeta;
  /** The topology rebuilt from the checked fields only: what tfjs gets. */
  readonly modelTopology: Record<string, unknown>;
  readonly weightSpecs: { name: string; shape: number[]; dtype: 'float32' | 'int32' | 'bool' }[];
}

interface WeightShape {
  readonly name: string;
  readonly shape: readonly number[];
}

/** Each layer's output shape (without the batch) and the weights it owns, or a sentence. */
function inferShapes(layers: z.infer<typeof LayerSchema>[]): Result<{ shapes: Map<string, number[]>; weights: WeightShape[]; clean: Record<string, unknown>[] }, string> {
  const shapes = new Map<string, number[]>();
  const weights: WeightShape[] = [];
  // The layers as tfjs will see them: only the fields checked here (initializers, regularizers and
  // constraints are dropped: the weights are loaded, and an unchecked config could still break tfjs).
  const clean: Record<string, unknown>[] = [];
  for (const layer of layers) {
    const at = `model.json: layer "${layer.name}" (${layer.class_name})`;
    if (shapes.has(layer.name)) return err(`${at}: a second layer with this name`);
    const inbound = layer.inbound_nodes[0] ?? [];
    if (layer.class_name === 'InputLayer' ? inbound.length > 0 : inbound.length === 0) {
      return err(`${at}: ${layer.class_name === 'InputLayer' ? 'an input layer takes no inputs' : 'has no input'}`);
    }
    const inputs: number[][] = [];
    for (const ref of inbound) {
      const s = shapes.get(ref[0]);
      // Layers are listed in topological order; a name not seen yet is missing or a cycle (tfjs would loop forever).
      if (s === undefined) return err(`${at}: its input "${ref[0]}" is not a layer defined before it`);
      inputs.push(s);
    }
    if (layer.class_name !== 'Concatenate' && inputs.length > 1) return err(`${at}: takes one input, not ${inputs.length}`);
    const input = inputs[0] ?? [];
    const parse = <T>(schema: z.ZodType<T>): Result<T, string> => {
      const r = schema.safeParse(layer.config);
      return r.success ? ok(r.data) : err(`${at}: config ${issues(r.error)}`);
    };
    let out: number[];
    let config: Record<string, unknown> = {};
    switch (layer.class_name) {
      case 'InputLayer': {
        const c = parse(InputConfig);
        if (!c.ok) return c;
        out = c.value.batch_input_shape.slice(1) as number[];
        config = { batch_input_shape: c.value.batch_input_shape, dtype: 'float32', sparse: false };
        break;
      }
      case 'Conv2D':
      case 'MaxPooling2D': {
        if (input.length !== 3) return err(`${at}: needs an input of rank 3 (height, width, channels), got [${input.join(', ')}]`);
        let window: readonly number[], strides: readonly number[], padding: string, channels = input[2]!;
        if (layer.class_name === 'Conv2D') {
          const c = parse(ConvConfig);
          if (!c.ok) return c;
          ({ kernel_size: window, strides, padding } = c.value);
          weights.push({ name: `${layer.name}/kernel`, shape: [window[0]!, window[1]!, input[2]!, c.value.filters] });
          if (c.value.use_bias) weights.push({ name: `${layer.name}/bias`, shape: [c.value.filters] });
          channels = c.value.filters;
          const { filters, kernel_size, use_bias, activation } = c.value;
          config = { filters, kernel_size, strides, padding, data_format: 'channels_last', dilation_rate: [1, 1], activation: activation ?? 'linear', use_bias };
        } else {
          const c = parse(PoolConfig);
          if (!c.ok) return c;
          ({ pool_size: window, strides, padding } = c.value);
          config = { pool_size: window, strides, padding, data_format: 'channels_last' };
        }
        const side = (n: number, k: number, s: number) => (padding === 'same' ? Math.ceil(n / s) : Math.floor((n - k) / s) + 1);
        out = [side(input[0]!, window[0]!, strides[0]!), side(input[1]!, window[1]!, strides[1]!), channels];
        if (out[0]! < 1 || out[1]! < 1) return err(`${at}: a ${window.join('x')} window does not fit its ${input[0]}x${input[1]} input`);
        break;
      }
      case 'Flatten':
        out = [product(input)];
        break;
      case 'Reshape': {
        const c = parse(ReshapeConfig);
        if (!c.ok) return c;
        out = [...c.value.target_shape];
        config = { target_shape: out };
        if (product(out) !== product(input)) return err(`${at}: cannot reshape [${input.join(', ')}] to [${out.join(', ')}]`);
        break;
      }
      case 'Concatenate': {
        const c = parse(ConcatConfig);
        if (!c.ok) return c;
        const rank = input.length;
        if (inputs.length < 2 || (c.value.axis !== -1 && c.value.axis !== rank)) return err(`${at}: joins two or more inputs on the last axis`);
        if (inputs.some((s) => s.length !== rank || s.slice(0, -1).some((d, i) => d !== input[i]))) {
          return err(`${at}: its inputs ${inputs.map((s) => `[${s.join(', ')}]`).join(' and ')} differ before the last axis`);
        }
        out = [...input.slice(0, -1), inputs.reduce((a, s) => a + s[rank - 1]!, 0)];
        config = { axis: -1 };
        break;
      }
      case 'Dense': {
        const c = parse(DenseConfig);
        if (!c.ok) return c;
        if (input.length === 0) return err(`${at}: has no input shape`);
        weights.push({ name: `${layer.name}/kernel`, shape: [input[input.length - 1]!, c.value.units] });
        if (c.value.use_bias) weights.push({ name: `${layer.name}/bias`, shape: [c.value.units] });
        out = [...input.slice(0, -1), c.value.units];
        config = { units: c.value.units, activation: c.value.activation ?? 'linear', use_bias: c.value.use_bias };
        break;
      }
    }
    if (product(out) > MAX_ACTIVATION) return err(`${at}: produces ${product(out)} values per sample; the limit is ${MAX_ACTIVATION}`);
    shapes.set(layer.name, out);
    clean.push({
      name: layer.name,
      class_name: layer.class_name,
      config: { ...config, name: layer.name, trainable: true },
      inbound_nodes: layer.class_name === 'InputLayer' ? [] : [inbound.map((ref) => [ref[0], 0, 0, {}])],
    });
  }
  return ok({ shapes, weights, clean });
}

/**
 * The index of the first value that is NaN or infinite (`nonFinite`), or
 * whose magnitude is above `maxAbs` (`huge`), or -1. The bytes need not be
 * aligned (little-endian, as tfjs writes them).
 */
function firstBadWeight(bytes: Uint8Array, maxAbs: number): { index: number; nonFinite: boolean; value: number } | null {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const values = new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // v - v is 0 for every finite v and NaN for NaN and both infinities.
    if (v - v !== 0) return { index: i, nonFinite: true, value: v };
    if (v > maxAbs || v < -maxAbs) return { index: i, nonFinite: false, value: v };
  }
  return null;
}

/**
 * Checks all three files of a model against each other (see the module
 * comment) and, when given, against the expected environment and level size.
 * Never throws; the error is one sentence naming the file and the fault.
 */
export function checkModelFiles(
  files: ModelFiles,
  expect?: { env?: 'sd-pcgrl' | 'turtle'; width?: number; height?: number },
): Result<CheckedModel, string> {
  if (typeof files.meta !== 'string' || typeof files.modelJson !== 'string' || !(files.weights instanceof Uint8Array)) {
    return err('the model needs its three files (model.json, weights.bin, meta.json)');
  }
  if (files.meta.length > MAX_META_JSON_CHARS) return err(`meta.json is ${files.meta.length} characters; the limit is ${MAX_META_JSON_CHARS}`);
  if (files.modelJson.length > MAX_MODEL_JSON_CHARS) return err(`model.json is ${files.modelJson.length} characters; the limit is ${MAX_MODEL_JSON_CHARS}`);
  if (files.weights.byteLength > MAX_WEIGHT_BYTES) return err(`weights.bin is ${files.weights.byteLength} bytes; the limit is ${MAX_WEIGHT_BYTES}`);
  const metaR = parseModelMeta(files.meta);
  if (!metaR.ok) return err(metaR.error);
  const m = metaR.meta;
  if (expect?.env !== undefined && expect.env !== m.env) return err(`this is a ${m.env} model, not ${expect.env}`);
  if ((expect?.width !== undefined && expect.width !== m.width) || (expect?.height !== undefined && expect.height !== m.height)) {
    return err(`this model was trained on ${m.width}x${m.height} levels, not ${expect?.width ?? m.width}x${expect?.height ?? m.height}`);
  }
  const { side, channels, extra } = m.observation;
  const json = parseModelJson(files.modelJson);
  if (!json.ok) return err(json.error);
  const topo = TopologySchema.safeParse(json.modelTopology);
  if (!topo.success) return err(`model.json: modelTopology ${issues(topo.error)}`);
  const { layers, input_layers: inputLayers, output_layers: outputLayers } = topo.data.config;
  const inferred = inferShapes(layers);
  if (!inferred.ok) return err(inferred.error);
  const { shapes, weights, clean } = inferred.value;
  const classOf = new Map(layers.map((l) => [l.name, l.class_name]));
  for (const [name] of inputLayers) if (classOf.get(name) !== 'InputLayer') return err(`model.json: input "${name}" is not an input layer`);
  if (layers.some((l) => l.class_name === 'InputLayer' && !inputLayers.some(([n]) => n === l.name))) return err('model.json: an input layer is not listed among the inputs');
  const grid = shapes.get(inputLayers[0]![0])!;
  if (grid.length !== 3 || grid[0] !== side || grid[1] !== side || grid[2] !== channels) {
    return err(`the network expects observations ${grid.join('x')} but meta.json says ${side}x${side}x${channels}`);
  }
  const extraShape = inputLayers[1] !== undefined ? shapes.get(inputLayers[1][0])! : [0];
  if (extraShape.length !== 1 || extraShape[0] !== extra) return err(`the network takes an extra input of ${extraShape.join('x')} values but meta.json says ${extra}`);
  const output = shapes.get(outputLayers[0]![0]);
  if (output === undefined) return err(`model.json: the output "${outputLayers[0]![0]}" is not a layer`);
  if (output.length !== 1 || output[0] !== m.actions) return err(`the network has ${output.join('x')} outputs but meta.json says ${m.actions} actions`);

  if (side !== 2 * Math.max(m.width, m.height) - 1) {
    return err(`meta.json says ${m.width}x${m.height} levels, which need ${2 * Math.max(m.width, m.height) - 1}x${2 * Math.max(m.width, m.height) - 1} observations, but also ${side}x${side}`);
  }
  const wantChannels = m.env === 'turtle' ? 3 : m.encoding === 'markov' ? 4 : 3;
  if (channels !== wantChannels) return err(`meta.json says ${channels} observation channels, but a ${m.env} model with the ${m.encoding} encoding has ${wantChannels}`);
  const wantActions = m.env === 'turtle' ? 7 : 4;
  if (m.actions !== wantActions) return err(`meta.json says ${m.actions} actions, but a ${m.env} model has ${wantActions}`);

  const specs = json.weightSpecs;
  const want = new Map(weights.map((w) => [w.name, w.shape]));
  const seen = new Set<string>();
  for (const s of specs) {
    const shape = want.get(s.name);
    if (shape === undefined) return err(`model.json lists a weight "${s.name}" that no layer has`);
    if (seen.has(s.name)) return err(`model.json lists the weight "${s.name}" twice`);
    seen.add(s.name);
    if (s.dtype !== 'float32') return err(`model.json: the weight "${s.name}" is ${s.dtype}, not float32`);
    if (s.shape.length !== shape.length || s.shape.some((d, i) => d !== shape[i])) {
      return err(`model.json: the weight "${s.name}" has shape [${s.shape.join(', ')}] but its layer needs [${shape.join(', ')}]`);
    }
  }
  const missing = weights.find((w) => !seen.has(w.name));
  if (missing !== undefined) return err(`model.json lists no weight "${missing.name}" (shape [${missing.shape.join(', ')}])`);
  const expectedBytes = 4 * specs.reduce((a, s) => a + product(s.shape), 0);
  if (expectedBytes !== files.weights.byteLength) {
    return err(`weights.bin has ${files.weights.byteLength} bytes but model.json describes ${expectedBytes}: the files do not belong together or are truncated`);
  }
  const bad = firstBadWeight(files.weights, MAX_ABS_WEIGHT);
  if (bad !== null) {
    let offset = 0;
    const spec = specs.find((s) => (offset += product(s.shape)) > bad.index)!;
    const at = `weight "${spec.name}" of layer "${spec.name.split('/')[0]}", value ${bad.index - (offset - product(spec.shape))}`;
    return err(bad.nonFinite
      ? `weights.bin holds a NaN or infinite value (${at}): the network is broken (a training run that diverged?)`
      : `weights.bin holds a weight of ${bad.value.toPrecision(3)} (${at}); a usable network stays within ±${MAX_ABS_WEIGHT.toExponential(0)}: the network is broken or not a trained model`);
  }
  const modelTopology = {
    class_name: 'Model',
    config: { name: typeof topo.data.config.name === 'string' ? topo.data.config.name.slice(0, 200) : 'model', layers: clean, input_layers: inputLayers, output_layers: outputLayers },
    keras_version: 'tfjs-layers',
    backend: 'tensor_flow.js',
  };
  return ok({ meta: m, modelTopology, weightSpecs: specs.map((s) => ({ name: s.name, shape: [...s.shape], dtype: s.dtype })) });
}
