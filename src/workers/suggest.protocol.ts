/**
 * The suggestions worker's protocol: the request (the level as rows, the
 * pinned cells, the options and the active difficulty model) and its limits.
 * The answer is `SuggestResult` of `core/generators/suggest.ts`.
 */
import { z } from 'zod';
import { DifficultyModelField } from '../core/difficulty/model';
import { MAX_SIDE } from '../core/level/level';
import { SeedSchema, wholeNumber } from '../core/util/schemas';

/** Fewest and most suggestions one request may ask for. */
export const MIN_SUGGESTIONS = 6;
export const MAX_SUGGESTIONS = 12;

export const SuggestRequestSchema = z.object({
  rows: z.array(z.string(), { error: 'the request has no rows of text' }).max(MAX_SIDE),
  seed: SeedSchema,
  count: wholeNumber('the count', MIN_SUGGESTIONS, MAX_SUGGESTIONS),
  uniqueOnly: z.boolean({ error: 'uniqueOnly must be true or false' }),
  /** Row-major indices of cells no suggestion may change. */
  pinned: z.array(wholeNumber('a pinned cell', 0, MAX_SIDE * MAX_SIDE - 1)).max(MAX_SIDE * MAX_SIDE),
  model: DifficultyModelField,
});
export type SuggestRequest = z.input<typeof SuggestRequestSchema>;
