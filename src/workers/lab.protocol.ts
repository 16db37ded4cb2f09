/**
 * The predictor lab worker's protocol: the schemas of its requests and its
 * limits. A refused request answers `invalid` with one sentence; rows of a
 * CSV or of the playtest log that cannot be used are data problems, listed
 * in the answer, not refusals.
 */
import { z } from 'zod';
import { MAX_ABLATION_FEATURES } from '../core/difficulty/limits';
import { FIT_METHODS } from '../core/difficulty/model';
import { FEATURE_NAMES } from '../core/graph/features';
import { SeedSchema } from '../core/util/schemas';
import { FALLBACK_STATE_CAP, MAX_STATE_CAP } from './analysis.protocol';
import { RULESET_NAMES, type RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** Largest paste or file the lab reads (characters). */
export const MAX_CSV_TEXT = 20_000_000;
/** Splits an evaluation may ask for (the thesis uses 50). */
export const MAX_SPLITS = 1000;

/** A state cap: a positive whole number up to {@link MAX_STATE_CAP}, else the default. */
const StateCapSchema = z.number().int().positive().catch(FALLBACK_STATE_CAP).transform((n) => Math.min(n, MAX_STATE_CAP));

const RulesSchema = z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` }).default(DEFAULT_RULESET_NAME);

export const CsvRequestSchema = z.object({
  text: z.string({ error: 'the request has no CSV text' }).superRefine((t, ctx) => {
    if (t.length > MAX_CSV_TEXT) ctx.addIssue({ code: 'custom', message: `the CSV is too large (${t.length.toLocaleString('en-US')} characters; at most ${MAX_CSV_TEXT.toLocaleString('en-US')})` });
  }),
  /** The file's name, or "pasted CSV". */
  sourceName: z.string().catch('CSV').transform((s) => s.slice(0, 200) || 'CSV'),
  maxStates: StateCapSchema,
  /** The ruleset the levels are analysed under (SPEC §12); absent means Longcat. */
  rules: RulesSchema,
});
export type CsvRequest = z.input<typeof CsvRequestSchema>;

const NO_ROWS = 'level: no rows of text';
const BAD_SECONDS = 'seconds must be a non-negative number';

/**
 * One entry of the averaged playtest log. Its rows are only checked to be
 * text here (the api parses them as a level); a missing or odd name or play
 * count falls back (`level N` is the api's, 1 play) rather than drop the entry.
 */
export const PlaytestEntrySchema = z.object(
  {
    rows: z.array(z.string({ error: NO_ROWS }), { error: NO_ROWS }),
    seconds: z.number({ error: BAD_SECONDS }).finite(BAD_SECONDS).min(0, BAD_SECONDS),
    name: z.string().catch(''),
    plays: z.number().int().positive().catch(1),
  },
  { error: NO_ROWS },
);

/** An entry's problem as one sentence: missing rows first (the entry is not a level at all), then the rest. */
export function describePlaytestEntry(error: z.ZodError): string {
  return error.issues.some((i) => i.path.length === 0 || i.path[0] === 'rows') ? NO_ROWS : (error.issues[0]?.message ?? NO_ROWS);
}

export const PlaytestLevelRequestSchema = z.object({
  /** Each entry is checked on its own (a bad one is a listed problem). */
  levels: z.array(z.unknown(), { error: 'the request has no levels' }),
  maxStates: StateCapSchema,
  rules: RulesSchema,
});
export interface PlaytestLevelRequest {
  readonly levels: readonly { readonly name: string; readonly rows: readonly string[]; readonly seconds: number; readonly plays: number }[];
  readonly maxStates: number;
  readonly rules?: RulesetName;
}

const MethodSchema = z.enum(FIT_METHODS, { error: `unknown method: use one of ${FIT_METHODS.join(', ')}` });

/** Rows of feature values and their labels: equal lengths, `columns` finite values per row, at least `minRows` rows. */
export function matrix(columns: number | null, minRows: number) {
  return z
    .object({
      x: z.array(z.array(z.unknown()), { error: 'features and labels differ in length' }),
      y: z.array(z.unknown(), { error: 'features and labels differ in length' }),
      method: MethodSchema,
      seed: SeedSchema,
    })
    .superRefine((r, ctx) => {
      const fail = (message: string): void => ctx.addIssue({ code: 'custom', message });
      if (r.x.length !== r.y.length) return fail('features and labels differ in length');
      if (r.x.length < minRows) return fail(`at least ${minRows} levels are needed, got ${r.x.length}`);
      const k = columns ?? r.x[0]?.length ?? 0;
      if (k < 1) return fail('choose at least one feature');
      for (let i = 0; i < r.x.length; i++) {
        const row = r.x[i]!;
        if (row.length !== k || !row.every((v) => typeof v === 'number' && Number.isFinite(v))) return fail(`row ${i + 1} does not have ${k} finite feature values`);
        const label = r.y[i];
        if (!(typeof label === 'number' && Number.isFinite(label))) return fail(`row ${i + 1} has no finite label`);
      }
    })
    .transform((r) => ({ ...r, x: r.x as number[][], y: r.y as number[] }));
}

export const EvaluateRequestSchema = matrix(null, 5).and(z.object({ splits: z.number().int().min(1).max(MAX_SPLITS).catch(50) }));
export type EvaluateRequest = z.input<typeof EvaluateRequestSchema>;

const NamesSchema = z
  .array(z.unknown())
  .catch([])
  .transform((names) => names.map(String))
  .superRefine((names, ctx) => {
    if (names.length < 1 || names.length > MAX_ABLATION_FEATURES) ctx.addIssue({ code: 'custom', message: `the ablation takes 1 to ${MAX_ABLATION_FEATURES} features, got ${names.length}` });
  });

/** An ablation request: the names first (they fix the matrix's column count). */
export function parseAblateRequest(request: unknown): z.ZodSafeParseResult<z.infer<ReturnType<typeof matrix>> & { names: string[] }> {
  const names = z.object({ names: NamesSchema }).safeParse(request);
  if (!names.success) return names as z.ZodSafeParseResult<never>;
  const m = matrix(names.data.names.length, 5).safeParse(request);
  return m.success ? { success: true, data: { ...m.data, names: names.data.names } } : (m as z.ZodSafeParseResult<never>);
}
export type AblateRequest = z.input<ReturnType<typeof matrix>> & { readonly names: readonly string[] };

const FeaturesSchema = z
  .array(z.enum(FEATURE_NAMES, { error: 'choose at least one known feature' }), { error: 'choose at least one known feature' })
  .min(1, 'choose at least one known feature')
  .refine((f) => new Set(f).size === f.length, 'a feature is chosen twice');

export const FitRequestSchema = z.object({
  name: z.string().catch('').transform((n) => n.trim().slice(0, 200) || 'lab model'),
  features: FeaturesSchema,
  method: MethodSchema,
  seed: SeedSchema,
  samples: z.array(z.record(z.string(), z.unknown())).catch([]),
  labels: z.array(z.unknown()).catch([]),
  /** Where the labels came from ("analytics.csv (140 of 153 rows)"). */
  data: z.string().catch(''),
  labelDescription: z.string().catch(''),
  /** Extra metrics to record; non-finite values are dropped. */
  metrics: z.record(z.string(), z.unknown()).optional().transform((m) => Object.fromEntries(Object.entries(m ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])))),
  createdAt: z.string().catch(() => new Date().toISOString()),
});
