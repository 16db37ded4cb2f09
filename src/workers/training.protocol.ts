/**
 * The training worker's protocol: the schemas of its settings, of the
 * session record a checkpoint keeps, and of a generate request, with the
 * limits. Settings cross the worker boundary and come back from IndexedDB:
 * both go through {@link TrainingSettingsSchema}.
 */
import { z } from 'zod';
import { DifficultyModelField } from '../core/difficulty/model';
import { PinRowsField, SeedSchema, SideSchema, wholeNumber } from '../core/util/schemas';
import { BACKENDS } from '../ml/backendNames';
import { RECIPES } from '../ml/recipes';
import { RULESET_NAMES } from '../core/rules/ruleset';
import type { TrainingBudget } from '../ml/trainer';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

const RECIPE_NAMES = Object.keys(RECIPES) as [keyof typeof RECIPES, ...(keyof typeof RECIPES)[]];

/** Levels a single generate call may ask for. */
export const MAX_SD_COUNT = 1000;

const RulesSchema = z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` });

const SettingsFields = {
  env: z.enum(['sd-pcgrl', 'turtle'], { error: 'the environment must be sd-pcgrl or turtle' }),
  width: SideSchema,
  height: SideSchema,
  encoding: z.enum(['markov', 'thesis'], { error: 'the encoding must be markov or thesis' }),
  recipe: z.enum(RECIPE_NAMES, { error: `the recipe must be one of ${RECIPE_NAMES.join(', ')}` }),
  seed: SeedSchema,
  backend: z.enum(BACKENDS, { error: `the backend must be one of ${BACKENDS.join(', ')}` }).optional(),
  /** Transitions in the replay buffer before the first update (default: the recipe's). */
  learningStarts: wholeNumber('learning starts', 1, Number.MAX_SAFE_INTEGER).optional(),
  /**
   * The ruleset SD-PCGRL carves under (SPEC §12): the pack's when the run
   * started. Absent means Longcat (requests from before rulesets; stored
   * records get it from {@link migrateSessionRules}).
   */
  rules: RulesSchema.optional(),
};

/** Settings as stored and shown (the difficulty model is kept apart: it is large). */
export const TrainingSettingsSummarySchema = z.object(SettingsFields);
export type TrainingSettingsSummary = z.infer<typeof TrainingSettingsSummarySchema>;

export const TrainingSettingsSchema = z.object({ ...SettingsFields, model: DifficultyModelField });
export type TrainingSettings = z.infer<typeof TrainingSettingsSchema>;

/** What `configure` takes: the recipe may also be `auto` (gpu on a real WebGPU adapter, else fast). */
export const TrainingRequestSchema = TrainingSettingsSchema.extend({
  recipe: z.enum([...RECIPE_NAMES, 'auto'], { error: `the recipe must be auto or one of ${RECIPE_NAMES.join(', ')}` }),
});
export type TrainingRequest = z.infer<typeof TrainingRequestSchema>;

/** A run's budget; absent limits are left out (not `undefined`), as the trainer expects. */
export const BudgetSchema = z
  .object({ minutes: z.number().positive().optional(), episodes: z.number().int().positive().optional(), envSteps: z.number().int().positive().optional() })
  .transform((b): TrainingBudget => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)));

const ProgressPointSchema = z.object({
  episodes: z.number(), envSteps: z.number(), updates: z.number(), elapsed: z.number(), epsilon: z.number(), meanReturn: z.number(),
  meanDifficulty: z.number(), meanLoss: z.number(), episodesPerSecond: z.number(), envStepsPerSecond: z.number(), updatesPerSecond: z.number(),
  testDifficulty: z.number().nullable(),
  status: z.enum(['idle', 'running', 'paused', 'stopped', 'finished']),
});

/**
 * What a studio checkpoint keeps beside the network: the settings (with the
 * difficulty model), the budget and the chart history. Malformed history
 * points are dropped, not fatal (they only feed the charts).
 */
export const SessionRecordSchema = z.object({
  settings: TrainingSettingsSchema,
  budget: BudgetSchema.catch({}),
  history: z.array(z.unknown()).catch([]).transform((points) => points.flatMap((p) => {
    const r = ProgressPointSchema.safeParse(p);
    return r.success ? [r.data] : [];
  })),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/**
 * Session records saved before training took a ruleset have settings
 * without `rules`: they trained Longcat (the only ruleset then), and read
 * back saying so. Anything else is left for {@link SessionRecordSchema} to judge.
 */
export function migrateSessionRules(session: unknown): unknown {
  if (typeof session !== 'object' || session === null || !('settings' in session)) return session;
  const settings = (session as { settings: unknown }).settings;
  if (typeof settings !== 'object' || settings === null || 'rules' in settings) return session;
  return { ...session, settings: { ...settings, rules: DEFAULT_RULESET_NAME } };
}

/**
 * An older record in the current shape: session fields kept at the top
 * level (the first format) move under `session`, and settings without a
 * ruleset (before training took one) read as Longcat's. The rest is left
 * for the schema to judge.
 */
export function migrateCheckpointRecord(record: unknown): unknown {
  if (typeof record !== 'object' || record === null) return record;
  if ('session' in record) {
    const session = migrateSessionRules(record.session);
    return session === record.session ? record : { ...record, session };
  }
  if (!('settings' in record)) return record;
  const { settings, budget, history, ...rest } = record as Record<string, unknown>;
  return { ...rest, session: migrateSessionRules({ settings, budget: budget ?? {}, history: history ?? [] }) };
}

export const SdGenerateOptionsSchema = z.object({
  temperature: z.number({ error: 'the temperature must be between 0 and 1' }).min(0, 'the temperature must be between 0 and 1').max(1, 'the temperature must be between 0 and 1'),
  count: wholeNumber('the count', 1, MAX_SD_COUNT),
  seed: SeedSchema,
  /** A cell index, `'every'` (every start cell in turn) or absent (a random start cell per level). */
  startCell: z.union([z.literal('every'), z.number().int().min(0)]).optional(),
  /** The pack's ruleset: a model trained for another is refused (absent: Longcat). */
  rules: RulesSchema.optional(),
  /** Cells every level keeps, as pin rows (`core/generators/pins.ts`), the model's size. */
  pins: PinRowsField.optional(),
});
export type SdGenerateOptions = z.infer<typeof SdGenerateOptionsSchema>;
