/**
 * A semantic diff of two packs (SPEC §15): which levels were added, removed,
 * moved, renamed or re-identified, and for each level whose grid changed,
 * the cells that changed and what that did to the game (solvable to
 * unsolvable and back, difficulty, solutions, dead states, shortest
 * solution). Levels are matched by id, then, among those left, by grid up
 * to symmetry (a level re-imported under a new id, or rotated). "Moved"
 * means out of order: the levels off a longest run kept in order, so one
 * insertion does not mark every later level as moved.
 */
import type { LevelPack, PackLevel } from '../pack/schema';
import type { EffectOracle, LevelEffect } from './effect';
import { SYMMETRY_NAMES, symmetryBetween, symmetryKey } from './symmetry';

/** One cell that differs: 0-based column and row, the characters before and after. */
export interface CellChange {
  readonly x: number;
  readonly y: number;
  readonly from: string;
  readonly to: string;
}

/** A level in one of the packs. */
export interface LevelAt {
  readonly id: string;
  readonly name: string;
  /** 0-based position in its pack. */
  readonly index: number;
}

/** A level whose grid changed. */
export interface ChangedLevel extends LevelAt {
  /** The cells that changed; null when the size changed (`sizeBefore`, `sizeAfter`). */
  readonly cells: CellChange[] | null;
  readonly sizeBefore: string;
  readonly sizeAfter: string;
  readonly before: LevelEffect;
  readonly after: LevelEffect;
}

/** The whole diff. Every list is in the new pack's order (removed: the old pack's). */
export interface PackDiff {
  /** The pack's own fields that changed (name, rules, description, fields...). */
  readonly pack: { readonly field: string; readonly before: unknown; readonly after: unknown }[];
  readonly added: (LevelAt & { readonly effect: LevelEffect })[];
  readonly removed: (LevelAt & { readonly effect: LevelEffect })[];
  /** Matched by grid (up to symmetry) under another id. */
  readonly reidentified: { readonly oldId: string; readonly id: string; readonly name: string; readonly symmetry: string }[];
  readonly moved: { readonly id: string; readonly name: string; readonly from: number; readonly to: number }[];
  readonly renamed: { readonly id: string; readonly from: string; readonly to: string }[];
  readonly changed: ChangedLevel[];
  /** Other fields of a level that changed (notes, tags, custom fields, source...), by level. */
  readonly edited: { readonly id: string; readonly name: string; readonly fields: string[] }[];
  /** Ids (in the new pack) of levels that were solvable and no longer are. */
  readonly broken: string[];
  /** Ids of levels that were unsolvable and now are solvable. */
  readonly fixed: string[];
}

/** Fields of a level compared as annotations of its grid, not as edits. */
const DERIVED = new Set(['id', 'name', 'rows', 'difficulty', 'features']);
/** Head fields never worth a line. */
const HEAD_SKIP = new Set(['levels', 'createdWith']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The cells of two same-sized grids that differ, row by row. */
export function cellChanges(before: readonly string[], after: readonly string[]): CellChange[] {
  const out: CellChange[] = [];
  for (let y = 0; y < before.length; y++) {
    const a = before[y]!, b = after[y]!;
    if (a === b) continue;
    for (let x = 0; x < a.length; x++) if (a[x] !== b[x]) out.push({ x, y, from: a[x]!, to: b[x]! });
  }
  return out;
}

const sizeOf = (rows: readonly string[]): string => `${rows[0]?.length ?? 0}x${rows.length}`;

/**
 * Positions (into `seq`) of a longest strictly increasing subsequence:
 * patience sorting, O(n log n).
 */
function longestIncreasing(seq: readonly number[]): Set<number> {
  const tails: number[] = [], prev = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0, hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]!]! < seq[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) keep.add(i);
  return keep;
}

/**
 * The diff from `before` to `after`; each pack's levels are solved under
 * its own ruleset by its oracle (pass the same oracle when the rules are
 * the same, so a grid both packs hold is solved once). Cost: one analysis
 * per distinct grid that changed, was added or removed.
 */
export function diffPacks(before: LevelPack, after: LevelPack, oracles: { before: EffectOracle; after: EffectOracle }): PackDiff {
  const pack: PackDiff['pack'] = [];
  const headKeys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of headKeys) {
    if (HEAD_SKIP.has(key)) continue;
    const a = (before as unknown as Record<string, unknown>)[key], b = (after as unknown as Record<string, unknown>)[key];
    if (!same(a, b)) pack.push({ field: key, before: a ?? null, after: b ?? null });
  }
  const sameRules = before.rules === after.rules;
  // Match by id, then the rest by grid up to symmetry (first come, first paired).
  const oldById = new Map(before.levels.map((l, i) => [l.id, i]));
  const match = new Map<number, number>(); // new index -> old index
  const usedOld = new Set<number>();
  after.levels.forEach((l, i) => {
    const j = oldById.get(l.id);
    if (j !== undefined) {
      match.set(i, j);
      usedOld.add(j);
    }
  });
  const freeOld = new Map<string, number[]>();
  before.levels.forEach((l, j) => {
    if (usedOld.has(j)) return;
    const key = symmetryKey(l.rows);
    const list = freeOld.get(key);
    if (list === undefined) freeOld.set(key, [j]);
    else list.push(j);
  });
  const reidentified: PackDiff['reidentified'] = [];
  after.levels.forEach((l, i) => {
    if (match.has(i)) return;
    const j = freeOld.get(symmetryKey(l.rows))?.shift();
    if (j === undefined) return;
    match.set(i, j);
    usedOld.add(j);
    const t = symmetryBetween(before.levels[j]!.rows, l.rows) ?? 0;
    reidentified.push({ oldId: before.levels[j]!.id, id: l.id, name: l.name, symmetry: SYMMETRY_NAMES[t]! });
  });

  const added: PackDiff['added'] = [];
  const renamed: PackDiff['renamed'] = [];
  const changed: ChangedLevel[] = [];
  const edited: PackDiff['edited'] = [];
  const broken: string[] = [], fixed: string[] = [];
  const order: number[] = [], orderNew: number[] = [];
  after.levels.forEach((l, i) => {
    const j = match.get(i);
    if (j === undefined) {
      added.push({ id: l.id, name: l.name, index: i, effect: oracles.after.of(l.rows) });
      return;
    }
    order.push(j);
    orderNew.push(i);
    const old = before.levels[j]!;
    if (old.name !== l.name) renamed.push({ id: l.id, from: old.name, to: l.name });
    const fields = editedFields(old, l);
    if (fields.length > 0) edited.push({ id: l.id, name: l.name, fields });
    const gridSame = old.rows.length === l.rows.length && old.rows.every((r, k) => r === l.rows[k]);
    const symmetric = !gridSame && reidentified.some((r) => r.id === l.id);
    if (gridSame && sameRules) return;
    if (symmetric && sameRules) return;
    const sizeSame = sizeOf(old.rows) === sizeOf(l.rows);
    const b = oracles.before.of(old.rows), a = oracles.after.of(l.rows);
    changed.push({ id: l.id, name: l.name, index: i, cells: sizeSame ? cellChanges(old.rows, l.rows) : null, sizeBefore: sizeOf(old.rows), sizeAfter: sizeOf(l.rows), before: b, after: a });
    if (b.solvable === true && a.solvable !== true) broken.push(l.id);
    if (b.solvable === false && a.solvable === true) fixed.push(l.id);
  });
  const removed = before.levels.flatMap((l, j) => (usedOld.has(j) ? [] : [{ id: l.id, name: l.name, index: j, effect: oracles.before.of(l.rows) }]));
  const kept = longestIncreasing(order);
  const moved = order.flatMap((j, k) => (kept.has(k) ? [] : [{ id: after.levels[orderNew[k]!]!.id, name: after.levels[orderNew[k]!]!.name, from: j, to: orderNew[k]! }]));
  return { pack, added, removed, reidentified, moved, renamed, changed, edited, broken, fixed };
}

/** The level fields other than grid, name and annotations that differ. */
function editedFields(a: PackLevel, b: PackLevel): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const out: string[] = [];
  for (const k of keys) {
    if (DERIVED.has(k)) continue;
    if (!same((a as unknown as Record<string, unknown>)[k], (b as unknown as Record<string, unknown>)[k])) out.push(k);
  }
  return out;
}

const num = (v: number | null): string => (v === null ? 'none' : String(v));

/** An effect in a few words: `solvable, difficulty 12.3, 2 solutions, shortest 8, 4 dead states`. */
export function describeEffect(e: LevelEffect): string {
  if (e.solvable === null) return `not solved (${e.problem ?? 'unknown'})`;
  if (!e.solvable) return `UNSOLVABLE, ${num(e.deadStates)} dead of ${num(e.states)} states`;
  const sol = e.solutions === null ? '' : `, ${e.solutions} solution${e.solutions === 1 ? '' : 's'}`;
  return `solvable, difficulty ${num(e.difficulty)}${sol}, shortest ${num(e.shortestSolution)} moves, ${num(e.deadStates)} dead of ${num(e.states)} states`;
}

/** `before -> after` for one number, or null when it did not change. */
function change(label: string, a: number | boolean | null, b: number | boolean | null): string | null {
  if (a === b) return null;
  const show = (v: number | boolean | null): string => (v === null ? 'none' : typeof v === 'boolean' ? (v ? 'solvable' : 'UNSOLVABLE') : String(v));
  return label === '' ? `${show(a)} -> ${show(b)}` : `${label} ${show(a)} -> ${show(b)}`;
}

/** The diff as lines a person reads (what `longcat diff` prints); no lines when nothing differs. */
export function formatPackDiff(d: PackDiff): string[] {
  const q = JSON.stringify;
  const lines: string[] = [];
  for (const p of d.pack) lines.push(`pack     ${p.field}: ${q(p.before)} -> ${q(p.after)}`);
  for (const l of d.removed) lines.push(`removed  ${l.id} ${q(l.name)} (was #${l.index + 1}; ${describeEffect(l.effect)})`);
  for (const l of d.added) lines.push(`added    ${l.id} ${q(l.name)} at #${l.index + 1}: ${describeEffect(l.effect)}`);
  for (const r of d.reidentified) lines.push(`matched  ${r.oldId} -> ${r.id} ${q(r.name)} by its grid${r.symmetry === 'identity' ? '' : ` (${r.symmetry})`}`);
  for (const m of d.moved) lines.push(`moved    ${m.id} ${q(m.name)} #${m.from + 1} -> #${m.to + 1}`);
  for (const r of d.renamed) lines.push(`renamed  ${r.id} ${q(r.from)} -> ${q(r.to)}`);
  for (const c of d.changed) {
    const cells = c.cells === null
      ? `resized ${c.sizeBefore} -> ${c.sizeAfter}`
      : `${c.cells.length} cell${c.cells.length === 1 ? '' : 's'} ${c.cells.slice(0, 12).map((x) => `(${x.x},${x.y}) ${x.from}->${x.to}`).join(' ')}${c.cells.length > 12 ? ' ...' : ''}`;
    const effects = [
      change('', c.before.solvable, c.after.solvable),
      change('difficulty', c.before.difficulty, c.after.difficulty),
      change('solutions', c.before.solutions, c.after.solutions),
      change('shortest', c.before.shortestSolution, c.after.shortestSolution),
      change('dead states', c.before.deadStates, c.after.deadStates),
    ].filter((s): s is string => s !== null);
    const problem = c.after.problem !== undefined ? `; ${c.after.problem}` : '';
    lines.push(`changed  ${c.id} ${q(c.name)}: ${cells}; ${effects.length > 0 ? effects.join(', ') : 'same numbers'}${problem}`);
  }
  for (const e of d.edited) lines.push(`edited   ${e.id} ${q(e.name)}: ${e.fields.join(', ')}`);
  for (const id of d.broken) lines.push(`BROKEN   ${id} was solvable and no longer is`);
  return lines;
}
