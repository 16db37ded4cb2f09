/** Reading worker answers in tests: the value of an `ok`, or the sentence of a refusal. */
import { expect } from 'vitest';
import type { Outcome } from '../../src/workers/outcome';

/** The value of an `ok` outcome (fails the test with the kind and message otherwise). */
export function value<T>(o: Outcome<T>): T {
  if (o.kind !== 'ok') throw new Error(`${o.kind}: ${o.message}`);
  return o.value;
}

/** The sentence of a refused (`invalid`) request; fails the test for any other kind. */
export function refusal(o: Outcome<unknown>): string {
  expect(o.kind).toBe('invalid');
  return o.kind === 'ok' ? '' : o.message;
}
