/**
 * Pure pack commands: each takes a pack and returns the next one (the same
 * object when nothing changed, so the history records nothing). The store
 * runs them through `applyPackEdit`, which makes every one undoable.
 */
import type { Level } from '../../core/level/level';
import { cryptoBytes, freeLevelId, newLevelId, type RandomBytes } from '../../core/pack/levelId';
import { packLevelFromLevel } from '../../core/pack/pack';
import { checkFieldDefs, fieldValueProblem, MAX_FIELDS, type FieldValue, type PackFieldDef } from '../../core/pack/fields';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_NOTES_LENGTH, MAX_PACK_LEVELS, MAX_TAG_LENGTH, MAX_TAGS, type LevelPack, type PackLevel, type PackLevelSource, type PackPlayOrder } from '../../core/pack/schema';

/** A url-ish id from a name: lower case letters, digits and dashes. */
export function slug(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return (s === '' ? 'level' : s).slice(0, MAX_ID_LENGTH - 8);
}

/**
 * `base` when it is free, else `base` with a random suffix; a new random id
 * (`l-` and 10 characters) when `base` is empty. Never a counter: two
 * branches of a game's repository would draw the same one (SPEC §15,
 * `core/pack/levelId.ts`).
 */
export function uniqueId(base: string, taken: ReadonlySet<string>, bytes: RandomBytes = cryptoBytes): string {
  return freeLevelId(base, taken, bytes);
}

/** Each rows array's key (rows are never changed in place): the same string each time, so a lookup by it hashes it once. */
const rowsKeys = new WeakMap<readonly string[], string>();

/** The same key as `levelKey` for a pack entry's rows. */
export function rowsKey(rows: readonly string[]): string {
  let key = rowsKeys.get(rows);
  if (key === undefined) {
    key = `${rows[0]?.length ?? 0}x${rows.length}:${rows.join('/')}`;
    rowsKeys.set(rows, key);
  }
  return key;
}

/** A name as the pack stores it: one line, trimmed, bounded. */
export function cleanName(name: string): string {
  return name.replace(/[\r\n]+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
}

export interface NewLevelEntry {
  readonly level: Level;
  readonly name: string;
  /** Features by name (kept as facts about the rows), or empty when not computed yet. */
  readonly features?: Record<string, number | null>;
  readonly source?: Partial<PackLevelSource>;
  /** Preferred id (made unique if taken); left out, a new random id is drawn. */
  readonly id?: string;
}

/**
 * Inserts levels at `at` (default: the end). Ids are made unique; the
 * pack's limit is respected (levels past it are not added). Returns the new
 * pack and the ids added, in order.
 */
export function insertLevels(pack: LevelPack, entries: readonly NewLevelEntry[], at = pack.levels.length): { pack: LevelPack; ids: string[] } {
  const room = Math.max(0, MAX_PACK_LEVELS - pack.levels.length);
  const taken = new Set(pack.levels.map((l) => l.id));
  const added: PackLevel[] = [];
  for (const entry of entries.slice(0, room)) {
    const id = entry.id !== undefined && entry.id !== '' ? uniqueId(entry.id.slice(0, MAX_ID_LENGTH), taken) : newLevelId(taken);
    taken.add(id);
    const name = cleanName(entry.name) === '' ? id : cleanName(entry.name);
    added.push(
      packLevelFromLevel({ ...entry.level, name }, {
        id,
        difficulty: null,
        features: entry.features ?? {},
        ...(entry.source !== undefined ? { source: entry.source } : {}),
      }),
    );
  }
  if (added.length === 0) return { pack, ids: [] };
  const i = Math.max(0, Math.min(pack.levels.length, at));
  const levels = [...pack.levels.slice(0, i), ...added, ...pack.levels.slice(i)];
  return { pack: { ...pack, levels }, ids: added.map((l) => l.id) };
}

/** Appends copies of existing pack levels (already validated), with fresh ids where taken. */
export function appendPackLevels(pack: LevelPack, incoming: readonly PackLevel[]): { pack: LevelPack; ids: string[] } {
  const room = Math.max(0, MAX_PACK_LEVELS - pack.levels.length);
  const taken = new Set(pack.levels.map((l) => l.id));
  const added = incoming.slice(0, room).map((l) => {
    const id = uniqueId(l.id, taken);
    taken.add(id);
    return id === l.id ? l : { ...l, id };
  });
  if (added.length === 0) return { pack, ids: [] };
  return { pack: { ...pack, levels: [...pack.levels, ...added] }, ids: added.map((l) => l.id) };
}

export function removeLevel(pack: LevelPack, id: string): LevelPack {
  const levels = pack.levels.filter((l) => l.id !== id);
  return levels.length === pack.levels.length ? pack : { ...pack, levels };
}

export function renameLevel(pack: LevelPack, id: string, name: string): LevelPack {
  const clean = cleanName(name);
  const l = pack.levels.find((x) => x.id === id);
  if (clean === '' || l === undefined || l.name === clean) return pack;
  return updateLevel(pack, id, { name: clean });
}

/** Replaces some fields of one level (notes, tags, name). */
export function updateLevel(pack: LevelPack, id: string, patch: Partial<Omit<PackLevel, 'id'>>): LevelPack {
  const i = pack.levels.findIndex((l) => l.id === id);
  if (i < 0) return pack;
  const levels = pack.levels.slice();
  levels[i] = { ...levels[i]!, ...patch };
  return { ...pack, levels };
}

/** Moves the level at `from` to index `to` (both clamped checks: out of range changes nothing). */
export function moveLevel(pack: LevelPack, from: number, to: number): LevelPack {
  const n = pack.levels.length;
  if (from < 0 || from >= n || to < 0 || to >= n || from === to) return pack;
  const levels = [...pack.levels];
  const [moved] = levels.splice(from, 1);
  levels.splice(to, 0, moved!);
  return { ...pack, levels };
}

/**
 * Easiest first by `difficultyOf` (the active model's value, a selector);
 * levels without a difficulty go last. Stable. The same pack when already sorted.
 */
export function sortLevels(pack: LevelPack, difficultyOf: (level: PackLevel) => number | null): LevelPack {
  const keyOf = (l: PackLevel): number => difficultyOf(l) ?? Infinity;
  const keyed = pack.levels.map((l, i) => ({ l, i, k: keyOf(l) }));
  keyed.sort((a, b) => (a.k === b.k ? a.i - b.i : a.k < b.k ? -1 : 1));
  if (keyed.every((x, i) => x.i === i)) return pack;
  return { ...pack, levels: keyed.map((x) => x.l) };
}

/** Removes later copies of the same grid; returns the pack and how many went. */
export function dedupeLevels(pack: LevelPack): { pack: LevelPack; removed: number } {
  const seen = new Set<string>();
  const levels = pack.levels.filter((l) => {
    const key = rowsKey(l.rows);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const removed = pack.levels.length - levels.length;
  return { pack: removed === 0 ? pack : { ...pack, levels }, removed };
}

export function renamePack(pack: LevelPack, name: string): LevelPack {
  const clean = name.slice(0, MAX_NAME_LENGTH);
  return clean === pack.name ? pack : { ...pack, name: clean };
}

/** The pack with its play order set (`undefined`: the pack's order, the field left out); the same pack when nothing changes. */
export function setPlayOrder(pack: LevelPack, playOrder: PackPlayOrder | undefined): LevelPack {
  const now = pack.playOrder;
  if (now?.shuffle === playOrder?.shuffle && now?.keepFirst === playOrder?.keepFirst) return pack;
  if (playOrder === undefined) {
    const rest = { ...pack };
    delete rest.playOrder;
    return rest;
  }
  return { ...pack, playOrder: { shuffle: playOrder.shuffle, keepFirst: playOrder.keepFirst } };
}

// ---- Commands on a selection of levels (the pack list's multi-select): each is one history entry. ----

/**
 * Applies `change` to every level whose id is in `ids`; `change` returns the
 * same level for "no change". The same pack when nothing changed.
 */
export function mapLevels(pack: LevelPack, ids: ReadonlySet<string>, change: (level: PackLevel) => PackLevel): LevelPack {
  let changed = false;
  const levels = pack.levels.map((l) => {
    if (!ids.has(l.id)) return l;
    const next = change(l);
    if (next !== l) changed = true;
    return next;
  });
  return changed ? { ...pack, levels } : pack;
}

/** Removes every level whose id is in `ids`. */
export function removeLevels(pack: LevelPack, ids: ReadonlySet<string>): LevelPack {
  const levels = pack.levels.filter((l) => !ids.has(l.id));
  return levels.length === pack.levels.length ? pack : { ...pack, levels };
}

/**
 * Moves the levels in `ids` together, in their pack order, so that the first
 * of them lands at index `to` of the result (clamped to the room left).
 * `to` = 0 moves them to the top, `Infinity` to the bottom.
 */
export function moveLevelsTo(pack: LevelPack, ids: ReadonlySet<string>, to: number): LevelPack {
  const moving = pack.levels.filter((l) => ids.has(l.id));
  if (moving.length === 0) return pack;
  const rest = pack.levels.filter((l) => !ids.has(l.id));
  const at = Math.max(0, Math.min(rest.length, Math.floor(to)));
  const levels = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
  return levels.every((l, i) => l === pack.levels[i]) ? pack : { ...pack, levels };
}

/** A tag as the pack stores it: trimmed, lower case, at most 40 characters; '' when nothing is left. */
export function cleanTag(tag: string): string {
  return tag.trim().toLowerCase().slice(0, MAX_TAG_LENGTH);
}

/** Adds `tag` to the selected levels that lack it (a level already at {@link MAX_TAGS} tags is left as it is). */
export function addTagToLevels(pack: LevelPack, ids: ReadonlySet<string>, tag: string): LevelPack {
  const t = cleanTag(tag);
  if (t === '') return pack;
  return mapLevels(pack, ids, (l) => {
    const tags = l.tags ?? [];
    return tags.includes(t) || tags.length >= MAX_TAGS ? l : { ...l, tags: [...tags, t] };
  });
}

/** Removes `tag` from the selected levels that carry it. */
export function removeTagFromLevels(pack: LevelPack, ids: ReadonlySet<string>, tag: string): LevelPack {
  const t = cleanTag(tag);
  return mapLevels(pack, ids, (l) => ((l.tags ?? []).includes(t) ? { ...l, tags: l.tags!.filter((x) => x !== t) } : l));
}

/** Sets the notes of the selected levels ('' clears them); cut to {@link MAX_NOTES_LENGTH}. */
export function setNotesOnLevels(pack: LevelPack, ids: ReadonlySet<string>, notes: string): LevelPack {
  const clean = notes.slice(0, MAX_NOTES_LENGTH);
  return mapLevels(pack, ids, (l) => ((l.notes ?? '') === clean ? l : { ...l, notes: clean }));
}

/**
 * Sets field `key` of the selected levels to `value` (null removes the
 * value). The caller checks the value against the definition first
 * (`parseFieldInput`); a key the pack does not define changes nothing.
 */
export function setFieldOnLevels(pack: LevelPack, ids: ReadonlySet<string>, key: string, value: FieldValue | null): LevelPack {
  const def = (pack.fields ?? []).find((d) => d.key === key);
  if (def === undefined || (value !== null && fieldValueProblem(def, value) !== null)) return pack;
  return mapLevels(pack, ids, (l) => {
    const has = l.fields !== undefined && Object.hasOwn(l.fields, key);
    if (value === null) {
      if (!has) return l;
      const rest = { ...l.fields };
      delete rest[key];
      return { ...l, fields: rest };
    }
    if (has && l.fields![key] === value) return l;
    return { ...l, fields: { ...l.fields, [key]: value } };
  });
}

/** The pack holding only the selected levels, in pack order (for "export only these"). */
export function subsetPack(pack: LevelPack, ids: ReadonlySet<string>): LevelPack {
  return { ...pack, levels: pack.levels.filter((l) => ids.has(l.id)) };
}

/**
 * Adds a field definition, or replaces the one with the same key. Values
 * the new definition no longer allows (a choice taken out of the list, a
 * type changed) are removed from the levels, in the same edit (undoable).
 * Returns the pack unchanged when `def` itself is not valid.
 */
export function defineField(pack: LevelPack, def: PackFieldDef): LevelPack {
  const defs = pack.fields ?? [];
  const at = defs.findIndex((d) => d.key === def.key);
  const nextDefs = at < 0 ? [...defs, def] : defs.map((d, i) => (i === at ? def : d));
  if (nextDefs.length > MAX_FIELDS || checkFieldDefs(nextDefs).length > 0) return pack;
  const levels = pack.levels.map((l) => {
    if (l.fields === undefined || !Object.hasOwn(l.fields, def.key) || fieldValueProblem(def, l.fields[def.key]) === null) return l;
    const rest = { ...l.fields };
    delete rest[def.key];
    return { ...l, fields: rest };
  });
  return { ...pack, fields: nextDefs, levels };
}

/** Removes field `key` and every level's value of it (undoable like any edit). */
export function removeField(pack: LevelPack, key: string): LevelPack {
  const defs = pack.fields ?? [];
  if (!defs.some((d) => d.key === key)) return pack;
  const levels = pack.levels.map((l) => {
    if (l.fields === undefined || !Object.hasOwn(l.fields, key)) return l;
    const rest = { ...l.fields };
    delete rest[key];
    return { ...l, fields: rest };
  });
  return { ...pack, fields: defs.filter((d) => d.key !== key), levels };
}
