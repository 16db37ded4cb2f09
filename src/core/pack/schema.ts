/**
 * The level-pack file format, version 2 (SPEC §10, §12): the one place that says
 * what a well-formed pack is. The zod schemas here check shape, types and
 * lengths and carry the sentences a designer reads; what zod cannot say
 * (each level's grid, unique ids, the level count) is checked in `pack.ts`,
 * and older versions are brought up to this one in `migrations.ts` first.
 *
 * ```json
 * { "format": "longcat-pack", "version": 2, "rules": "longcat", "name": "...",
 *   "description": "...", "createdWith": "...",          (both optional)
 *   "levels": [{ "id": "...", "name": "...", "rows": ["C..#", "..."],
 *                "difficulty": 12.5, "features": { "nSolutions": 3 },
 *                "source": { "generator": "rsd", "seed": 7,
 *                            "temperature": null, "model": null },
 *                "notes": "...", "tags": ["intro"],       (both optional)
 *                "fields": { "par": 7 } }],               (optional)
 *   "fields": [{ "key": "par", "label": "Par moves",       (optional: the
 *                "type": "number" }],                        pack's own fields)
 *   "playOrder": { "shuffle": true, "keepFirst": true } }  (optional)
 * ```
 *
 * `playOrder` (optional) shuffles the levels per player in play mode; a
 * pack without it, as every file written before it existed, plays in its
 * own order. It needed no new version: left out it means what older files
 * meant, and an older build drops it with an unknown-field warning.
 *
 * `rules` is the ruleset of every level (`"longcat"` or `"paint"`); a
 * version 1 pack has none and migrates to `"longcat"`.
 *
 * `difficulty`, `features` and `source` may be left out (null, {} and an
 * editor source): a studio computes them. `difficultyModel` (optional)
 * names the model the difficulties come from.
 *
 * `null` is how JSON spells a missing or infinite number. Unknown fields are
 * dropped from the parsed value (so a newer file still opens); `pack.ts`
 * lists them as warnings.
 */
import { z } from 'zod';
import { RULESET_NAMES, type RulesetName } from '../rules/ruleset';
import { describeValue } from './describe';
import {
  FIELD_TYPES,
  MAX_FIELD_CHOICES,
  MAX_FIELD_KEY_LENGTH,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_TEXT_LENGTH,
  MAX_FIELDS,
  type FieldValue,
  type PackFieldDef,
} from './fields';
import { CURRENT_PACK_VERSION } from './migrations';

/** The `format` tag every pack file starts with. */
export const PACK_FORMAT = 'longcat-pack';
/** Most levels one pack may hold. */
export const MAX_PACK_LEVELS = 10_000;
/** Largest pack file we read, in UTF-8 bytes (20 MiB). */
export const MAX_PACK_BYTES = 20 * 1024 * 1024;
/** Longest pack name, level name, generator, model or feature name, in UTF-16 code units. */
export const MAX_NAME_LENGTH = 200;
/** Longest level id, in UTF-16 code units. Ids are never empty. */
export const MAX_ID_LENGTH = 100;
/** Longest notes of one level, in UTF-16 code units. */
export const MAX_NOTES_LENGTH = 2_000;
/** Most tags on one level, and the longest tag. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
/** Longest pack description, in UTF-16 code units. */
export const MAX_DESCRIPTION_LENGTH = 10_000;
/** Generator recorded for a level made by hand in the editor. */
export const EDITOR_GENERATOR = 'editor';

/** Where a level came from: the generator and the settings that reproduce it. */
export interface PackLevelSource {
  /** Generator name, e.g. `rsd`, `rpu`, `sd-pcgrl`, or {@link EDITOR_GENERATOR}. */
  generator: string;
  /** Seed that reproduces the level with the same generator settings, or null. */
  seed: number | null;
  /** Sampling temperature of a policy generator (SPEC §6), or null. */
  temperature: number | null;
  /** Model that generated the level (a policy id), or null. */
  model: string | null;
}

/** One level of a pack: its grid as text rows plus the studio's annotations. */
export interface PackLevel {
  /** Unique within the pack, 1..{@link MAX_ID_LENGTH} code units. */
  id: string;
  name: string;
  /** Text rows of the level format (SPEC §2): `.` empty, `#` wall, `C` head. */
  rows: string[];
  /** Predicted difficulty on the thesis scale (SPEC §5), or null when unknown. */
  difficulty: number | null;
  /** Graph features by name (SPEC §4); null for missing or infinite values. */
  features: Record<string, number | null>;
  source: PackLevelSource;
  /** The designer's notes (optional). */
  notes?: string;
  /** Lower-case labels for search and filter (optional). */
  tags?: string[];
  /** Playtests in the studio that wrote the file: started, won, mean seconds of the wins (optional). */
  playtests?: PackPlaytests;
  /** Players' results imported from play mode (optional; kept apart from the designer's own playtests). */
  playerStats?: PackPlayerStats;
  /** Values of the pack's custom fields (`fields.ts`), by key (optional; a key left out has no value). */
  fields?: Record<string, FieldValue>;
}

/**
 * What players did with a level, pooled from their results files (play
 * mode): distinct players, attempts, solves (first solves; replays are not
 * counted here), give-ups, far outliers left out, and the mean and median
 * seconds of the solves kept (null when none).
 */
export interface PackPlayerStats {
  players: number;
  attempts: number;
  solved: number;
  gaveUp: number;
  outliers: number;
  meanSeconds: number | null;
  medianSeconds: number | null;
}

/** A level's playtest numbers as a pack file carries them. */
export interface PackPlaytests {
  played: number;
  solved: number;
  meanSeconds: number | null;
}

/**
 * The order play mode presents the levels in (a play link, the standalone
 * player). Left out: the pack's order, as every pack before this option.
 * `shuffle`: each player meets the levels in a random order of their own
 * (`core/play/order.ts`), so practice and difficulty can be told apart;
 * `keepFirst`: the pack's first level stays first.
 */
export interface PackPlayOrder {
  shuffle: boolean;
  keepFirst: boolean;
}

/** A level pack as the current version ({@link CURRENT_PACK_VERSION}) writes it. */
export interface LevelPack {
  format: typeof PACK_FORMAT;
  version: typeof CURRENT_PACK_VERSION;
  /** The ruleset every level of the pack is played by (SPEC §12; mixed packs are not needed). */
  rules: RulesetName;
  name: string;
  description?: string;
  /** The program that wrote the pack, e.g. `Longcat Studio 0.1.0`. */
  createdWith?: string;
  /** The difficulty model the levels' `difficulty` values come from (written on export). */
  difficultyModel?: string;
  /** The pack's custom per-level fields (optional; see `fields.ts`). */
  fields?: PackFieldDef[];
  /** How play mode orders the levels (optional; left out: the pack's order). */
  playOrder?: PackPlayOrder;
  /** Which shard of a run this pack is (written by `generate --shard`), so `merge` can refuse an incomplete set (optional). */
  shard?: PackShard;
  levels: PackLevel[];
}

/** Most shards a run may be split into (the CLI's `--shard` limit). */
export const MAX_PACK_SHARDS = 100_000;

/**
 * A shard pack's place in its run: its index (1-based, as `--shard i/n`
 * says it), the shard count, and the run's settings (generator, ruleset,
 * size, seed, iterations, ...), as a level stream's shard header has them.
 */
export interface PackShard {
  index: number;
  count: number;
  run: Record<string, string | number | boolean | null>;
}

/** The issue fields our error functions read (zod passes more). */
interface RawIssue {
  readonly code?: string;
  readonly input?: unknown;
}

/** Error function for a type mismatch: "missing" or "expected X but found Y". */
function expected(what: string): (issue: RawIssue) => string {
  return (issue) =>
    issue.input === undefined
      ? `this field is missing; expected ${what}`
      : `expected ${what} but found ${describeValue(issue.input)}`;
}

/** Error function for a too-long string. */
function tooLong(what: string, max: number): (issue: RawIssue) => string {
  return (issue) => {
    const length = typeof issue.input === 'string' ? issue.input.length : 0;
    return `${what} is ${length} characters long; the limit is ${max}`;
  };
}

const text = (what: string, max: number) =>
  z.string({ error: expected('text') }).max(max, { error: tooLong(what, max) });

const nullableNumber = () => z.number({ error: expected('a number or null') }).nullable();

/** Feature names: bounded text. (`__proto__` is refused in `pack.ts`: zod silently drops it.) */
const featureName = z.string().max(MAX_NAME_LENGTH);

/** Schema of {@link PackLevelSource}. */
export const PackLevelSourceSchema = z.object(
  {
    generator: text('the generator name', MAX_NAME_LENGTH),
    seed: nullableNumber(),
    temperature: nullableNumber(),
    model: z
      .string({ error: expected('text or null') })
      .max(MAX_NAME_LENGTH, { error: tooLong('the model name', MAX_NAME_LENGTH) })
      .nullable(),
  },
  { error: expected('an object { "generator", "seed", "temperature", "model" }') },
);

/** Schema of {@link PackLevel}. Grids are checked by `parseRows` in `pack.ts`. */
export const PackLevelSchema = z.object(
  {
    id: z
      .string({ error: expected('text') })
      .min(1, { error: 'the id is empty; every level needs an id' })
      .max(MAX_ID_LENGTH, { error: tooLong('the id', MAX_ID_LENGTH) }),
    name: text('the name', MAX_NAME_LENGTH),
    rows: z.array(z.string({ error: expected('a row of text such as "C..#"') }), {
      error: expected('a list of rows such as ["C..#", "...."]'),
    }),
    // Everything the studio can compute may be left out: a pack of just ids, names and rows opens.
    difficulty: nullableNumber().default(null),
    features: z
      .record(featureName, nullableNumber(), {
        error: (issue: RawIssue) =>
          issue.code === 'invalid_key'
            ? `the feature name is longer than ${MAX_NAME_LENGTH} characters`
            : expected('an object of named numbers such as { "nSolutions": 3 }')(issue),
      })
      .default(() => ({})),
    source: PackLevelSourceSchema.default(() => ({ generator: EDITOR_GENERATOR, seed: null, temperature: null, model: null })),
    notes: text('the notes', MAX_NOTES_LENGTH).exactOptional(),
    playtests: z
      .object(
        {
          played: z.number({ error: expected('a count') }).int().min(0),
          solved: z.number({ error: expected('a count') }).int().min(0),
          meanSeconds: z.number({ error: expected('seconds or null') }).min(0).nullable(),
        },
        { error: expected('an object { "played", "solved", "meanSeconds" }') },
      )
      .exactOptional(),
    playerStats: z
      .object(
        {
          players: z.number({ error: expected('a count') }).int().min(0),
          attempts: z.number({ error: expected('a count') }).int().min(0),
          solved: z.number({ error: expected('a count') }).int().min(0),
          gaveUp: z.number({ error: expected('a count') }).int().min(0),
          outliers: z.number({ error: expected('a count') }).int().min(0),
          meanSeconds: z.number({ error: expected('seconds or null') }).min(0).nullable(),
          medianSeconds: z.number({ error: expected('seconds or null') }).min(0).nullable(),
        },
        { error: expected('an object { "players", "attempts", "solved", "gaveUp", "outliers", "meanSeconds", "medianSeconds" }') },
      )
      .exactOptional(),
    tags: z
      .array(text('a tag', MAX_TAG_LENGTH), { error: expected('a list of tags such as ["intro", "hard"]') })
      .max(MAX_TAGS, { error: `a level has at most ${MAX_TAGS} tags` })
      .exactOptional(),
    // Types against the pack's definitions are checked in `pack.ts` (checkFieldValues).
    fields: z
      .record(
        z.string().max(MAX_FIELD_KEY_LENGTH),
        z.union([z.string().max(MAX_FIELD_TEXT_LENGTH), z.number(), z.boolean()], {
          error: expected('text, a number or true/false'),
        }),
        {
          error: (issue: RawIssue) =>
            issue.code === 'invalid_key'
              ? `a field key is longer than ${MAX_FIELD_KEY_LENGTH} characters`
              : expected('an object of field values such as { "par": 7 }')(issue),
        },
      )
      .exactOptional(),
  },
  { error: expected('a level object { "id", "name", "rows", ... }') },
);

/** Schema of {@link PackFieldDef}. Unique keys and choice lists are checked by `checkFieldDefs` in `fields.ts`. */
export const PackFieldDefSchema = z.object(
  {
    key: z
      .string({ error: expected('text') })
      .min(1, { error: 'the key is empty; every field needs a key' })
      .max(MAX_FIELD_KEY_LENGTH, { error: tooLong('the key', MAX_FIELD_KEY_LENGTH) }),
    label: text('the label', MAX_FIELD_LABEL_LENGTH),
    type: z.enum(FIELD_TYPES, { error: expected(FIELD_TYPES.map((t) => `"${t}"`).join(', ')) }),
    choices: z
      .array(text('a choice', MAX_FIELD_LABEL_LENGTH), { error: expected('a list of choices such as ["forest", "desert"]') })
      .max(MAX_FIELD_CHOICES, { error: `a choice field has at most ${MAX_FIELD_CHOICES} choices` })
      .exactOptional(),
  },
  { error: expected('a field definition { "key", "label", "type" }') },
) satisfies z.ZodType<PackFieldDef>;

const SHARD_MESSAGE = `expected { "index": i, "count": n, "run": { ... } } with 1 <= i <= n <= ${MAX_PACK_SHARDS}`;

/** Schema of {@link PackShard}. */
export const PackShardSchema = z
  .object(
    {
      index: z.number({ error: SHARD_MESSAGE }).int(SHARD_MESSAGE).min(1, SHARD_MESSAGE),
      count: z.number({ error: SHARD_MESSAGE }).int(SHARD_MESSAGE).min(1, SHARD_MESSAGE).max(MAX_PACK_SHARDS, SHARD_MESSAGE),
      run: z.record(z.string().max(MAX_NAME_LENGTH), z.union([z.string().max(MAX_DESCRIPTION_LENGTH), z.number(), z.boolean(), z.null()]), {
        error: "expected an object of the run's settings (strings, numbers, booleans)",
      }),
    },
    { error: SHARD_MESSAGE },
  )
  .refine((s) => s.index <= s.count, { error: SHARD_MESSAGE, path: ['index'] }) satisfies z.ZodType<PackShard>;

/** Schema of {@link LevelPack} once migrated to the current version. */
export const LevelPackSchema = z.object(
  {
    format: z.literal(PACK_FORMAT, {
      error: (issue: RawIssue) =>
        `expected "${PACK_FORMAT}" but found ${describeValue(issue.input)}; this is not a Longcat level pack`,
    }),
    version: z.literal(CURRENT_PACK_VERSION, { error: expected(`version ${CURRENT_PACK_VERSION}`) }),
    rules: z.enum(RULESET_NAMES, { error: expected(`the rules, one of ${RULESET_NAMES.map((n) => JSON.stringify(n)).join(', ')}`) }),
    name: text('the pack name', MAX_NAME_LENGTH),
    description: text('the description', MAX_DESCRIPTION_LENGTH).exactOptional(),
    createdWith: text('createdWith', MAX_NAME_LENGTH).exactOptional(),
    difficultyModel: text('the model name', MAX_NAME_LENGTH).exactOptional(),
    fields: z
      .array(PackFieldDefSchema, { error: expected('a list of field definitions such as [{ "key": "par", "label": "Par moves", "type": "number" }]') })
      .max(MAX_FIELDS, { error: `a pack defines at most ${MAX_FIELDS} fields` })
      .exactOptional(),
    playOrder: z
      .object(
        {
          shuffle: z.boolean({ error: expected('true or false') }),
          keepFirst: z.boolean({ error: expected('true or false') }),
        },
        { error: expected('an object { "shuffle": true, "keepFirst": true }') },
      )
      .exactOptional(),
    shard: PackShardSchema.exactOptional(),
    levels: z.array(PackLevelSchema, { error: expected('a list of levels') }),
  },
  { error: expected('a pack object') },
) satisfies z.ZodType<LevelPack>;

/** Field names each object of the format knows; any other field is reported as a warning. */
export const KNOWN_FIELDS = {
  pack: Object.keys(LevelPackSchema.shape),
  level: Object.keys(PackLevelSchema.shape),
  source: Object.keys(PackLevelSourceSchema.shape),
  field: Object.keys(PackFieldDefSchema.shape),
} as const;
