/**
 * Level streams (SPEC §11): NDJSON, one level object a line, for runs past a
 * pack's 10,000 levels. A line holds `rules` (the ruleset, `"longcat"` or
 * `"paint"`, SPEC §12)
 * followed by a pack level's fields in the pack's order (id, name, rows,
 * difficulty, features, source, ...), compact JSON, ending in `\n`. A stream
 * has no header and no level limit: it is read and written a line at a time,
 * so memory does not grow with its length. Lines are checked by the pack's
 * own schema and grid parser, so a stream line and a pack level accept the
 * same values.
 */
import { importPackJson, orderedPackLevel, type PackProblem } from '../pack/pack';
import { PACK_FORMAT, type PackLevel } from '../pack/schema';
import { CURRENT_PACK_VERSION, isJsonObject } from '../pack/migrations';
import { levelKey, type Level } from '../level/level';
import { err, ok, type Result } from '../util/result';
import { RULESET_NAMES, type RulesetName } from '../rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/** Longest line a reader accepts, in UTF-16 code units (a level of the largest size with notes and tags is far shorter). */
export const MAX_STREAM_LINE = 64 * 1024;

/** A stream line's level: the pack level, its parsed grid and its content key (walls and head). */
export interface StreamLevel {
  readonly level: PackLevel;
  readonly grid: Level;
  readonly key: string;
  /** The ruleset the line names. */
  readonly rules: RulesetName;
}

/** One stream line for `level` under `rules` (default Longcat), without the trailing newline. */
export function formatStreamLine(level: PackLevel, rules: RulesetName = DEFAULT_RULESET_NAME): string {
  return JSON.stringify({ rules, ...orderedPackLevel(level) });
}

/**
 * Reads one stream line (1-based `line` for messages). Never throws: a line
 * that is not JSON, names no known ruleset, or fails the pack level's checks
 * comes back with every problem, each path starting `line N`.
 */
export function parseStreamLine(text: string, line: number): Result<StreamLevel, PackProblem[]> {
  const at = `line ${line}`;
  if (text.length > MAX_STREAM_LINE) return err([{ path: at, message: `the line is longer than ${MAX_STREAM_LINE} characters; a stream line holds one level` }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([{ path: at, message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` }]);
  }
  if (!isJsonObject(json)) return err([{ path: at, message: 'expected a level object { "rules", "id", "name", "rows", ... }' }]);
  const { rules, ...fields } = json;
  if (typeof rules !== 'string' || !(RULESET_NAMES as readonly string[]).includes(rules)) {
    return err([{ path: `${at}.rules`, message: `expected one of ${RULESET_NAMES.map((n) => `"${n}"`).join(', ')} but found ${rules === undefined ? 'nothing' : JSON.stringify(rules).slice(0, 40)}` }]);
  }
  const r = importPackJson({ format: PACK_FORMAT, version: CURRENT_PACK_VERSION, rules, name: 'stream', levels: [fields] });
  if (!r.ok) return err(r.error.map((p) => ({ ...p, path: p.path.replace(/^\$?\.?levels\[0\]/, at).replace(/^\$$/, at) })));
  const grid = r.value.levels[0]!;
  return ok({ level: r.value.pack.levels[0]!, grid, key: levelKey(grid), rules: rules as RulesetName });
}

/**
 * The first line of a shard's stream (docs/formats.md): which shard of how
 * many it is, 1-based as `--shard i/n` says it, and the run it is a shard of
 * (the settings that make its levels: generator, ruleset, size, seed,
 * length, ...), so `merge` can refuse a set with a shard missing, repeated,
 * or from another run. A whole run's stream and a merged stream have no
 * header.
 */
export interface ShardHeader {
  readonly shard: { readonly index: number; readonly count: number };
  readonly run: Readonly<Record<string, string | number | boolean | null>>;
}

/** The header line (no newline): `{"shard":{"index":i,"count":n},"run":{...}}`. */
export function formatShardHeader(h: ShardHeader): string {
  return JSON.stringify({ shard: { index: h.shard.index, count: h.shard.count }, run: h.run });
}

/** Most shards a run may be split into (the CLI's `--shard` limit). */
const MAX_HEADER_SHARDS = 100_000;

/**
 * A line read as a shard header: null when it is not one (a level line has
 * `rules` and no `shard`), else the header or what is wrong with it.
 */
export function parseShardHeader(text: string, line: number): Result<ShardHeader, PackProblem[]> | null {
  if (!text.startsWith('{"shard"') && !/^\s*\{\s*"shard"\s*:/.test(text)) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null; // parseStreamLine reports it
  }
  if (!isJsonObject(json) || !('shard' in json) || 'rules' in json) return null;
  const at = `line ${line}`;
  const { shard, run } = json;
  const index = isJsonObject(shard) ? shard['index'] : undefined, count = isJsonObject(shard) ? shard['count'] : undefined;
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!whole(count) || count < 1 || count > MAX_HEADER_SHARDS || !whole(index) || index < 1 || index > count) {
    return err([{ path: `${at}.shard`, message: `expected { "index": i, "count": n } with 1 <= i <= n <= ${MAX_HEADER_SHARDS}` }]);
  }
  if (!isJsonObject(run) || !Object.values(run).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
    return err([{ path: `${at}.run`, message: 'expected an object of the run\'s settings (strings, numbers, booleans)' }]);
  }
  return ok({ shard: { index, count }, run: run as ShardHeader['run'] });
}
