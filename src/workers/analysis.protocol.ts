/** The analysis worker's protocol: its request schema, its answer and its limits. */
import { z } from 'zod';
import type { GraphData } from '../core/graph/graphData';
import { RULESET_NAMES } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** The largest state cap a request may set. */
export const MAX_STATE_CAP = 5_000_000;
/** The cap used when a request's cap is not a positive whole number. */
export const FALLBACK_STATE_CAP = 200_000;

export const AnalysisRequestSchema = z.object({
  rows: z.array(z.string(), { error: 'the request has no rows of text' }),
  /** State cap (SPEC §3); the search stops and reports past it. Clamped to {@link MAX_STATE_CAP}. */
  maxStates: z.number().int().positive().catch(FALLBACK_STATE_CAP).transform((n) => Math.min(n, MAX_STATE_CAP)),
  /** The ruleset (SPEC §12); Longcat when absent. */
  rules: z.enum(RULESET_NAMES, { error: `rules must be one of ${RULESET_NAMES.join(', ')}` }).default(DEFAULT_RULESET_NAME),
});
export type AnalysisRequest = z.input<typeof AnalysisRequestSchema>;

/** A finished analysis: the graph, or the state cap it ran into (a level that is not malformed, only large). */
export type AnalysisResult =
  | { readonly kind: 'graph'; readonly graph: GraphData }
  | { readonly kind: 'state-cap'; readonly cap: number; readonly statesExplored: number; readonly message: string };
