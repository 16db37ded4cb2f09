import { describe, expect, it } from 'vitest';
import { CURRENT_PACK_VERSION, PACK_MIGRATIONS, migratePack, type PackMigration } from './migrations';

const v1 = { format: 'longcat-pack', version: 1, name: 'P', levels: [] };

describe('migratePack', () => {
  it('passes a current pack through unchanged', () => {
    expect(CURRENT_PACK_VERSION).toBe(1);
    expect(PACK_MIGRATIONS.size).toBe(0);
    const result = migratePack(v1);
    expect(result).toEqual({ ok: true, value: v1 });
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
    [{ name: 'no version' }, 'the pack has no "version" number; expected a whole number from 1 to 1'],
    [{ version: '1' }, 'expected a whole version number such as 1 but found the text "1"'],
    [{ version: 1.5 }, 'expected a whole version number such as 1 but found the number 1.5'],
    [{ version: null }, 'expected a whole version number such as 1 but found null'],
    [{ version: [1] }, 'expected a whole version number such as 1 but found a list of 1 item'],
    [{ version: 0 }, 'version 0 does not exist; pack versions start at 1'],
    [{ version: -3 }, 'version -3 does not exist; pack versions start at 1'],
    [{ version: 2 }, 'made by a newer version of Longcat Studio (version 2); this build reads up to 1'],
  ])('refuses %j', (json, message) => {
    expect(migratePack(json)).toEqual({ ok: false, error: [{ path: 'version', message }] });
  });

  it('refuses a root that is not an object', () => {
    for (const json of [null, [], 'x', 3, undefined]) {
      expect(migratePack(json)).toMatchObject({ ok: false, error: [{ path: '$' }] });
    }
  });
});
