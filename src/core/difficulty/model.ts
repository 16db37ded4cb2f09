/**
 * Difficulty model files (SPEC §5): a standardised linear model over a named
 * feature subset, stored as versioned JSON in `models/difficulty/`. The
 * weights are data; {@link parseDifficultyModel} validates every field at the
 * boundary (files, IndexedDB, uploads) and lists each problem with its path.
 */
import { z } from 'zod';
import { FEATURE_NAMES, type FeatureName } from '../graph/features';
import { err, ok, type Result } from '../util/result';
import { probeProblems } from './probe';

/** The `format` tag of a difficulty model file. */
export const MODEL_FORMAT = 'longcat-difficulty-model';
/**
 * The model file versions this build reads. A file is written at the lowest
 * version that holds it: 2 only when its label has a `power` (a power-law
 * calibration, which a version-1 reader would silently drop), else 1, so
 * every model without one still opens in older builds.
 */
export const MODEL_VERSION = 1;
/** The version of a file whose label has a `power` ({@link MODEL_VERSION} otherwise). */
export const POWER_MODEL_VERSION = 2;

/** How the label was transformed before fitting; predictions are mapped back. */
export const LABEL_TRANSFORMS = ['identity', 'log1p'] as const;

/**
 * Monotone transforms a model may apply to a feature before standardising it
 * (`transforms[i]` goes with `features[i]`). `log1p` is `ln(1 + x)`: it tames
 * the long tails of counts and of the player model's expected costs.
 */
export const FEATURE_TRANSFORMS = ['identity', 'log1p'] as const;
/** One of {@link FEATURE_TRANSFORMS}. */
export type FeatureTransform = (typeof FEATURE_TRANSFORMS)[number];

/** Fitting methods: ordinary least squares, ridge (L2) and lasso (L1), the last two with alpha chosen by cross-validation. */
export const FIT_METHODS = ['ols', 'ridge', 'lasso'] as const;
/** One of {@link FIT_METHODS}. */
export type FitMethod = (typeof FIT_METHODS)[number];

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** Schema of a difficulty model file (worker requests embed it: see `src/workers/*.protocol.ts`). */
export const DifficultyModelSchema = z
  .object({
    format: z.literal(MODEL_FORMAT, { error: `must be "${MODEL_FORMAT}"` }),
    version: z.union([z.literal(MODEL_VERSION), z.literal(POWER_MODEL_VERSION)], {
      error: `must be ${MODEL_VERSION} or ${POWER_MODEL_VERSION} (this build reads versions ${MODEL_VERSION} and ${POWER_MODEL_VERSION})`,
    }),
    name: z.string().min(1).max(200),
    features: z.array(z.enum(FEATURE_NAMES, { error: `must be one of ${FEATURE_NAMES.join(', ')}` })).min(1),
    /**
     * Optional, one per feature (absent: every feature as is). Added within
     * version 1: files without it read exactly as before.
     */
    transforms: z.array(z.enum(FEATURE_TRANSFORMS, { error: `must be one of ${FEATURE_TRANSFORMS.join(', ')}` })).optional(),
    means: z.array(finite),
    scales: z.array(finite.refine((v) => v > 0, 'must be positive')),
    coefficients: z.array(finite),
    intercept: finite,
    label: z.object({
      transform: z.enum(LABEL_TRANSFORMS),
      /**
       * The time-scale calibration, with t = inverse-transform(linear output):
       * difficulty = scale * t + offset, or with `power`,
       * scale * (1 + t)^power + offset. Never clamped (docs/difficulty.md).
       */
      scale: finite.refine((v) => v > 0, 'must be positive'),
      offset: finite,
      /** Version 2, `log1p` labels only: a power-law calibration, positive for every level when the offset is >= 0. */
      power: finite.refine((v) => v > 0, 'must be positive').optional(),
      description: z.string(),
    }),
    method: z.enum(FIT_METHODS),
    alpha: finite.refine((v) => v >= 0, 'must be >= 0'),
    provenance: z.object({
      summary: z.string(),
      command: z.string().optional(),
      seed: z.number().int().nonnegative().optional(),
      data: z.string(),
      createdAt: z.string(),
    }),
    metrics: z.record(z.string(), finite),
  })
  .superRefine((m, ctx) => {
    for (const key of ['means', 'scales', 'coefficients'] as const) {
      if (m[key].length !== m.features.length) {
        ctx.addIssue({ code: 'custom', path: [key], message: `has ${m[key].length} values but the model has ${m.features.length} features` });
      }
    }
    if (m.transforms !== undefined && m.transforms.length !== m.features.length) {
      ctx.addIssue({ code: 'custom', path: ['transforms'], message: `has ${m.transforms.length} values but the model has ${m.features.length} features` });
    }
    if (new Set(m.features).size !== m.features.length) ctx.addIssue({ code: 'custom', path: ['features'], message: 'lists a feature twice' });
    if (m.label.power !== undefined && m.label.transform !== 'log1p') {
      ctx.addIssue({ code: 'custom', path: ['label', 'power'], message: 'needs a log1p label (1 + time is then positive)' });
    }
    if ((m.label.power !== undefined) !== (m.version === POWER_MODEL_VERSION)) {
      ctx.addIssue({
        code: 'custom',
        path: ['version'],
        message: m.label.power !== undefined ? `must be ${POWER_MODEL_VERSION} for a label with a power` : `must be ${MODEL_VERSION} for a label without a power`,
      });
    }
  });

/** A validated difficulty model file (see `docs/formats.md`): feature arrays of equal length, positive scales, finite numbers. */
export type DifficultyModel = z.infer<typeof DifficultyModelSchema>;

/** One problem of a refused model file: the path of the field and a sentence. */
export interface ModelProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * Validates a parsed JSON value as a model: the schema, then the probe set
 * (`probe.ts`): a model that predicts NaN or Infinity on a real level is refused.
 */
export function validateDifficultyModel(json: unknown): Result<DifficultyModel, ModelProblem[]> {
  const r = DifficultyModelSchema.safeParse(json);
  if (r.success) {
    const problems = probeProblems(r.data);
    return problems.length === 0 ? ok(r.data) : err(problems);
  }
  return err(
    r.error.issues.map((i) => ({
      path: i.path.length === 0 ? '$' : i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, ''),
      message: i.message,
    })),
  );
}

/**
 * A difficulty model as a field of a larger request (worker messages, stored
 * sessions): one issue, "the difficulty model is not valid: <path>: <problem>; ...".
 */
export const DifficultyModelField = z.unknown().transform((value, ctx): DifficultyModel => {
  const r = validateDifficultyModel(value);
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', message: `the difficulty model is not valid: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}` });
  return z.NEVER;
});

/** Parses model file text; never throws. */
export function parseDifficultyModel(text: string): Result<DifficultyModel, ModelProblem[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([{ path: '$', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return validateDifficultyModel(json);
}

export type { FeatureName };
