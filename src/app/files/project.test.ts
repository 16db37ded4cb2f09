import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows } from '../../core/level/level';
import { createPack, packLevelFromLevel } from '../../core/pack/pack';
import type { PlayResults } from '../../core/play/results';
import { createStudioStore } from '../store/store';
import { parseProject, projectText, type ProjectExtras } from './project';
import { openProjectText } from './projectIo';

const grid = (rows: string[]) => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** No playtests, an empty lab, no models, no results files. */
const none: ProjectExtras = { playLog: [], playStarts: {}, lab: createStudioStore().getState(), savedModels: [], activeModelId: null, playResultFiles: [], playerFiles: [] };

describe('project file', () => {
  const level = grid(['C#.', '...', '...']);
  const pack = createPack('mine', [packLevelFromLevel({ ...level, name: 'one' }, { id: 'one', features: {} }), packLevelFromLevel({ ...grid(['C..', '...', '...']), name: 'two' }, { id: 'two' })]);

  it('writes and reads back the level, its name, the pack and the open level', () => {
    const r = parseProject(projectText({ level, levelName: 'one', pack, openId: 'one', ...none }));
    if (!r.ok) throw new Error(r.error.join('\n'));
    expect(toRows(r.value.level)).toEqual(['C#.', '...', '...']);
    expect(r.value.levelName).toBe('one');
    expect(r.value.pack).toEqual(pack);
    expect(r.value.open).toEqual({ id: 'one', baseRows: ['C#.', '...', '...'], baseName: 'one' });
  });

  it('a bad file says what is wrong, with paths', () => {
    const good = JSON.parse(projectText({ level, levelName: 'one', pack, openId: 'one', ...none }));
    expect(parseProject('{"format":')).toMatchObject({ ok: false, error: [expect.stringMatching(/^the file is not valid JSON/)] });
    expect(parseProject(JSON.stringify({ ...good, openInPack: 'three' }))).toEqual({ ok: false, error: ['openInPack: no level of the pack has the id "three"'] });
    expect(parseProject(JSON.stringify({ ...good, level: { rows: ['CC.', '...', '...'], name: 'x' } }))).toMatchObject({ ok: false, error: [expect.stringMatching(/^level\.rows: line 1, column 2/)] });
    const badPack = { ...good, pack: { ...good.pack, levels: [{ ...good.pack.levels[0], id: '' }] } };
    expect(parseProject(JSON.stringify(badPack))).toMatchObject({ ok: false, error: [expect.stringMatching(/^pack\.levels\[0\]\.id: /)] });
  });

  it('carries the playtest log, the lab models and the players’ results; opening merges them into the studio', () => {
    const record = { id: 'p1', levelKey: 'k', levelName: 'one', rows: ['C#.', '...', '...'], seconds: 4.5, restarts: 0, moves: 3, solutionMoves: 3, finishedAt: '2026-11-25T08:00:00.000Z' };
    const results: PlayResults = { format: 'longcat-play-results', version: 3, rules: 'longcat', pack: { name: 'mine', identity: '0123456789abcdef' }, player: 'p-1', exportedAt: '2026-11-25T08:00:00.000Z', levels: [{ id: 'one', name: 'one', rows: ['C#.', '...', '...'], attempts: [{ outcome: 'solved', seconds: 12, moves: 4, undos: 0, restarts: 0, startedAt: '2026-11-25T07:59:00.000Z', replay: false }] }] };
    const model = createStudioStore().getState().model;
    const text = projectText({ level, levelName: 'one', pack, openId: 'one', ...none, playLog: [record], playStarts: { k: 2 }, savedModels: [{ id: 'm1', savedAt: '2026-11-25', model }], activeModelId: null, playResultFiles: [{ name: 'p-1.json', results }] });
    const r = parseProject(text);
    if (!r.ok) throw new Error(r.error.join('\n'));
    expect(r.value.playtests).toEqual({ records: [record], starts: { k: 2 } });
    expect(r.value.labModels?.models.map((m) => m.id)).toEqual(['m1']);
    expect(r.value.playerResults).toEqual([{ name: 'p-1.json', results }]);

    // Opened into a studio that has a playtest of its own: both are kept, and opening twice adds nothing twice.
    const store = createStudioStore();
    store.getState().setPlayLog([{ ...record, id: 'own' }], {});
    expect(openProjectText(store, text, 'mine.longcat.json')).toBe(true);
    expect(openProjectText(store, text, 'mine.longcat.json')).toBe(true);
    const s = store.getState();
    expect(s.playLog.map((x) => x.id)).toEqual(['own', 'p1']);
    expect(s.playStarts).toEqual({ k: 2 });
    expect(s.savedModels.map((m) => m.id)).toEqual(['m1']);
    expect(s.playResultFiles.map((f) => f.name)).toEqual(['p-1.json']);
    expect(s.pack.levels.map((l) => l.id)).toEqual(['one', 'two']);
  });

  it('a version 1 file (the document only) still opens', () => {
    const v1 = { format: 'longcat-project', version: 1, level: { rows: ['C#.', '...', '...'], name: 'one' }, openInPack: 'one', pack: JSON.parse(projectText({ level, levelName: 'one', pack, openId: 'one', ...none })).pack };
    const r = parseProject(JSON.stringify(v1));
    if (!r.ok) throw new Error(r.error.join('\n'));
    expect(r.value.pack).toEqual(pack);
    expect(r.value).toMatchObject({ playtests: null, labSession: null, labModels: null, playerResults: [] });
    expect(r.value.playerAttempts).toEqual([]);
    expect(parseProject(JSON.stringify({ ...v1, version: 4 }))).toMatchObject({ ok: false, error: [expect.stringMatching(/^version: .*newer version/)] });
  });

  it('a version 2 file (no Players view attempts) opens with none', () => {
    const v3 = JSON.parse(projectText({ level, levelName: 'one', pack, openId: 'one', ...none }));
    expect(v3.version).toBe(3);
    const { playerAttempts: _dropped, ...v2 } = { ...v3, version: 2 };
    const r = parseProject(JSON.stringify(v2));
    if (!r.ok) throw new Error(r.error.join('\n'));
    expect(r.value.playerAttempts).toEqual([]);
  });

  it('carries the Players view’s attempt files (text only) and opening adds them once', () => {
    const csv = 'level,player,seconds,solved\nC#./.../...,ann,12,1\n';
    const blob = new Blob(['not read yet']);
    const text = projectText({ level, levelName: 'one', pack, openId: 'one', ...none, playerFiles: [{ name: 'attempts.csv', text: csv }, { name: 'picked.csv', text: blob }] });
    const r = parseProject(text);
    if (!r.ok) throw new Error(r.error.join('\n'));
    // A file still held as a Blob is not text yet: it is left out (the controller reads it into text when it is kept).
    expect(r.value.playerAttempts).toEqual([{ name: 'attempts.csv', text: csv }]);
    const store = createStudioStore();
    expect(openProjectText(store, text, 'mine.longcat.json')).toBe(true);
    expect(openProjectText(store, text, 'mine.longcat.json')).toBe(true);
    expect(store.getState().playerFiles).toEqual([{ name: 'attempts.csv', text: csv }]);
  });
});
