import { describe, expect, it } from 'vitest';
import { CURRENT_PACK_VERSION, PACK_MIGRATIONS, migratePack, type PackMigration } from './migrations';
import { exportPack, importPack } from './pack';

const v1 = { format: 'longcat-pack', version: 1, name: 'P', levels: [] };
const v2 = { format: 'longcat-pack', version: 2, rules: 'paint', name: 'P', levels: [] };

describe('migratePack', () => {
  it('passes a current pack through unchanged', () => {
    expect(CURRENT_PACK_VERSION).toBe(2);
    expect(PACK_MIGRATIONS.size).toBe(1);
    expect(migratePack(v2)).toEqual({ ok: true, value: v2 });
  });

  it('makes every version 1 pack a Longcat pack (SPEC §12), even one a hand edit gave other rules', () => {
    expect(migratePack(v1)).toEqual({ ok: true, value: { ...v1, version: 2, rules: 'longcat' } });
    expect(migratePack({ ...v1, rules: 'paint' })).toEqual({ ok: true, value: { ...v1, version: 2, rules: 'longcat' } });
    expect(v1).toEqual({ format: 'longcat-pack', version: 1, name: 'P', levels: [] }); // the input is not modified
  });

  it('imports a version 1 file with its levels and exports it as version 2 with the Longcat rules', () => {
    const text = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'Old', levels: [{ id: 'a', name: 'A', rows: ['C..', '...', '..#'] }] });
    const r = importPack(text);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.pack.rules).toBe('longcat');
    expect(r.value.pack.levels.map((l) => l.rows)).toEqual([['C..', '...', '..#']]);
    const out = JSON.parse(exportPack(r.value.pack)) as Record<string, unknown>;
    expect([out['version'], out['rules']]).toEqual([2, 'longcat']);
  });

  it('refuses a version 2 pack without rules or with unknown rules, naming the field', () => {
    for (const rules of [undefined, 'chess', 3]) {
      const r = importPack(JSON.stringify({ ...v2, rules }));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.map((p) => p.path)).toContain('rules');
    }
  });

  it('runs a chain step by step and stamps each version', () => {
    // A made-up future: v2 renamed "name" to "title", v3 added "tags".
    const seen: number[] = [];
    const renameToTitle: PackMigration = (p) => {
      seen.push(p['version'] as number);
      const { name, ...rest } = p;
      return { ...rest, title: name };
    };
    const addTags: PackMigration = (p) => {
      seen.push(p['version'] as number);
      return { ...p, tags: [] };
    };
    const chain = new Map([
      [1, renameToTitle],
      [2, addTags],
    ]);
    const result = migratePack(v1, chain, 3);
    expect(seen).toEqual([1, 2]);
    expect(result).toEqual({ ok: true, value: { format: 'longcat-pack', version: 3, title: 'P', levels: [], tags: [] } });
    expect(v1.version).toBe(1);
    expect(migratePack({ ...v1, version: 2 }, chain, 3).ok).toBe(true);
  });

  it('reports a gap in the chain and a failing step instead of throwing', () => {
    expect(migratePack(v1, new Map(), 2)).toEqual({
      ok: false,
      error: [{ path: 'version', message: 'this build cannot upgrade a version 1 pack (no migration to 2)' }],
    });
    const fail: PackMigration = () => {
      throw new Error('levels is not a list');
    };
    const throwing = new Map([[1, fail]]);
    expect(migratePack(v1, throwing, 2)).toEqual({
      ok: false,
      error: [{ path: '$', message: 'could not upgrade the pack from version 1 to 2: levels is not a list' }],
    });
    const notObject = new Map<number, PackMigration>([[1, () => [] as unknown as Record<string, unknown>]]);
    expect(migratePack(v1, notObject, 2).ok).toBe(false);
  });

  it.each([
    [{ name: 'no version' }, 'the pack has no "version" number; expected a whole number from 1 to 2'],
    [{ version: '1' }, 'expected a whole version number such as 2 but found the text "1"'],
    [{ version: 1.5 }, 'expected a whole version number such as 2 but found the number 1.5'],
    [{ version: null }, 'expected a whole version number such as 2 but found null'],
    [{ version: [1] }, 'expected a whole version number such as 2 but found a list of 1 item'],
    [{ version: 0 }, 'version 0 does not exist; pack versions start at 1'],
    [{ version: -3 }, 'version -3 does not exist; pack versions start at 1'],
    [{ version: 3 }, 'made by a newer version of Longcat Studio (version 3); this build reads up to 2'],
  ])('refuses %j', (json, message) => {
    expect(migratePack(json)).toEqual({ ok: false, error: [{ path: 'version', message }] });
  });

  it('refuses a root that is not an object', () => {
    for (const json of [null, [], 'x', 3, undefined]) {
      expect(migratePack(json)).toMatchObject({ ok: false, error: [{ path: '$' }] });
    }
  });
});
