/**
 * Small schemas every boundary shares (worker requests, stored records,
 * CLI arguments): the seed range and the level side are defined here once.
 */
import { z } from 'zod';
import { MAX_SIDE, MIN_SIDE } from '../level/level';
import { MAX_SEED } from './seed';

export { MAX_SEED };

const SEED_MESSAGE = `the seed must be a whole number from 0 to ${MAX_SEED}`;

/** A seed: a whole number from 0 to {@link MAX_SEED}. */
export const SeedSchema = z.number({ error: SEED_MESSAGE }).int(SEED_MESSAGE).min(0, SEED_MESSAGE).max(MAX_SEED, SEED_MESSAGE);

/** Whether `value` is a seed {@link SeedSchema} accepts (for inputs that keep the last good value rather than show a message). */
export function isSeed(value: unknown): value is number {
  return SeedSchema.safeParse(value).success;
}

const SIDE_MESSAGE = `width and height must each be between ${MIN_SIDE} and ${MAX_SIDE}`;

/** A level's width or height. */
export const SideSchema = z.number({ error: SIDE_MESSAGE }).int(SIDE_MESSAGE).min(MIN_SIDE, SIDE_MESSAGE).max(MAX_SIDE, SIDE_MESSAGE);

/**
 * A whole number with a comma between groups of three digits, as
 * `toLocaleString('en-US')` writes it ("1,000,000"). Written out because the
 * schemas below are built when their modules load, on the studio's first
 * load: each `toLocaleString` with a locale builds an ICU formatter, and the
 * dozen of them took about 20 ms of the page's first task. Other numbers
 * go to `toLocaleString`.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out === '' ? '' : `,${out}`);
  return n < 0 ? `-${out}` : out;
}

/** A whole number from `min` to `max`, with one sentence as its message. */
export function wholeNumber(what: string, min: number, max: number): z.ZodNumber {
  const message = max === Number.MAX_SAFE_INTEGER ? `${what} must be a whole number >= ${min}` : `${what} must be a whole number from ${groupDigits(min)} to ${groupDigits(max)}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/**
 * A zod error as one line. Our sentences name their field ("the seed must
 * be ...") and stand alone; fragments ("must be positive", "has 3 values")
 * and zod's own upper-case messages ("Invalid input") get their path in front.
 */
export function describeIssues(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const i of error.issues) {
    const own = /^[a-z]/.test(i.message) && !/^(must|has|lists|is|expected) /.test(i.message);
    const line = own || i.path.length === 0 ? i.message : `${i.path.map(String).join('.')}: ${i.message}`;
    if (!seen.has(line)) parts.push(line);
    seen.add(line);
  }
  return parts.join('; ');
}

/** Pin rows as they cross a boundary (`generators/pins.ts` parses them): 3 to 16 rows of at most 16 characters. */
export const PinRowsField = z.array(z.string().max(16), { error: 'pins must be a list of rows' }).min(3).max(16);
