/**
 * Schemas of model files, free of tfjs so the page, the protocols and the
 * stores can validate them without loading TensorFlow.
 */
import { z } from 'zod';
import { SeedSchema, SideSchema } from '../core/util/schemas';
import { RULESET_NAMES } from '../core/rules/ruleset';

export const META_FORMAT = 'longcat-rl-model';

/** `meta.json` of an SD-PCGRL or Turtle model. */
export const ModelMetaSchema = z.object({
  format: z.literal(META_FORMAT),
  version: z.literal(1),
  env: z.enum(['sd-pcgrl', 'turtle']),
  width: SideSchema,
  height: SideSchema,
  encoding: z.enum(['markov', 'thesis']),
  /** The ruleset it generates for (SPEC §12); absent in files made before rulesets: Longcat. */
  rules: z.enum(RULESET_NAMES).optional(),
  observation: z.object({ side: z.number().int().positive(), channels: z.number().int().positive(), extra: z.number().int().nonnegative() }),
  actions: z.number().int().positive(),
  recipe: z.string(),
  seed: SeedSchema,
  episodes: z.number().int().nonnegative(),
  envSteps: z.number().int().nonnegative(),
  updates: z.number().int().nonnegative(),
  wallSeconds: z.number().nonnegative(),
  backend: z.string(),
  predictor: z.object({ name: z.string(), createdAt: z.string() }),
  testDifficulty: z.number().nullable(),
  createdAt: z.string(),
  command: z.string().optional(),
});
export type ModelMeta = z.infer<typeof ModelMetaSchema>;

/** The three files of a model, as they cross workers and come back from storage (contents checked on load). */
export const ModelFilesSchema = z.object(
  { modelJson: z.string(), weights: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'weights.bin must be bytes'), meta: z.string() },
  { error: 'the model needs its three files (model.json, weights.bin, meta.json)' },
);
export type ModelFiles = z.infer<typeof ModelFilesSchema>;

/** Parses `meta.json` text: the meta, or a sentence. */
export function parseModelMeta(text: string): { ok: true; meta: ModelMeta } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `meta.json is not valid JSON: ${(e as Error).message}` };
  }
  const meta = ModelMetaSchema.safeParse(json);
  if (!meta.success) return { ok: false, error: `meta.json: ${meta.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ')}` };
  return { ok: true, meta: meta.data };
}

/** The weight dtypes tfjs layers models store, and their bytes per value. */
export const BYTES_PER_DTYPE = { float32: 4, int32: 4, bool: 1 } as const;

const WeightSpecSchema = z.looseObject({
  name: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  dtype: z.enum(Object.keys(BYTES_PER_DTYPE) as [keyof typeof BYTES_PER_DTYPE, ...(keyof typeof BYTES_PER_DTYPE)[]]),
});

/**
 * `model.json` of a tfjs layers model, as far as we read it before tfjs
 * does: a topology object (tfjs checks its layers) and a weights manifest
 * whose shapes and dtypes give the size weights.bin must have.
 */
export const ModelJsonSchema = z.looseObject({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z.array(z.looseObject({ weights: z.array(WeightSpecSchema) })).min(1),
});
export type ModelJson = z.infer<typeof ModelJsonSchema>;

/** Parses `model.json` text: the topology and the weight specs (every group's, in order), or a sentence. */
export function parseModelJson(text: string): { ok: true; modelTopology: Record<string, unknown>; weightSpecs: ModelJson['weightsManifest'][number]['weights'] } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `model.json is not valid JSON: ${(e as Error).message}` };
  }
  const r = ModelJsonSchema.safeParse(json);
  if (!r.success) return { ok: false, error: `model.json is not a tfjs layers model (${r.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ')})` };
  return { ok: true, modelTopology: r.data.modelTopology, weightSpecs: r.data.weightsManifest.flatMap((g) => g.weights) };
}
