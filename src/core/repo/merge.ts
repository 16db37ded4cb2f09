/**
 * Three-way merge of level packs (SPEC §15), what `longcat merge-driver`
 * runs for git. It merges by level and, within a level, cell by cell:
 *
 * - the pack's own fields and each level's fields (name, notes, tags,
 *   custom fields, ...) take the side that changed them; both changed
 *   differently is a conflict;
 * - levels are matched by id: one side's new levels are kept, a level one
 *   side removed and the other left alone goes, one removed and the other
 *   changed is a conflict;
 * - a grid both sides changed takes each cell from the side that changed
 *   it; both changed one cell differently, or one changed the size, is a
 *   conflict;
 * - every grid put together from both sides is re-solved: not a level of
 *   the ruleset, or unsolvable, is a conflict (each side alone may be
 *   solvable and both together not). Its annotations (features,
 *   difficulty) are recomputed; a grid taken whole from one side keeps
 *   that side's;
 * - order: ours, with their removals, and their new levels after the
 *   level before them in their order (after our own new levels there).
 *
 * The result is the canonical text (`pack/packText.ts`); a conflict keeps
 * every version in it, between git's markers (`<<<<<<<` ours, `|||||||`
 * base, `=======`, `>>>>>>>` theirs), each side whole level blocks or whole
 * head lines, the reason on the `<<<<<<<` line. Deterministic: no clock, no
 * random ids.
 */
import { exportPack, orderedHead, orderedPackLevel } from '../pack/pack';
import { headLines, levelBlock, LEVEL_INDENT } from '../pack/packText';
import type { LevelPack, PackLevel } from '../pack/schema';
import { cellChanges } from './diff';
import type { EffectOracle } from './effect';

/** One place the merge could not decide. */
export interface MergeConflict {
  /** The level's id, or null for the pack's own fields. */
  readonly id: string | null;
  /** A sentence: what each side did and why they do not merge. */
  readonly message: string;
}

/** What {@link mergePacks} returns. */
export interface MergeResult {
  /** The merged file: canonical text when `conflicts` is empty, else with marked regions. */
  readonly text: string;
  readonly conflicts: MergeConflict[];
  /** The merged pack when there is no conflict (what `text` reads as), else null. */
  readonly pack: LevelPack | null;
  /** Ids of levels whose grids were put together from both sides and re-solved. */
  readonly resolved: string[];
}

/** Git's conflict marker length. */
const MARKER = 7;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameRows = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((r, i) => r === b[i]);

/** A three-way choice: the changed side, or a conflict (undefined) when both changed differently. */
function pick<T>(base: T, ours: T, theirs: T): { value: T } | undefined {
  if (same(ours, theirs) || same(theirs, base)) return { value: ours };
  if (same(ours, base)) return { value: theirs };
  return undefined;
}

/** Cell-by-cell merge of three grids: the rows, or the cells both sides changed differently (or a size change). */
export function mergeRows(base: readonly string[], ours: readonly string[], theirs: readonly string[]): { rows: string[] } | { conflict: string } {
  const p = pick(base, ours, theirs);
  if (p !== undefined) return { rows: [...p.value] };
  const size = (r: readonly string[]): string => `${r[0]?.length ?? 0}x${r.length}`;
  if (size(base) !== size(ours) || size(base) !== size(theirs)) {
    return { conflict: `the grid was resized on one side (${size(base)} -> ${size(ours)} ours, ${size(theirs)} theirs) and changed on the other` };
  }
  const rows: string[] = [];
  const clash: string[] = [];
  for (let y = 0; y < base.length; y++) {
    let row = '';
    for (let x = 0; x < base[y]!.length; x++) {
      const b = base[y]![x]!, o = ours[y]![x]!, t = theirs[y]![x]!;
      if (o === t || t === b) row += o;
      else if (o === b) row += t;
      else {
        row += o;
        clash.push(`(${x},${y}) ${o} ours, ${t} theirs`);
      }
    }
    rows.push(row);
  }
  if (clash.length > 0) return { conflict: `both sides changed cell${clash.length === 1 ? '' : 's'} ${clash.join('; ')}` };
  return { rows };
}

/** A merged slot of the level list: a level, or a conflict region holding each side's version. */
type Slot =
  | { readonly kind: 'level'; readonly level: PackLevel }
  | { readonly kind: 'conflict'; readonly reason: string; readonly ours?: PackLevel; readonly base?: PackLevel; readonly theirs?: PackLevel };

/**
 * Merges `ours` and `theirs`, both descended from `base`. `oracle` solves
 * grids under the merged pack's ruleset (its model gives the recomputed
 * difficulties; a model other than the pack's `difficultyModel` writes no
 * difficulty). Cost: one analysis per grid put together from both sides.
 */
export function mergePacks(base: LevelPack, ours: LevelPack, theirs: LevelPack, oracle: EffectOracle): MergeResult {
  const conflicts: MergeConflict[] = [];
  // The pack's own fields, in the format's order.
  const hb = orderedHead(base), ho = orderedHead(ours), ht = orderedHead(theirs);
  const head: Record<string, unknown> = {};
  const headClash = new Map<string, { ours: unknown; base: unknown; theirs: unknown }>();
  for (const key of new Set([...Object.keys(ho), ...Object.keys(ht), ...Object.keys(hb)])) {
    const p = pick(hb[key], ho[key], ht[key]);
    if (p !== undefined) {
      if (p.value !== undefined) head[key] = p.value;
    } else {
      head[key] = ho[key];
      headClash.set(key, { ours: ho[key], base: hb[key], theirs: ht[key] });
      conflicts.push({ id: null, message: `the pack's ${key} was changed on both sides (${JSON.stringify(ho[key] ?? null)} ours, ${JSON.stringify(ht[key] ?? null)} theirs)` });
    }
  }

  // A difficulty recomputed under another model than the pack names would mix scales: leave it out.
  const named = head['difficultyModel'];
  const modelFits = named === undefined || named === oracle.model?.name;
  const byId = (p: LevelPack): Map<string, PackLevel> => new Map(p.levels.map((l) => [l.id, l]));
  const B = byId(base), O = byId(ours), T = byId(theirs);
  const resolved: string[] = [];
  const merged = new Map<string, Slot | null>(); // null: removed
  const conflict = (id: string, reason: string, sides: { ours?: PackLevel; base?: PackLevel; theirs?: PackLevel }): Slot => {
    conflicts.push({ id, message: reason });
    return { kind: 'conflict', reason, ...sides };
  };
  for (const id of new Set([...O.keys(), ...T.keys(), ...B.keys()])) {
    const b = B.get(id), o = O.get(id), t = T.get(id);
    if (o === undefined && t === undefined) merged.set(id, null);
    else if (b === undefined) {
      if (o !== undefined && t !== undefined && !same(orderedPackLevel(o), orderedPackLevel(t))) {
        merged.set(id, conflict(id, `level ${id} was added on both sides with different contents`, { ours: o, theirs: t }));
      } else merged.set(id, { kind: 'level', level: (o ?? t)! });
    } else if (o === undefined || t === undefined) {
      const kept = (o ?? t)!;
      if (same(orderedPackLevel(kept), orderedPackLevel(b))) merged.set(id, null);
      else merged.set(id, conflict(id, `level ${id} was removed ${o === undefined ? 'ours' : 'theirs'} and changed ${o === undefined ? 'theirs' : 'ours'}`, { ...(o ? { ours: o } : {}), base: b, ...(t ? { theirs: t } : {}) }));
    } else merged.set(id, mergeLevel(b, o, t, oracle, modelFits, resolved, (reason) => conflict(id, `level ${id} ${JSON.stringify(o.name)}: ${reason}`, { ours: o, base: b, theirs: t })));
  }

  // Order: ours (their removals gone), then their new levels after the level before them in their order.
  const order: string[] = ours.levels.map((l) => l.id).filter((id) => merged.get(id) != null);
  const theirNew = theirs.levels.map((l) => l.id).filter((id) => !O.has(id) && !B.has(id));
  for (const id of theirNew) {
    if (merged.get(id) == null || order.includes(id)) continue;
    const k = theirs.levels.findIndex((l) => l.id === id);
    let at = 0;
    for (let p = k - 1; p >= 0; p--) {
      const before = order.indexOf(theirs.levels[p]!.id);
      if (before >= 0) {
        at = before + 1;
        break;
      }
    }
    // Past our own new levels right there, so both sides' appends keep their sides' order: ours, then theirs.
    while (at < order.length && !T.has(order[at]!) && !B.has(order[at]!)) at++;
    order.splice(at, 0, id);
  }
  // Levels of base that ours removed but theirs changed (a conflict): where base had them.
  for (const id of base.levels.map((l) => l.id)) {
    if (merged.get(id)?.kind === 'conflict' && !order.includes(id)) {
      const k = base.levels.findIndex((l) => l.id === id);
      order.splice(Math.min(order.length, k), 0, id);
    }
  }
  const slots = order.map((id) => merged.get(id)!);
  const defs = (head['fields'] as LevelPack['fields']) ?? [];
  const pack = conflicts.length === 0 ? ({ ...(head as unknown as LevelPack), levels: slots.map((s) => (s as { level: PackLevel }).level) }) : null;
  // Clean: the canonical text itself (the same bytes the studio and the CLI write).
  return { text: pack !== null ? exportPack(pack) : mergedText(head, headClash, slots, defs), conflicts, pack, resolved };
}

/** One level's three-way merge: the merged level, or a conflict slot from `clash`. */
function mergeLevel(b: PackLevel, o: PackLevel, t: PackLevel, oracle: EffectOracle, modelFits: boolean, resolved: string[], clash: (reason: string) => Slot): Slot {
  const rows = mergeRows(b.rows, o.rows, t.rows);
  if ('conflict' in rows) return clash(rows.conflict);
  const level: Record<string, unknown> = {};
  const fieldClash: string[] = [];
  const ob = b as unknown as Record<string, unknown>, oo = o as unknown as Record<string, unknown>, ot = t as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(oo), ...Object.keys(ot), ...Object.keys(ob)])) {
    if (key === 'rows' || key === 'difficulty' || key === 'features') continue;
    const p = pick(ob[key], oo[key], ot[key]);
    if (p === undefined) fieldClash.push(key);
    else if (p.value !== undefined) level[key] = p.value;
  }
  if (fieldClash.length > 0) return clash(`both sides changed its ${fieldClash.join(', ')} differently`);
  let notes: { features: Record<string, number | null>; difficulty: number | null };
  if (sameRows(rows.rows, o.rows)) notes = { features: o.features, difficulty: o.difficulty };
  else if (sameRows(rows.rows, t.rows)) notes = { features: t.features, difficulty: t.difficulty };
  else {
    // Put together from both sides: solve it again.
    resolved.push(o.id);
    const effect = oracle.of(rows.rows);
    const changed = cellChanges(b.rows, rows.rows).map((c) => `(${c.x},${c.y})`).join(' ');
    if (effect.solvable === null) return clash(`the merged grid (cells ${changed} changed) ${effect.problem ?? 'could not be solved'}`);
    if (!effect.solvable) {
      const alone = (r: readonly string[]): string => (oracle.of(r).solvable === true ? 'solvable' : 'unsolvable');
      return clash(`ours is ${alone(o.rows)} and theirs ${alone(t.rows)}, but the merged grid (cells ${changed} changed) is UNSOLVABLE`);
    }
    const fresh = oracle.annotations(rows.rows);
    const hadNotes = Object.keys(o.features).length > 0 || Object.keys(t.features).length > 0 || o.difficulty !== null || t.difficulty !== null;
    notes = fresh !== null && hadNotes ? { features: fresh.features, difficulty: modelFits ? fresh.difficulty : null } : { features: {}, difficulty: null };
  }
  return { kind: 'level', level: { ...(level as unknown as PackLevel), rows: rows.rows, ...notes } };
}

/** The merged file: canonical layout, conflicts between git's markers (each side whole head lines or level blocks). */
function mergedText(
  head: Readonly<Record<string, unknown>>,
  headClash: ReadonlyMap<string, { ours: unknown; base: unknown; theirs: unknown }>,
  slots: readonly Slot[],
  defs: NonNullable<LevelPack['fields']>,
): string {
  const out: string[] = ['{'];
  const region = (reason: string, ours: string[], base: string[] | null, theirs: string[]): void => {
    out.push(`${'<'.repeat(MARKER)} ours: ${reason.replace(/\s*\n\s*/g, ' ')}`, ...ours);
    if (base !== null) out.push(`${'|'.repeat(MARKER)} base`, ...base);
    out.push('='.repeat(MARKER), ...theirs, `${'>'.repeat(MARKER)} theirs`);
  };
  for (const key of Object.keys(head)) {
    const c = headClash.get(key);
    const line = (v: unknown): string[] => (v === undefined ? [] : [`${headLines({ [key]: v })[0]!},`]);
    if (c === undefined) out.push(...line(head[key]));
    else region(`the pack's ${key} was changed on both sides`, line(c.ours), line(c.base), line(c.theirs));
  }
  if (slots.length === 0) out.push('  "levels": []');
  else {
    out.push('  "levels": [');
    const block = (l: PackLevel | undefined, comma: string): string[] => (l === undefined ? [] : [levelBlock(orderedPackLevel(l, defs) as unknown as Record<string, unknown>) + comma]);
    slots.forEach((s, k) => {
      const comma = k < slots.length - 1 ? ',' : '';
      if (s.kind === 'level') out.push(...block(s.level, comma));
      else region(s.reason, block(s.ours, comma), s.base === undefined ? null : block(s.base, comma), block(s.theirs, comma));
    });
    out.push('  ]');
  }
  out.push('}');
  return out.join('\n') + '\n';
}

/** True when `line` is one of the merge's markers (git's, at the standard length). */
export function isConflictMarker(line: string): boolean {
  return /^(<{7}|\|{7}|={7}|>{7})( |$)/.test(line) && !line.startsWith(LEVEL_INDENT);
}
