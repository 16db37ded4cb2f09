/**
 * Argument parsers for the CLI: each returns a value or throws a
 * {@link CliError} with one clear line. Every command loads this module, so
 * it imports only small leaf modules (no schemas, no generators, no
 * rulesets): the parsers that need those are in `generatorArgs.ts`.
 */
import { isSideInRange, MAX_SIDE, MIN_SIDE } from '../core/level/level';
import { MAX_SEED } from '../core/util/seed';
import { RULESET_NAMES, type RulesetName } from '../core/rules/ruleset';

/** An error that ends the command with one line on stderr and a non-zero exit. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

export function parseSize(text: string): { width: number; height: number } {
  const m = /^(\d+)x(\d+)$/i.exec(text.trim());
  if (m === null) throw new CliError(`--size must look like 8x8, got "${text}"`);
  const width = Number(m[1]), height = Number(m[2]);
  if (!isSideInRange(width) || !isSideInRange(height)) {
    throw new CliError(`--size must be WxH with width and height each between ${MIN_SIDE} and ${MAX_SIDE}, got "${text}"`);
  }
  return { width, height };
}

/** A plain decimal whole number: no sign, exponent, hex or empty string. */
const wholeNumber = (text: string): number => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : NaN);

export function parseCount(text: string, flag = '--count', max = 10_000_000): number {
  const n = wholeNumber(text);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`${flag} must be a whole number from 1 to ${max}, got "${text}"`);
  return n;
}

/**
 * A decimal number (sign, fraction and exponent allowed; no hex, no `Infinity`,
 * no empty string) within [min, max]; the message echoes what was typed.
 */
export function parseNumber(text: string, flag: string, min: number, max: number, what = `a number from ${min} to ${max}`): number {
  const t = text.trim();
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw new CliError(`${flag} must be ${what}, got "${text}"`);
  return n;
}

/** A plain whole number within [min, max] (no sign, exponent or fraction); the message echoes what was typed. */
export function parseWhole(text: string, flag: string, min: number, max: number): number {
  const n = wholeNumber(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return n;
}

/** Most problems a message lists; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

/** Problems as one line: the first {@link MAX_LISTED_PROBLEMS}, then "and N more". */
export function listProblems(problems: readonly { path: string; message: string }[], max = MAX_LISTED_PROBLEMS): string {
  const shown = problems.slice(0, max).map((p) => `${p.path}: ${p.message}`.replace(/\s*\n\s*/g, ' ')).join('; ');
  return problems.length > max ? `${shown}; and ${problems.length - max} more` : shown;
}

/** `--seed`: a whole number from 0 to {@link MAX_SEED} (what `SeedSchema` accepts). */
export function parseSeed(text: string): number {
  const n = wholeNumber(text);
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEED) throw new CliError(`--seed must be a whole number from 0 to ${MAX_SEED}, got "${text}"`);
  return n;
}

/** `--rules longcat|paint` (SPEC §12): the ruleset of text input and of generated levels. */
export function parseRules(text: string): RulesetName {
  if (!(RULESET_NAMES as readonly string[]).includes(text)) throw new CliError(`--rules must be one of ${RULESET_NAMES.join(', ')}, got "${text}"`);
  return text as RulesetName;
}

/** Most shards a run may be split into. */
export const MAX_SHARDS = 100_000;

/** `--shard i/n`, 1-based as in Playwright: returns the 0-based shard. */
export function parseShard(text: string): { shard: number; shards: number } {
  const m = /^(\d{1,7})\/(\d{1,7})$/.exec(text.trim());
  const i = m ? Number(m[1]) : NaN, n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || n > MAX_SHARDS || i < 1 || i > n) throw new CliError(`--shard must be i/n with 1 <= i <= n <= ${MAX_SHARDS}, got "${text}"`);
  return { shard: i - 1, shards: n };
}

/** The shard a batch platform's environment names (Kubernetes, AWS Batch, Google Cloud Batch). */
export { shardFromEnv } from './shardEnv';
