/**
 * A value or an error, never a throw: user input (level text, packs, share
 * links, model files) is parsed into a `Result`; only programmer bugs throw.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A successful {@link Result}. */
export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
/** A failed {@link Result}. */
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
