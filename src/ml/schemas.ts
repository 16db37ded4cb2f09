/**
 * Schemas of model files, free of tfjs so the page, the protocols and the
 * stores can validate them without loading TensorFlow.
 */
import { z } from 'zod';

export const META_FORMAT = 'longcat-rl-model';

/** `meta.json` of an SD-PCGRL or Turtle model. */
export const ModelMetaSchema = z.object({
  format: z.literal(META_FORMAT),
  version: z.literal(1),
  env: z.enum(['sd-pcgrl', 'turtle']),
  width: z.number().int().min(3).max(16),
  height: z.number().int().min(3).max(16),
  encoding: z.enum(['markov', 'thesis']),
  observation: z.object({ side: z.number().int().positive(), channels: z.number().int().positive(), extra: z.number().int().nonnegative() }),
  actions: z.number().int().positive(),
  recipe: z.string(),
  seed: z.number().int().nonnegative(),
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
