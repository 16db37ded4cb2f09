import { describe, expect, it } from 'vitest';
import { createPack } from '../core/pack/pack';
import { checkPackText, checkPackTextSync } from './packFile.api';
import { PackFileClient } from './packFile.client';

const good = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'two', levels: [{ id: 'a', name: 'A', rows: ['C..', '...', '...'] }, { id: 'b', name: 'B', rows: ['C#.', '...', '...'] }] });

describe('pack-file api', () => {
  it('gives the pack and its warnings for a good file, every problem for a bad one', async () => {
    const r = checkPackTextSync(good);
    if (!r.ok) throw new Error('refused a good file');
    expect(r.value.pack.levels.map((l) => [l.id, l.rows])).toEqual([['a', ['C..', '...', '...']], ['b', ['C#.', '...', '...']]]);
    // Only what crosses to the page: no parsed grids.
    expect(Object.keys(r.value).sort()).toEqual(['pack', 'warnings']);
    const bad = checkPackTextSync('{"format":"longcat-pack","version":1,"name":"x","levels":[{"id":"","name":"n","rows":["C.."]}, 3]}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.map((p) => p.path)).toEqual(expect.arrayContaining(['levels[0].id', 'levels[1]']));
    expect(checkPackTextSync('{ not json').ok).toBe(false);
    expect(await checkPackText(good)).toEqual({ kind: 'ok', value: r });
  });

  it('the client checks in the page where there is no Worker (Node), with the same answer', async () => {
    const client = new PackFileClient();
    expect(await client.check(good)).toEqual(checkPackTextSync(good));
    expect(client.worker.mode).toBe('main-thread');
    const empty = createPack('empty', []);
    const r = await client.check(JSON.stringify(empty));
    expect(r.ok && r.value.pack.levels).toEqual([]);
    client.dispose();
  });
});
