/**
 * The one answer shape of every worker client (and of the apis behind them):
 * a value, or why there is none. `invalid` is a request the api refused (the
 * message says what to fix), `cancelled` the user's Cancel (or a newer
 * request), `failed` anything that went wrong while running (a crashed
 * worker, a backend that would not start). Only `ok` carries a value.
 */
import type { z } from 'zod';
import { describeIssues } from '../core/util/schemas';

export type Outcome<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'cancelled'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/** Any outcome that is not `ok`. */
export type Problem = Exclude<Outcome<never>, { kind: 'ok' }>;

export const ok = <T>(value: T): Outcome<T> => ({ kind: 'ok', value });
export const invalid = (message: string): Problem => ({ kind: 'invalid', message });
export const cancelled = (message: string): Problem => ({ kind: 'cancelled', message });
export const failed = (e: unknown): Problem => ({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });

/** Parses a request that crossed a boundary: the value, or `invalid` with the problems as one sentence. */
export function parseRequest<S extends z.ZodType>(schema: S, request: unknown): { readonly kind: 'ok'; readonly value: z.infer<S> } | Problem {
  const r = schema.safeParse(request);
  return r.success ? { kind: 'ok', value: r.data } : invalid(describeIssues(r.error));
}
