/**
 * Suggestions while drawing as plain async functions (worker, fallback and
 * Node): parses the request (it crossed a worker boundary), then runs
 * `suggestVariants` with the request's model pricing each variant.
 */
import { predictDifficulty } from '../core/difficulty/predict';
import { suggestVariants, type SuggestResult } from '../core/generators/suggest';
import { parseRows } from '../core/level/format';
import { invalid, ok, parseRequest, type Outcome } from './outcome';
import { SuggestRequestSchema, type SuggestRequest } from './suggest.protocol';

export type { SuggestRequest } from './suggest.protocol';
export type { SuggestResult, Suggestion } from '../core/generators/suggest';

export async function suggest(request: SuggestRequest): Promise<Outcome<SuggestResult>> {
  return suggestSync(request);
}

export function suggestSync(request: SuggestRequest): Outcome<SuggestResult> {
  const parsed = parseRequest(SuggestRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { rows, seed, count, uniqueOnly, pinned, model } = parsed.value;
  const level = parseRows(rows);
  if (!level.ok) return invalid(`the level does not parse: ${level.error.message}`);
  const outside = pinned.find((cell) => cell >= level.value.cells.length);
  if (outside !== undefined) return invalid(`the pinned cell ${outside} is outside the ${level.value.width}x${level.value.height} level`);
  return ok(suggestVariants(level.value, { seed, count, uniqueOnly, pinned, difficultyOf: (f) => predictDifficulty(model, f) }));
}
