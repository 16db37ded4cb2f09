import { describe, expect, it } from 'vitest';
import { exportPackAs } from '../export/formats';
import { parseFieldInput, type PackFieldDef } from './fields';
import { exportPack, importPack, type PackProblem } from './pack';
import { salvagePackJson } from './salvage';
import type { LevelPack, PackLevel } from './schema';

const defs: PackFieldDef[] = [
  { key: 'par', label: 'Par moves', type: 'number' },
  { key: 'hint', label: 'Hint text', type: 'text' },
  { key: 'locked', label: 'Locked at start', type: 'flag' },
  { key: 'world', label: 'World', type: 'choice', choices: ['forest', 'desert, dry'] },
];

function level(id: string, fields?: PackLevel['fields']): PackLevel {
  return {
    id,
    name: `Level ${id}`,
    rows: ['C..', '.#.', '...'],
    difficulty: null,
    features: {},
    source: { generator: 'editor', seed: null, temperature: null, model: null },
    ...(fields !== undefined ? { fields } : {}),
  };
}

const pack: LevelPack = {
  format: 'longcat-pack',
  version: 2,
  rules: 'longcat',
  name: 'With fields',
  fields: defs,
  levels: [level('a', { par: 7, hint: 'go "left", then down', locked: true, world: 'desert, dry' }), level('b', { world: 'forest' }), level('c')],
};

function problems(json: unknown): PackProblem[] {
  const r = importPack(JSON.stringify(json));
  if (r.ok) throw new Error('expected the import to fail');
  return r.error;
}

describe('custom fields in the pack format', () => {
  it('go through export and import unchanged, values in definition order', () => {
    const text = exportPack(pack);
    const r = importPack(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.pack).toEqual(pack);
    expect(r.value.warnings).toEqual([]);
    expect(exportPack(r.value.pack)).toBe(text);
    // Hand-written in another key order: written back in the definitions' order.
    const shuffled = { ...pack, levels: [level('a', { world: 'forest', par: 3 })] };
    const written = JSON.parse(exportPack(shuffled)) as { levels: { fields: Record<string, unknown> }[] };
    expect(Object.keys(written.levels[0]!.fields)).toEqual(['par', 'world']);
  });

  it('a pack without fields writes no fields key (files of older builds are unchanged)', () => {
    const plain: LevelPack = { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', levels: [level('a')] };
    expect(exportPack(plain)).not.toContain('"fields"');
  });

  it('refuses values that do not fit their definition, each with its path', () => {
    const json = JSON.parse(exportPack(pack)) as { levels: { fields: Record<string, unknown> }[] };
    json.levels[0]!.fields = { par: 'seven', locked: 'yes', world: 'sea', hint: 3, colour: 'red' };
    expect(problems(json).map((p) => p.path)).toEqual([
      'levels[0].fields.par',
      'levels[0].fields.locked',
      'levels[0].fields.world',
      'levels[0].fields.hint',
      'levels[0].fields.colour',
    ]);
    expect(problems(json).find((p) => p.path === 'levels[0].fields.world')!.message).toContain('"forest"');
  });

  it('refuses broken definitions: repeated key, bad key, choice without choices, unknown type', () => {
    const bad = (fields: unknown): string[] => problems({ format: 'longcat-pack', version: 1, name: 'P', fields, levels: [] }).map((p) => `${p.path}: ${p.message}`);
    expect(bad([{ key: 'par', label: 'A', type: 'number' }, { key: 'par', label: 'B', type: 'text' }])[0]).toMatch(/^fields\[1\]\.key: .*already used/);
    expect(bad([{ key: '1st', label: 'A', type: 'number' }])[0]).toMatch(/^fields\[0\]\.key: .*start with a letter/);
    expect(bad([{ key: 'w', label: 'W', type: 'choice' }])[0]).toMatch(/^fields\[0\]\.choices: .*at least one/);
    expect(bad([{ key: 'w', label: 'W', type: 'colour' }])[0]).toMatch(/^fields\[0\]\.type:/);
  });

  it('a value under __proto__ is refused, not silently dropped', () => {
    const text = exportPack(pack).replace('"par":7', '"__proto__":7,"par":7');
    const r = importPack(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]!.path).toBe('levels[0].fields.__proto__');
  });

  it('salvage keeps the definitions and the levels whose values fit them', () => {
    const json = JSON.parse(exportPack(pack)) as { levels: { fields?: Record<string, unknown> }[] };
    json.levels[1]!.fields = { par: 'many' };
    const s = salvagePackJson(json);
    expect(s.pack.fields).toEqual(defs);
    expect(s.pack.levels.map((l) => l.id)).toEqual(['a', 'c']);
    expect(s.setAside.map((x) => x.index)).toEqual([1]);
  });
});

describe('custom fields in the exports', () => {
  it('CSV: one field:<key> column per field after the standard ones, quoted where needed', () => {
    const r = exportPackAs(pack, 'csv');
    if (!r.ok) throw new Error(r.error);
    const lines = r.value.trimEnd().split('\r\n');
    expect(lines[0]!.endsWith(',level,field:par,field:hint,field:locked,field:world')).toBe(true);
    expect(lines[1]!.endsWith(',C../.#./...,7,"go ""left"", then down",true,"desert, dry"')).toBe(true);
    expect(lines[2]!.endsWith(',C../.#./...,,,,forest')).toBe(true);
    expect(lines[3]!.endsWith(',C../.#./...,,,,')).toBe(true);
  });

  it('game JSON: the definitions and each level’s values', () => {
    const r = exportPackAs(pack, 'json');
    if (!r.ok) throw new Error(r.error);
    const file = JSON.parse(r.value) as { fields: unknown; levels: { fields: unknown }[] };
    expect(file.fields).toEqual(defs);
    expect(file.levels.map((l) => l.fields)).toEqual([pack.levels[0]!.fields, { world: 'forest' }, {}]);
    const plain = exportPackAs({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', levels: [level('a')] }, 'json');
    expect(plain.ok && plain.value.includes('"fields"')).toBe(false);
  });
});

describe('parseFieldInput', () => {
  const [par, hint, locked, world] = defs as [PackFieldDef, PackFieldDef, PackFieldDef, PackFieldDef];
  it('reads what a person types, and says why when it does not fit', () => {
    expect(parseFieldInput(par, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseFieldInput(par, '1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseFieldInput(par, 'twelve').ok).toBe(false);
    expect(parseFieldInput(par, '')).toEqual({ ok: true, value: null });
    expect(parseFieldInput(locked, 'Yes')).toEqual({ ok: true, value: true });
    expect(parseFieldInput(locked, 'false')).toEqual({ ok: true, value: false });
    expect(parseFieldInput(locked, 'maybe').ok).toBe(false);
    expect(parseFieldInput(world, 'forest')).toEqual({ ok: true, value: 'forest' });
    expect(parseFieldInput(world, 'sea').ok).toBe(false);
    expect(parseFieldInput(hint, '  spaces kept  ')).toEqual({ ok: true, value: '  spaces kept  ' });
  });
});
