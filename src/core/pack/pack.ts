/**
 * Level-pack import and export (SPEC §10): the boundary where a pack file
 * becomes trusted values. {@link importPack} reads any text without throwing
 * and either returns the pack with its parsed levels, or every problem it
 * found, each with a path such as `levels[3].rows[2]`; a bad file changes
 * nothing because nothing is returned. {@link exportPack} writes the
 * canonical text, and `importPack(exportPack(pack))` gives `pack` back.
 *
 * Order of checks: size (before any work), JSON syntax, root object, format
 * tag and version (then migration to the current version), the schema, and
 * per level the grid (`parseRows`), the `__proto__` feature name, unique ids,
 * and the level count. Once the version is readable, every later check runs,
 * so one pass reports all problems.
 */
import { parseRows, type ParseError } from '../level/format';
import { toRows, type Level } from '../level/level';
import { isRulesetName, rulesetByName } from '../rules/registry';
import type { Ruleset, RulesetName } from '../rules/ruleset';
import { err, ok, type Result } from '../util/result';
import { FEATURE_NAMES } from '../graph/features';
import { describeValue } from './describe';
import { headLines, levelBlock, packText } from './packText';
import { checkFieldDefs, checkFieldValues, orderedFieldValues, type PackFieldDef } from './fields';
import { CURRENT_PACK_VERSION, isJsonObject, migratePack } from './migrations';
import {
  EDITOR_GENERATOR,
  KNOWN_FIELDS,
  LevelPackSchema,
  MAX_NAME_LENGTH,
  MAX_PACK_BYTES,
  MAX_PACK_LEVELS,
  PACK_FORMAT,
  type LevelPack,
  type PackLevel,
  type PackLevelSource,
  type PackShard,
} from './schema';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/**
 * Something wrong (or, as a warning, something ignored) in a pack file.
 * `path` names the place: `$` for the whole file, else a JavaScript-like
 * accessor such as `name`, `levels[3].rows[2]` or `levels[0]["odd key"]`.
 * `message` is a sentence a designer can act on.
 */
export interface PackProblem {
  path: string;
  message: string;
}

/** A successfully imported pack. */
export interface ImportedPack {
  /** The validated pack at the current version, unknown fields left out. */
  pack: LevelPack;
  /** `pack.levels[i]` parsed into a {@link Level} named after it, same order. */
  levels: Level[];
  /** Unknown fields that were ignored (from a newer version, or hand edits). */
  warnings: PackProblem[];
}

/** Optional top-level fields for {@link createPack}. */
export interface PackOptions {
  description?: string;
  createdWith?: string;
  /** The pack's ruleset (default Longcat). */
  rules?: RulesetName;
  /** The shard of a run the pack holds (`generate --shard`). */
  shard?: PackShard;
}

type PathKey = string | number;

interface LocatedProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats a path as `$` (empty), `name`, `levels[3].rows[2]`, or with
 * bracketed JSON strings for keys that are not identifiers: `features["a b"]`.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '$';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/**
 * UTF-8 size of `text` in bytes, counting like `TextEncoder` (a lone
 * surrogate becomes U+FFFD, 3 bytes) without allocating the encoding.
 * Stops counting once past `limit`. O(length).
 */
export function utf8ByteLength(text: string, limit = Infinity): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The size problem, or null when `text` fits in {@link MAX_PACK_BYTES}. */
function sizeProblem(text: string): PackProblem | null {
  // A UTF-16 code unit is 1 to 3 UTF-8 bytes (a pair is 4 for 2 units), so
  // the length bounds the size from both sides and usually decides alone.
  if (text.length * 3 <= MAX_PACK_BYTES) return null;
  const bytes = text.length > MAX_PACK_BYTES ? text.length : utf8ByteLength(text, MAX_PACK_BYTES);
  if (bytes <= MAX_PACK_BYTES) return null;
  return {
    path: '$',
    message: `the file is over ${MAX_PACK_BYTES.toLocaleString('en')} bytes (20 MiB), the most a pack may be; split it into smaller packs`,
  };
}

/**
 * Reads a pack file. Never throws, whatever `text` is (even a non-string
 * from untyped callers). On failure returns every problem found, with paths,
 * sorted with file-level problems first, then by level. A leading byte-order
 * mark is ignored. Cost: linear in the file size.
 */
export function importPack(text: string): Result<ImportedPack, PackProblem[]> {
  if (typeof text !== 'string') {
    return err([{ path: '$', message: `expected the text of a pack file but got ${describeValue(text)}` }]);
  }
  const tooBig = sizeProblem(text);
  if (tooBig !== null) return err([tooBig]);
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return err([{ path: '$', message: `the file is not valid JSON: ${reason}` }]);
  }
  return importPackJson(json);
}

/**
 * Validates an already-parsed JSON value as a pack (for stores that keep
 * objects, such as IndexedDB). Same checks and guarantees as
 * {@link importPack} after the JSON step; `json` itself is never modified.
 */
export function importPackJson(json: unknown): Result<ImportedPack, PackProblem[]> {
  if (!isJsonObject(json)) {
    return err([
      { path: '$', message: `a pack is a JSON object { "format": "${PACK_FORMAT}", ... } but this is ${describeValue(json)}` },
    ]);
  }
  const migrated = migratePack(json);
  if (!migrated.ok) {
    // Without a readable version we cannot pick a schema; the format tag
    // still tells the user whether this is a pack at all.
    const format = LevelPackSchema.shape.format.safeParse(json['format']);
    const formatProblems = format.success ? [] : [{ path: 'format', message: format.error.issues[0]?.message ?? 'wrong format' }];
    return err([...formatProblems, ...migrated.error]);
  }
  const raw = migrated.value;
  const problems: LocatedProblem[] = [];
  const parsed = LevelPackSchema.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push({ path: issue.path, message: issue.message });
  const rawLevels = Array.isArray(raw['levels']) ? (raw['levels'] as readonly unknown[]) : [];
  const rulesName = raw['rules'];
  const levels = checkLevels(rawLevels, problems, isRulesetName(rulesName) ? rulesetByName(rulesName) : null);
  checkFields(raw, rawLevels, problems);
  if (rawLevels.length > MAX_PACK_LEVELS) {
    problems.push({
      path: ['levels'],
      message: `the pack has ${rawLevels.length} levels; the limit is ${MAX_PACK_LEVELS}; split it into smaller packs`,
    });
  }
  if (!parsed.success || problems.length > 0) return err(sortProblems(problems));
  return ok({ pack: parsed.data, levels, warnings: unknownFields(raw) });
}

/**
 * The checks zod cannot express, on the raw levels: each grid through
 * `parseRows` (only where `rows` is a list of strings; otherwise the schema
 * already complained) and then the pack's ruleset (when it is known), the reserved feature name `__proto__` (zod drops it
 * silently), and unique ids. Returns the parsed grids (complete only when no
 * problem was added).
 */
function checkLevels(rawLevels: readonly unknown[], problems: LocatedProblem[], rules: Ruleset | null): Level[] {
  const levels: Level[] = [];
  const firstIndexOfId = new Map<string, number>();
  rawLevels.forEach((entry, i) => {
    if (!isJsonObject(entry)) return;
    const rows = entry['rows'];
    if (Array.isArray(rows) && rows.every((row): row is string => typeof row === 'string')) {
      const name = entry['name'];
      const grid = parseRows(rows, typeof name === 'string' ? name : undefined);
      if (!grid.ok) problems.push(gridProblem(i, grid.error));
      else {
        levels.push(grid.value);
        const problem = rules?.levelProblem(grid.value) ?? null;
        if (problem !== null) problems.push({ path: ['levels', i, 'rows'], message: `${rules!.title}: ${problem}` });
      }
    }
    const features = entry['features'];
    if (isJsonObject(features) && Object.hasOwn(features, '__proto__')) {
      problems.push({
        path: ['levels', i, 'features', '__proto__'],
        message: 'the feature name "__proto__" is reserved; rename the feature',
      });
    }
    const id = entry['id'];
    if (typeof id === 'string') {
      const first = firstIndexOfId.get(id);
      if (first === undefined) firstIndexOfId.set(id, i);
      else {
        problems.push({
          path: ['levels', i, 'id'],
          message: `the id ${JSON.stringify(id)} is already used by levels[${first}]; ids must be unique within a pack`,
        });
      }
    }
  });
  return levels;
}

/**
 * The custom fields (`fields.ts`): the definitions (when the schema accepts
 * their shape), then every level's values against them. Values are checked
 * on the raw objects, so a key zod would drop (`__proto__`) is still seen.
 */
function checkFields(raw: Readonly<Record<string, unknown>>, rawLevels: readonly unknown[], problems: LocatedProblem[]): void {
  const parsedDefs = LevelPackSchema.shape.fields.safeParse(raw['fields']);
  const defs: readonly PackFieldDef[] = parsedDefs.success ? (parsedDefs.data ?? []) : [];
  if (parsedDefs.success) problems.push(...checkFieldDefs(defs));
  rawLevels.forEach((entry, i) => {
    if (!isJsonObject(entry)) return;
    const values = entry['fields'];
    // Without readable definitions every value would look undefined: the definitions' problems say enough.
    if (isJsonObject(values) && parsedDefs.success) problems.push(...checkFieldValues(defs, values, i));
  });
}

/**
 * A grid error at `levels[i].rows[line - 1]` with its column in the message;
 * errors about the whole grid (column 0: size, no head, no rows) point at
 * `levels[i].rows`.
 */
function gridProblem(levelIndex: number, e: ParseError): LocatedProblem {
  const rowsPath: PathKey[] = ['levels', levelIndex, 'rows'];
  if (e.column === 0) return { path: rowsPath, message: e.message };
  return { path: [...rowsPath, e.line - 1], message: `column ${e.column}: ${e.message}` };
}

/** File-level problems first, then level by level; stable within a level. */
function sortProblems(problems: readonly LocatedProblem[]): PackProblem[] {
  const levelOf = (p: LocatedProblem): number =>
    p.path[0] === 'levels' && typeof p.path[1] === 'number' ? p.path[1] : -1;
  return [...problems]
    .sort((a, b) => levelOf(a) - levelOf(b))
    .map((p) => ({ path: formatPath(p.path), message: p.message }));
}

/** Warnings for fields the format does not know, at the root, in levels and in sources. */
function unknownFields(raw: Readonly<Record<string, unknown>>): PackProblem[] {
  const warnings: PackProblem[] = [];
  const report = (object: Readonly<Record<string, unknown>>, known: readonly string[], at: readonly PathKey[]): void => {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      warnings.push({
        path: formatPath([...at, key]),
        message: `unknown field ${JSON.stringify(key)} was ignored (it may come from a newer version of Longcat Studio)`,
      });
    }
  };
  report(raw, KNOWN_FIELDS.pack, []);
  const rawFields = raw['fields'];
  if (Array.isArray(rawFields)) {
    rawFields.forEach((def: unknown, i) => {
      if (isJsonObject(def)) report(def, KNOWN_FIELDS.field, ['fields', i]);
    });
  }
  const rawLevels = raw['levels'];
  if (Array.isArray(rawLevels)) {
    rawLevels.forEach((level: unknown, i) => {
      if (!isJsonObject(level)) return;
      report(level, KNOWN_FIELDS.level, ['levels', i]);
      const source = level['source'];
      if (isJsonObject(source)) report(source, KNOWN_FIELDS.source, ['levels', i, 'source']);
    });
  }
  return warnings;
}

/**
 * The pack as canonical text (`packText.ts`: the head one field a line,
 * each level a block with one grid row a line), fields in the order of
 * the format (format, version, rules, name, description, createdWith,
 * difficultyModel, fields, playOrder, levels; per level id, name, rows, difficulty,
 * features (in the analysis's order), source, notes, tags, playtests,
 * playerStats, fields (values in the order of the definitions)), one
 * trailing newline. The studio and the CLI both write packs here, so the
 * same pack is the same bytes, and `exportPack(importPack(text))` is `text`
 * for any text this function wrote. Fields not in the format are not written. `pack` should be valid (e.g.
 * from {@link importPack} or {@link createPack}): JSON has no Infinity or
 * NaN (they are written as null) and writes -0 as 0. O(size).
 */
export function exportPack(pack: LevelPack): string {
  const defs = pack.fields ?? NO_FIELDS;
  return packText(headLines(orderedHead(pack)), pack.levels.map((level) => levelBlock(orderedPackLevel(level, defs) as unknown as Record<string, unknown>)));
}

/** The pack's fields before its levels, in the format's order (what {@link exportPack} writes ahead of `levels`). */
export function orderedHead(pack: LevelPack): Record<string, unknown> {
  return {
    format: PACK_FORMAT,
    version: CURRENT_PACK_VERSION,
    rules: pack.rules,
    name: pack.name,
    ...(pack.description !== undefined ? { description: pack.description } : {}),
    ...(pack.createdWith !== undefined ? { createdWith: pack.createdWith } : {}),
    ...(pack.difficultyModel !== undefined ? { difficultyModel: pack.difficultyModel } : {}),
    ...(pack.fields !== undefined ? { fields: pack.fields.map(exportFieldDef) } : {}),
    ...(pack.playOrder !== undefined ? { playOrder: { shuffle: pack.playOrder.shuffle, keepFirst: pack.playOrder.keepFirst } } : {}),
    ...(pack.shard !== undefined ? { shard: { index: pack.shard.index, count: pack.shard.count, run: pack.shard.run } } : {}),
  };
}

const NO_FIELDS: readonly PackFieldDef[] = Object.freeze([]);

/**
 * The compact JSON of a level as {@link exportPack} writes it (the text of
 * {@link orderedPackLevel}).
 */
export function compactLevelJson(level: PackLevel, fieldDefs: readonly PackFieldDef[] = []): string {
  return JSON.stringify(orderedPackLevel(level, fieldDefs));
}

/**
 * The same JSON value as {@link exportPack}'s text, written compactly, with
 * each level's text from `levelText` (by default {@link compactLevelJson}):
 * a caller that remembers the text of levels it has seen pays only for the
 * levels that changed, plus one join. O(size).
 */
export function compactPackJson(pack: LevelPack, levelText: (level: PackLevel, fieldDefs: readonly PackFieldDef[]) => string = compactLevelJson): string {
  // One empty list for every pack without fields, so a caller can tell the same definitions by identity.
  const defs = pack.fields ?? NO_FIELDS;
  const head = JSON.stringify(orderedHead(pack));
  return `${head.slice(0, -1)},"levels":[${pack.levels.map((l) => levelText(l, defs)).join(',')}]}`;
}

/** A field definition with its keys in the format's order. */
function exportFieldDef(def: PackFieldDef): PackFieldDef {
  return { key: def.key, label: def.label, type: def.type, ...(def.choices !== undefined ? { choices: [...def.choices] } : {}) };
}

/**
 * A level's fields in the format's order (id, name, rows, difficulty,
 * features, source, notes, tags, playtests, playerStats, custom field values
 * in the order of `fieldDefs`), without fields the format does not know: what
 * {@link exportPack} writes per level and what a level stream line holds
 * (`core/jobs/levelStream.ts`).
 */
export function orderedPackLevel(level: PackLevel, fieldDefs: readonly PackFieldDef[] = []): PackLevel {
  return {
    id: level.id,
    name: level.name,
    rows: level.rows,
    difficulty: level.difficulty,
    features: orderedFeatures(level.features),
    source: {
      generator: level.source.generator,
      seed: level.source.seed,
      temperature: level.source.temperature,
      model: level.source.model,
    },
    ...(level.notes !== undefined ? { notes: level.notes } : {}),
    ...(level.tags !== undefined ? { tags: level.tags } : {}),
    ...(level.playtests !== undefined ? { playtests: { played: level.playtests.played, solved: level.playtests.solved, meanSeconds: level.playtests.meanSeconds } } : {}),
    ...(level.playerStats !== undefined
      ? { playerStats: { players: level.playerStats.players, attempts: level.playerStats.attempts, solved: level.playerStats.solved, gaveUp: level.playerStats.gaveUp, outliers: level.playerStats.outliers, meanSeconds: level.playerStats.meanSeconds, medianSeconds: level.playerStats.medianSeconds } }
      : {}),
    ...(level.fields !== undefined ? { fields: orderedFieldValues(fieldDefs, level.fields) } : {}),
  };
}

const FEATURE_RANK = new Map<string, number>(FEATURE_NAMES.map((name, i) => [name, i]));

/**
 * Features in a fixed order: those of `FEATURE_NAMES` in its order, then
 * any other names in code-unit order (so who computed them never changes
 * the bytes). Returns `features` itself when already in order.
 */
export function orderedFeatures(features: Readonly<Record<string, number | null>>): Record<string, number | null> {
  const keys = Object.keys(features);
  const rank = (k: string): number => FEATURE_RANK.get(k) ?? FEATURE_NAMES.length;
  const sorted = [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.every((k, i) => k === keys[i])) return features as Record<string, number | null>;
  const out: Record<string, number | null> = {};
  // defineProperty: a feature called "__proto__" must stay data.
  for (const k of sorted) Object.defineProperty(out, k, { value: features[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** Finite numbers pass; Infinity, -Infinity and NaN become null (JSON's spelling). */
function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Cuts a name to {@link MAX_NAME_LENGTH} code units without splitting a surrogate pair. */
function clipName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const cut = name.slice(0, MAX_NAME_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * A pack entry for `level`: its rows, its name (or `fields.id` when it has
 * none; cut to {@link MAX_NAME_LENGTH}), and the given annotations.
 * Non-finite difficulty, feature, seed and temperature values become null;
 * missing source fields default to generator {@link EDITOR_GENERATOR} and
 * null. The id is used as given: the caller keeps ids unique and
 * 1..100 characters long.
 */
export function packLevelFromLevel(
  level: Level,
  fields: {
    id: string;
    difficulty?: number | null;
    features?: Readonly<Record<string, number | null>>;
    source?: Partial<PackLevelSource>;
  },
): PackLevel {
  const features: Record<string, number | null> = {};
  for (const [name, value] of Object.entries(fields.features ?? {})) {
    // defineProperty, not assignment: a feature called "__proto__" must stay data.
    Object.defineProperty(features, name, { value: finiteOrNull(value), enumerable: true, writable: true, configurable: true });
  }
  const source = fields.source ?? {};
  return {
    id: fields.id,
    name: clipName(level.name ?? fields.id),
    rows: toRows(level),
    difficulty: finiteOrNull(fields.difficulty),
    features,
    source: {
      generator: source.generator ?? EDITOR_GENERATOR,
      seed: finiteOrNull(source.seed),
      temperature: finiteOrNull(source.temperature),
      model: source.model ?? null,
    },
  };
}

/** A new pack at the current version holding `levels` (the array is copied). */
export function createPack(name: string, levels: readonly PackLevel[], options: PackOptions = {}): LevelPack {
  return {
    format: PACK_FORMAT,
    version: CURRENT_PACK_VERSION,
    rules: options.rules ?? DEFAULT_RULESET_NAME,
    name,
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.createdWith !== undefined ? { createdWith: options.createdWith } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    levels: [...levels],
  };
}
