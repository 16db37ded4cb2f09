import { describe, expect, it } from 'vitest';
import { defaultModelFor } from '../difficulty/defaultModel';
import { parseRows } from '../level/format';
import { createPack, packLevelFromLevel } from '../pack/pack';
import type { LevelPack, PackLevel } from '../pack/schema';
import { longcat } from '../rules/registry';
import { hasConflictMarkers, readConflicts, resolveConflicts } from './conflicts';
import { EffectOracle } from './effect';
import { mergePacks } from './merge';

const lv = (id: string, rows: string[], name = id): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const merge = (b: LevelPack, o: LevelPack, t: LevelPack) => mergePacks(b, o, t, new EffectOracle(longcat, defaultModelFor('longcat'), 200_000));
const base = createPack('p', [lv('a', ['C...', '....', '....']), lv('b', ['C..', '...', '...'])]);
const rowsOf = (p: LevelPack) => p.levels.map((l) => `${l.id}:${l.rows.join('/')}`);

describe('reading a conflicted pack', () => {
  it('finds each region with both sides\' levels, and keeping a side gives that side\'s pack', () => {
    const ours = { ...base, name: 'x', levels: [lv('a', ['C#..', '....', '....']), base.levels[1]!] };
    const theirs = { ...base, name: 'y', levels: [lv('a', ['C..#', '....', '....']), base.levels[1]!] };
    const m = merge(base, ours, theirs);
    expect(hasConflictMarkers(m.text)).toBe(true);
    const c = readConflicts(m.text);
    if (!c.ok) throw new Error(c.error);
    expect(c.value.regions).toHaveLength(2);
    expect(c.value.regions[0]!.lines.ours).toEqual(['  "name": "x",']);
    expect(c.value.regions[1]!.levels.ours.map((l) => l.rows[0])).toEqual(['C#..']);
    expect(c.value.regions[1]!.levels.base.map((l) => l.rows[0])).toEqual(['C...']);
    expect(c.value.regions[1]!.levels.theirs.map((l) => l.rows[0])).toEqual(['C..#']);
    const keepOurs = resolveConflicts(c.value, ['ours', 'ours']);
    expect(keepOurs.ok && [keepOurs.value.pack.name, ...rowsOf(keepOurs.value.pack)]).toEqual(['x', ...rowsOf(ours)]);
    const mixed = resolveConflicts(c.value, ['theirs', 'base']);
    expect(mixed.ok && [mixed.value.pack.name, ...rowsOf(mixed.value.pack)]).toEqual(['y', ...rowsOf(base)]);
  });

  it('a side that removed the last level still reads (its comma is dropped)', () => {
    const ours = { ...base, levels: [base.levels[0]!] };
    const theirs = { ...base, levels: [base.levels[0]!, lv('b', ['C#.', '...', '...'])] };
    const m = merge(base, ours, theirs);
    expect(m.conflicts).toHaveLength(1);
    const c = readConflicts(m.text);
    if (!c.ok) throw new Error(c.error);
    const r = resolveConflicts(c.value, ['ours']);
    expect(r.ok && rowsOf(r.value.pack)).toEqual(['a:C.../..../....']);
    const t = resolveConflicts(c.value, ['theirs']);
    expect(t.ok && rowsOf(t.value.pack)).toEqual(['a:C.../..../....', 'b:C#./.../...']);
  });

  it('refuses a marker out of place, naming its line', () => {
    expect(readConflicts('{\n=======\n}')).toEqual({ ok: false, error: 'line 2: a conflict marker outside a conflict' });
    expect(readConflicts('{\n<<<<<<< ours\n}').ok).toBe(false);
    expect(readConflicts('{}').ok).toBe(false);
  });
});
