/**
 * The generators worker's protocol: its request schema, its answer and its
 * limits. The page imports this (form bounds) without pulling in the api.
 */
import { z } from 'zod';
import type { ClassCounts } from '../core/graph/classes';
import type { LevelFeatures } from '../core/graph/features';
import { GENERATOR_NAMES, generatorsFor } from '../core/generators/registry';
import { MAXIMIZABLE_FEATURES } from '../core/generators/maximize';
import { RULESET_NAMES } from '../core/rules/ruleset';
import { PinRowsField, SeedSchema, SideSchema, wholeNumber } from '../core/util/schemas';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** Most levels one request may ask for. */
export const MAX_GENERATE_COUNT = 500;

export const GenerateRequestSchema = z.object({
  generator: z.enum(GENERATOR_NAMES, { error: `the generator must be one of ${GENERATOR_NAMES.join(', ')}` }),
  /** The ruleset (SPEC §12); absent means Longcat. */
  rules: z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` }).optional(),
  width: SideSchema,
  height: SideSchema,
  seed: SeedSchema,
  /** Levels wanted. */
  count: wholeNumber('the count', 1, MAX_GENERATE_COUNT),
  /** First iteration index (to continue a run). */
  startIndex: wholeNumber('the start index', 0, Number.MAX_SAFE_INTEGER).optional(),
  /** Cells every level keeps, as pin rows (`core/generators/pins.ts`: ? free, # wall, . open, C start). */
  pins: PinRowsField.optional(),
}).refine((r) => generatorsFor(r.rules ?? DEFAULT_RULESET_NAME).includes(r.generator), { path: ['generator'], message: 'this generator does not run under these rules (RPU is Longcat only)' });
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;

export interface GeneratedLevel {
  /** Iteration index within the run: with the settings, it reproduces the level. */
  readonly index: number;
  /** `generatedLevelId`: the CLI's id for the same level. */
  readonly id: string;
  readonly rows: string[];
  readonly key: string;
  readonly solution: string | null;
  readonly counts: ClassCounts;
  readonly features: LevelFeatures;
}

export interface GenerateResult {
  readonly levels: GeneratedLevel[];
  /** Iterations run, including unsolvable (puzzle-up) and duplicate ones. */
  readonly iterations: number;
  readonly duplicates: number;
  readonly nextIndex: number;
  /** Set when the iteration budget ran out before `count` levels. */
  readonly message: string | null;
}

/** Most levels one longest-puzzle search may evaluate (the CLI's default budget). */
export const MAX_MAXIMIZE_EVALUATIONS = 2_000_000;

/** The longest-puzzle search (SPEC §14, `generate --maximize` on the command line): one best level. */
export const MaximizeRequestSchema = z.object({
  rules: z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` }),
  width: SideSchema,
  height: SideSchema,
  /** Wall cells in every level (ice: rocks); checked against the size by `maximizeProblem`. */
  walls: wholeNumber('the walls', 0, 256),
  feature: z.enum(MAXIMIZABLE_FEATURES as [string, ...string[]], { error: `the feature must be one of ${MAXIMIZABLE_FEATURES.join(', ')}` }),
  seed: SeedSchema,
  evaluations: wholeNumber('the evaluations', 1, MAX_MAXIMIZE_EVALUATIONS),
});
export type MaximizeRequest = z.infer<typeof MaximizeRequestSchema>;

export interface MaximizeResult {
  /** The best level, or null when no solvable level was met. */
  readonly level: GeneratedLevel | null;
  /** Its value of the feature. */
  readonly value: number | null;
  readonly evaluations: number;
  /** The evaluation (1-based) on which the best level was first met. */
  readonly foundAt: number;
}
