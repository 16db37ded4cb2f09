/**
 * Upgrades pack JSON written by older versions of Longcat Studio to the
 * current version, one step at a time, before the schema sees it (STYLE
 * habit 4; tldraw keeps migrations beside the record type the same way).
 *
 * A migration takes the raw JSON object of version `v` and returns the JSON
 * object of version `v + 1`. It runs on untrusted input, so it must cope with
 * any shape (leave what it does not understand for the schema to report);
 * the runner catches a throw anyway and turns it into a problem. Adding a
 * version means adding the entry `[v, fromVv]` to {@link PACK_MIGRATIONS},
 * bumping {@link CURRENT_PACK_VERSION} and updating `schema.ts` to the new
 * shape.
 *
 * History: version 1 (SPEC §10) had no ruleset; version 2 (SPEC §12) adds
 * the top-level `"rules": "longcat" | "paint"`, and every version 1 pack is
 * a Longcat pack.
 */
import { describeValue } from './describe';
import type { PackProblem } from './pack';
import { err, ok, type Result } from '../util/result';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/** The pack version this build writes and the highest it reads. */
export const CURRENT_PACK_VERSION = 2;

/** The oldest pack version that ever existed. */
export const FIRST_PACK_VERSION = 1;

/** One upgrade step: the JSON object of version `v` in, that of `v + 1` out. */
export type PackMigration = (pack: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/** Upgrade steps keyed by the version they upgrade from. */
export type PackMigrationChain = ReadonlyMap<number, PackMigration>;

/** Version 1 to 2: a version 1 pack is Longcat (it predates rulesets); whatever `rules` a hand edit put there is replaced. */
export const fromV1: PackMigration = (pack) => ({ ...pack, rules: DEFAULT_RULESET_NAME });

/** The chain of this build. */
export const PACK_MIGRATIONS: PackMigrationChain = new Map<number, PackMigration>([[1, fromV1]]);

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the pack's `version` and runs every step from it up to `current`.
 * The result has `version === current`. Problems (all at path `version`, or
 * `$` for a root that is not an object or a step that failed): a missing or
 * non-integer version, a version below {@link FIRST_PACK_VERSION}, a version
 * newer than this build, a gap in the chain. Never throws.
 *
 * `chain` and `current` are parameters so tests can run the mechanism with a
 * made-up version 2; callers use the defaults. Cost: the sum of the steps.
 */
export function migratePack(
  json: unknown,
  chain: PackMigrationChain = PACK_MIGRATIONS,
  current: number = CURRENT_PACK_VERSION,
): Result<Record<string, unknown>, PackProblem[]> {
  if (!isJsonObject(json)) {
    return err([{ path: '$', message: 'a pack is a JSON object { "format": "longcat-pack", "version": ..., ... }' }]);
  }
  const version = json['version'];
  if (version === undefined) {
    return err([
      { path: 'version', message: `the pack has no "version" number; expected a whole number from ${FIRST_PACK_VERSION} to ${current}` },
    ]);
  }
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return err([{ path: 'version', message: `expected a whole version number such as ${current} but found ${describeValue(version)}` }]);
  }
  if (version < FIRST_PACK_VERSION) {
    return err([{ path: 'version', message: `version ${version} does not exist; pack versions start at ${FIRST_PACK_VERSION}` }]);
  }
  if (version > current) {
    return err([
      {
        path: 'version',
        message: `made by a newer version of Longcat Studio (version ${version}); this build reads up to ${current}`,
      },
    ]);
  }
  let pack: Record<string, unknown> = json;
  for (let from = version; from < current; from++) {
    const step = chain.get(from);
    if (step === undefined) {
      return err([{ path: 'version', message: `this build cannot upgrade a version ${from} pack (no migration to ${from + 1})` }]);
    }
    try {
      const next = step(pack);
      if (!isJsonObject(next)) throw new Error('the migration did not return an object');
      pack = { ...next, version: from + 1 };
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return err([{ path: '$', message: `could not upgrade the pack from version ${from} to ${from + 1}: ${reason}` }]);
    }
  }
  return ok(pack);
}
