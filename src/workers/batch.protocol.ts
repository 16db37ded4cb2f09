/**
 * The batch worker's protocol: request schemas for generate-at-difficulty,
 * curves and evaluations, and their limits. The page imports this (form
 * bounds, generator names) without pulling in the api.
 */
import { z } from 'zod';
import { DifficultyModelField } from '../core/difficulty/model';
import { toleranceWidth } from '../core/generators/atDifficulty';
import { generatorsFor } from '../core/generators/registry';
import { RULESET_NAMES } from '../core/rules/ruleset';
import { MEASURE_NAMES } from '../core/range/measures';
import { secondTargetProblem } from '../core/range/secondTarget';
import { hitRateGridProblem, MAX_GRID_VALUES } from '../core/jobs/hitRate';
import { PinRowsField, SeedSchema, SideSchema, wholeNumber } from '../core/util/schemas';
import { ModelFilesSchema, parseModelMeta } from '../ml/schemas';
import { describeParseError, parseRows } from '../core/level/format';
import { pinSweepProblem, pinSweepSets } from '../core/generators/pinSweep';
import { pinsProblem } from '../core/generators/pins';
import { modelRulesProblem } from '../ml/modelRules';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** Generators a batch evaluation can run. */
export const BATCH_GENERATORS = ['rsd', 'rpu', 'sd-pcgrl'] as const;
export type BatchGenerator = (typeof BATCH_GENERATORS)[number];

/** Most levels one generate-at-difficulty request may ask for. */
export const MAX_AT_DIFFICULTY_COUNT = 50;
/** Most levels one curve may hold. */
export const MAX_CURVE_COUNT = 100;
/** Most iterations per evaluation run (per temperature for SD-PCGRL): the duplicate set grows with it. */
export const MAX_EVALUATION_COUNT = 200_000;
/** Most temperatures one SD-PCGRL evaluation runs. */
export const MAX_TEMPERATURES = 21;
/** Sample levels kept per difficulty span (the first ones found: deterministic by seed). */
export const SAMPLES_PER_SPAN = 6;

const OpenCellsSchema = z
  .object({ min: wholeNumber('the least open cells', 1, 256).optional(), max: wholeNumber('the most open cells', 1, 256).optional() }, { error: 'openCells must be { min, max }' })
  .refine((o) => o.min === undefined || o.max === undefined || o.min <= o.max, 'the least open cells is above the most');

const SecondTargetSchema = z
  .object({ measure: z.enum(MEASURE_NAMES), target: z.number(), tolerance: z.number() }, { error: 'the second target must be { measure, target, tolerance }' })
  .superRefine((t, ctx) => {
    const problem = secondTargetProblem(t);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

const TimeLimitSchema = z.number().gt(0, 'the time limit must be between 0 and 600,000 ms').max(600_000, 'the time limit must be between 0 and 600,000 ms');

/** The ruleset of a job (SPEC §12); absent means Longcat. */
export const RulesField = z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` }).optional();

/** What every at-difficulty search takes: size, ruleset, how many, seed, constraints and the model. */
const SearchFields = {
  rules: RulesField,
  width: SideSchema,
  height: SideSchema,
  seed: SeedSchema,
  /** Level keys to avoid (`levelKey`, e.g. the pack's levels). */
  exclude: z.array(z.string(), { error: 'exclude must be a list of level keys' }).optional(),
  uniqueSolution: z.boolean().optional(),
  openCells: OpenCellsSchema.optional(),
  /** The active difficulty model. */
  model: DifficultyModelField,
  /** Cells every level keeps, as pin rows (`core/generators/pins.ts`). */
  pins: PinRowsField.optional(),
  /** A second measure held within its own window (`core/range/secondTarget.ts`). */
  also: SecondTargetSchema.optional(),
};

export const ToleranceSchema = z.object(
  {
    relative: z.number().min(0).max(10),
    absolute: z.number().min(0).refine(Number.isFinite, 'must be finite'),
  },
  { error: 'the tolerance must have relative 0..10 and absolute >= 0' },
);

export const AtDifficultyJobSchema = z
  .object({
    ...SearchFields,
    count: wholeNumber('the count', 1, MAX_AT_DIFFICULTY_COUNT),
    target: z.number({ error: 'the target difficulty must be a number >= 0' }).min(0, 'the target difficulty must be a number >= 0').refine(Number.isFinite, 'the target difficulty must be a number >= 0'),
    /** Default: the larger of ±10% and ±3. */
    tolerance: ToleranceSchema.optional(),
    /** Wall-clock limit for the whole request, an outer cancel (default: 5 s, plus 1.5 s per level past the third). */
    timeLimitMs: TimeLimitSchema.optional(),
  })
  .refine((j) => j.tolerance === undefined || toleranceWidth(j.target, j.tolerance) > 0, { message: 'the tolerance is zero: no level can be exactly on a number', path: ['tolerance'] });
export type AtDifficultyJob = z.infer<typeof AtDifficultyJobSchema>;

const CurveEnd = (name: string) =>
  z.number({ error: `the curve's ${name} must be a difficulty from 0 to 10,000` }).min(0, `the curve's ${name} must be a difficulty from 0 to 10,000`).max(10_000, `the curve's ${name} must be a difficulty from 0 to 10,000`);

export const CurveJobSchema = z.object({
  ...SearchFields,
  /** Difficulty of the first and the last level; targets are evenly spaced between. */
  from: CurveEnd('from'),
  to: CurveEnd('to'),
  count: wholeNumber('the number of levels on a curve', 1, MAX_CURVE_COUNT),
  /** Per level (default 4 s). */
  timeLimitMs: TimeLimitSchema.optional(),
});
export type CurveJob = z.infer<typeof CurveJobSchema>;

/** Most values one size or pins sweep runs. */
export const MAX_SWEEP_VALUES = 21;

const sweepValues = (what: string, item: z.ZodNumber) =>
  z.array(item, { error: `${what} must be a list of 1 to ${MAX_SWEEP_VALUES} whole numbers` }).min(1, `${what} must be a list of 1 to ${MAX_SWEEP_VALUES} whole numbers`).max(MAX_SWEEP_VALUES, `${what} must be a list of 1 to ${MAX_SWEEP_VALUES} whole numbers`);

/** A batch sweep: square sizes (each side), or numbers of cells pinned on a level (`core/generators/pinSweep.ts`). */
export const EvaluationSweepSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('size'), sides: sweepValues('the sweep\'s sizes', SideSchema) }),
    z.object({ kind: z.literal('pins'), counts: sweepValues('the sweep\'s pinned cells', wholeNumber('a number of pinned cells', 0, 256)), level: z.array(z.string().max(16)).min(3).max(16) }),
  ],
  { error: 'the sweep must be { kind: "size", sides } or { kind: "pins", counts, level }' },
);
export type EvaluationSweep = z.infer<typeof EvaluationSweepSchema>;

export const EvaluationJobSchema = z
  .object({
    generator: z.enum(BATCH_GENERATORS, { error: `the generator must be one of ${BATCH_GENERATORS.join(', ')}` }),
    rules: RulesField,
    width: SideSchema,
    height: SideSchema,
    /** Iterations per run. */
    count: wholeNumber('the number of levels', 1, MAX_EVALUATION_COUNT),
    seed: SeedSchema,
    model: DifficultyModelField,
    /** SD-PCGRL: one run per temperature (0..1). */
    temperatures: z
      .array(z.number().min(0).max(1), { error: `temperatures must be 1 to ${MAX_TEMPERATURES} numbers from 0 to 1` })
      .min(1, `temperatures must be 1 to ${MAX_TEMPERATURES} numbers from 0 to 1`)
      .max(MAX_TEMPERATURES, `temperatures must be 1 to ${MAX_TEMPERATURES} numbers from 0 to 1`)
      .optional(),
    /** SD-PCGRL: the policy's files. */
    policy: ModelFilesSchema.optional(),
    /** The state cap of each level's analysis (default 200,000): a level past it is counted as capped. */
    maxStates: wholeNumber('the state cap', 1, 5_000_000).optional(),
    /** RSD and RPU: one run per value of the size or of the number of pinned cells (`core/range/sweep.ts`); width and height are then the pins' level's. */
    sweep: EvaluationSweepSchema.optional(),
  })
  .superRefine((j, ctx) => {
    const problem = batchGeneratorProblem(j.generator, j.rules);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['generator'], message: problem });
    if (j.sweep !== undefined) {
      if (j.generator === 'sd-pcgrl') ctx.addIssue({ code: 'custom', path: ['sweep'], message: 'sd-pcgrl sweeps its temperatures: its policy was trained at one size and draws no pinned cells here' });
      else if (j.sweep.kind === 'pins') {
        const level = parseRows(j.sweep.level);
        let sweepProblem = !level.ok ? `the pins' level: ${describeParseError(level.error)}` : level.value.width !== j.width || level.value.height !== j.height ? `the pins' level is ${level.value.width}x${level.value.height}, the run ${j.width}x${j.height}` : pinSweepProblem(level.value, j.sweep.counts);
        if (sweepProblem === null && level.ok) {
          // Each set's cells as the level has them: impossible only when the level's own open cells are cut apart.
          const sets = pinSweepSets(level.value, j.sweep.counts, j.seed);
          const at = sets.findIndex((p) => pinsProblem(p) !== null);
          if (at >= 0) sweepProblem = `with ${j.sweep.counts[at]} cells of the level pinned, ${pinsProblem(sets[at]!)}`;
        }
        if (sweepProblem !== null) ctx.addIssue({ code: 'custom', path: ['sweep'], message: sweepProblem });
      }
    }
    if (j.generator !== 'sd-pcgrl') return;
    if (j.temperatures === undefined) ctx.addIssue({ code: 'custom', path: ['temperatures'], message: `temperatures must be 1 to ${MAX_TEMPERATURES} numbers from 0 to 1` });
    if (j.policy === undefined) {
      ctx.addIssue({ code: 'custom', path: ['policy'], message: 'sd-pcgrl needs its model files (model.json, weights.bin, meta.json)' });
      return;
    }
    // A meta that does not parse is reported by the loader; here only a readable one's ruleset is judged.
    const meta = parseModelMeta(j.policy.meta);
    const rulesProblem = meta.ok ? modelRulesProblem(meta.meta, j.rules ?? DEFAULT_RULESET_NAME) : null;
    if (rulesProblem !== null) ctx.addIssue({ code: 'custom', path: ['policy'], message: rulesProblem });
  });
export type EvaluationJob = z.infer<typeof EvaluationJobSchema>;

/** Most one-level requests per cell of a hit-rate map. */
export const MAX_HIT_RATE_REQUESTS = 1000;
/** Most cells of one hit-rate map. */
export const MAX_HIT_RATE_CELLS = 400;

const GridValue = z.number({ error: 'a grid value must be a number >= 0' }).min(0, 'a grid value must be a number >= 0').max(1e9, 'a grid value must be at most 1e9');

/** The hit-rate map of generate at difficulty (`core/jobs/hitRate.ts`): targets, an optional second measure's values, requests and budget. */
export const HitRateJobSchema = z
  .object({
    rules: RulesField,
    width: SideSchema,
    height: SideSchema,
    seed: SeedSchema,
    model: DifficultyModelField,
    targets: z.array(GridValue).min(1, 'at least one difficulty target').max(MAX_GRID_VALUES, `at most ${MAX_GRID_VALUES} difficulty targets`),
    also: z
      .object({ measure: z.enum(MEASURE_NAMES), values: z.array(GridValue).min(1, 'at least one value of the second measure').max(MAX_GRID_VALUES, `at most ${MAX_GRID_VALUES} values of the second measure`) })
      .optional(),
    requests: wholeNumber('the requests per cell', 1, MAX_HIT_RATE_REQUESTS),
    evaluations: wholeNumber('the evaluations per request', 1, 10_000_000),
  })
  .superRefine((j, ctx) => {
    const cells = j.targets.length * (j.also?.values.length ?? 1);
    if (cells > MAX_HIT_RATE_CELLS) ctx.addIssue({ code: 'custom', path: ['targets'], message: `at most ${MAX_HIT_RATE_CELLS} cells (targets times second values), got ${cells}` });
    const problem = hitRateGridProblem({ ...j, rules: j.rules ?? DEFAULT_RULESET_NAME });
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['also'], message: problem });
  });
export type HitRateJob = z.input<typeof HitRateJobSchema>;

/**
 * Why a batch generator cannot run under a ruleset, as a sentence, or null.
 * RPU's stop rules are Longcat's. SD-PCGRL runs under any ruleset its
 * policy was trained for: the policy's ruleset is checked against the job's
 * by {@link EvaluationJobSchema} (`modelRulesProblem`).
 */
export function batchGeneratorProblem(generator: BatchGenerator, rules: (typeof RULESET_NAMES)[number] = DEFAULT_RULESET_NAME): string | null {
  if (generator === 'sd-pcgrl') return null;
  return generatorsFor(rules).includes(generator) ? null : `${generator} does not run under the ${rules} rules (its stop rules are Longcat's)`;
}
