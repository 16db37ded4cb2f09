import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows } from '../../core/level/level';
import { createPack, packLevelFromLevel } from '../../core/pack/pack';
import { parseProject, projectText } from './project';

const grid = (rows: string[]) => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('project file', () => {
  const level = grid(['C#.', '...', '...']);
  const pack = createPack('mine', [packLevelFromLevel({ ...level, name: 'one' }, { id: 'one', features: {} }), packLevelFromLevel({ ...grid(['C..', '...', '...']), name: 'two' }, { id: 'two' })]);

  it('writes and reads back the level, its name, the pack and the open level', () => {
    const r = parseProject(projectText({ level, levelName: 'one', pack, openId: 'one' }));
    if (!r.ok) throw new Error(r.error.join('\n'));
    expect(toRows(r.value.level)).toEqual(['C#.', '...', '...']);
    expect(r.value.levelName).toBe('one');
    expect(r.value.pack).toEqual(pack);
    expect(r.value.open).toEqual({ id: 'one', baseRows: ['C#.', '...', '...'], baseName: 'one' });
  });

  it('a bad file says what is wrong, with paths', () => {
    const good = JSON.parse(projectText({ level, levelName: 'one', pack, openId: 'one' }));
    expect(parseProject('{"format":')).toMatchObject({ ok: false, error: [expect.stringMatching(/^the file is not valid JSON/)] });
    expect(parseProject(JSON.stringify({ ...good, openInPack: 'three' }))).toEqual({ ok: false, error: ['openInPack: no level of the pack has the id "three"'] });
    expect(parseProject(JSON.stringify({ ...good, level: { rows: ['CC.', '...', '...'], name: 'x' } }))).toMatchObject({ ok: false, error: [expect.stringMatching(/^level\.rows: line 1, column 2/)] });
    const badPack = { ...good, pack: { ...good.pack, levels: [{ ...good.pack.levels[0], id: '' }] } };
    expect(parseProject(JSON.stringify(badPack))).toMatchObject({ ok: false, error: [expect.stringMatching(/^pack\.levels\[0\]\.id: /)] });
  });
});
