/**
 * Salvaging a damaged pack: where {@link importPackJson} refuses a whole
 * file for one bad level (right for an import, where the designer still has
 * the file), a pack the studio saved itself is the designer's only copy, so
 * it is read level by level instead. Every level that passes the same checks
 * as an import is kept; every other one is set aside with its problems; a
 * bad pack name or description falls back to a default. The caller keeps
 * the raw record as a backup: nothing here changes or drops the input.
 */
import type { Level } from '../level/level';
import { describeValue } from './describe';
import { CURRENT_PACK_VERSION, isJsonObject, migratePack } from './migrations';
import { checkFieldDefs } from './fields';
import { importPackJson, type PackProblem } from './pack';
import { LevelPackSchema, MAX_ID_LENGTH, MAX_PACK_LEVELS, PACK_FORMAT, type LevelPack, type PackLevel } from './schema';
import { DEFAULT_RULESET_NAME, RULESET_NAMES } from '../rules/ruleset';
import { rulesetByName } from '../rules/registry';

/** A level that could not be kept, with what is wrong with it. */
export interface SetAsideLevel {
  /** Its index in the damaged record's `levels`. */
  readonly index: number;
  /** Its id and name when they are readable text (for the sentence shown), else null. */
  readonly id: string | null;
  readonly name: string | null;
  /** Its problems, with paths into the damaged record (`levels[7].rows[2]`). */
  readonly problems: PackProblem[];
}

/** What {@link salvagePackJson} recovered. */
export interface SalvagedPack {
  /** The valid levels, in their order, under the record's name (or `fallbackName`). */
  readonly pack: LevelPack;
  /** `pack.levels[i]` parsed, same order. */
  readonly levels: Level[];
  readonly setAside: SetAsideLevel[];
  /** Problems outside the levels (format, version, name, the level list itself) and ids that had to change. */
  readonly packProblems: PackProblem[];
  /** True when nothing was wrong: the record imported as it is. */
  readonly intact: boolean;
}

/** Default name of a pack whose own name could not be read. */
export const RECOVERED_PACK_NAME = 'Recovered pack';

/**
 * Reads `json` as a pack, keeping every valid level. Never throws; `json` is
 * not modified. Levels are checked one by one with {@link importPackJson}
 * (schema, grid, reserved feature names), so a kept level is exactly what an
 * import would accept; a level whose id repeats an earlier kept one is kept
 * under a new id (`id~2`), reported in `packProblems`. Levels past
 * {@link MAX_PACK_LEVELS} are set aside. Cost: linear in the record's size.
 */
export function salvagePackJson(json: unknown, fallbackName = RECOVERED_PACK_NAME): SalvagedPack {
  const whole = importPackJson(json);
  if (whole.ok) return { pack: whole.value.pack, levels: whole.value.levels, setAside: [], packProblems: [], intact: true };
  const packProblems: PackProblem[] = [];
  let root: Record<string, unknown> = {};
  if (!isJsonObject(json)) packProblems.push({ path: '$', message: `expected a pack object but found ${describeValue(json)}` });
  else {
    const migrated = migratePack(json);
    if (migrated.ok) root = migrated.value;
    else {
      // An unreadable version: read the fields as the current version would, so the levels still count.
      packProblems.push(...migrated.error);
      root = json;
    }
    if (root['format'] !== PACK_FORMAT) packProblems.push({ path: 'format', message: `expected "${PACK_FORMAT}" but found ${describeValue(root['format'])}` });
  }
  const shape = LevelPackSchema.shape;
  const field = <T>(name: 'name' | 'description' | 'createdWith' | 'difficultyModel' | 'fields', schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | undefined => {
    const v = root[name];
    if (v === undefined) return undefined;
    const r = schema.safeParse(v);
    if (r.success) return r.data;
    packProblems.push({ path: name, message: `${describeValue(v)} is not a valid ${name}; it was left out` });
    return undefined;
  };
  const name = field('name', shape.name) ?? fallbackName;
  const description = field('description', shape.description);
  const createdWith = field('createdWith', shape.createdWith);
  const difficultyModel = field('difficultyModel', shape.difficultyModel);
  // Definitions that fail their own checks are left out; then the levels' values of them are what sets a level aside.
  const readFields = field('fields', shape.fields);
  const fields = readFields !== undefined && checkFieldDefs(readFields).length === 0 ? readFields : undefined;
  if (readFields !== undefined && fields === undefined) packProblems.push({ path: 'fields', message: 'the field definitions are not valid; they were left out' });
  const rawRules = root['rules'];
  const rules = shape.rules.safeParse(rawRules).success ? (rawRules as LevelPack['rules']) : DEFAULT_RULESET_NAME;
  if (rawRules !== undefined && rawRules !== rules) packProblems.push({ path: 'rules', message: `${describeValue(rawRules)} is not a ruleset (${RULESET_NAMES.join(', ')}); the levels are read as ${rulesetByName(DEFAULT_RULESET_NAME).title}` });
  const rawLevels = root['levels'];
  if (!Array.isArray(rawLevels)) {
    if (isJsonObject(json)) packProblems.push({ path: 'levels', message: `expected a list of levels but found ${describeValue(rawLevels)}` });
  }
  const entries: readonly unknown[] = Array.isArray(rawLevels) ? rawLevels : [];
  const kept: PackLevel[] = [];
  const levels: Level[] = [];
  const setAside: SetAsideLevel[] = [];
  const ids = new Set<string>();
  entries.forEach((entry, index) => {
    const label = labelOf(entry);
    if (kept.length >= MAX_PACK_LEVELS) {
      setAside.push({ index, ...label, problems: [{ path: `levels[${index}]`, message: `past the limit of ${MAX_PACK_LEVELS} levels in a pack` }] });
      return;
    }
    const one = importPackJson({ format: PACK_FORMAT, version: CURRENT_PACK_VERSION, rules, name: 'one level', ...(fields !== undefined ? { fields } : {}), levels: [entry] });
    if (!one.ok) {
      setAside.push({ index, ...label, problems: one.error.map((p) => ({ path: p.path.replace(/^levels\[0\]/, `levels[${index}]`), message: p.message })) });
      return;
    }
    let level = one.value.pack.levels[0]!;
    if (ids.has(level.id)) {
      const fresh = freshId(level.id, ids);
      packProblems.push({ path: `levels[${index}].id`, message: `the id ${JSON.stringify(level.id)} was used by an earlier level; this one is kept as ${JSON.stringify(fresh)}` });
      level = { ...level, id: fresh };
    }
    ids.add(level.id);
    kept.push(level);
    levels.push(one.value.levels[0]!);
  });
  const pack: LevelPack = {
    format: PACK_FORMAT,
    version: CURRENT_PACK_VERSION,
    rules,
    name,
    ...(description !== undefined ? { description } : {}),
    ...(createdWith !== undefined ? { createdWith } : {}),
    ...(difficultyModel !== undefined ? { difficultyModel } : {}),
    ...(fields !== undefined ? { fields } : {}),
    levels: kept,
  };
  return { pack, levels, setAside, packProblems, intact: false };
}

/** A level's id and name for the sentence about it, when they are short text. */
function labelOf(entry: unknown): { id: string | null; name: string | null } {
  if (!isJsonObject(entry)) return { id: null, name: null };
  const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, 100) : null);
  return { id: text(entry['id']), name: text(entry['name']) };
}

/** `id~2`, `id~3`, ... (cut so it stays within {@link MAX_ID_LENGTH}), the first one not in `taken`. */
function freshId(id: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const suffix = `~${n}`;
    const candidate = id.slice(0, MAX_ID_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
