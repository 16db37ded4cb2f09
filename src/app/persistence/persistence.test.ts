import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows } from '../../core/level/level';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { restoreLevel, restorePack, restorePlayLog, restoreSettings } from './restore';

describe('restore: saved data is validated, never trusted', () => {
  it('levels go through parseRows', () => {
    expect(restoreLevel({ version: 1, rows: ['C..', '...', '..#'], name: 'ok' })).toMatchObject({ ok: true });
    expect(restoreLevel({ version: 1, rows: ['C..', '.x.', '...'], name: 'x' })).toMatchObject({ ok: false, error: expect.stringContaining('line 2, column 2') });
    expect(restoreLevel({ version: 2, rows: [] })).toMatchObject({ ok: false });
    expect(restoreLevel('nonsense')).toMatchObject({ ok: false });
    expect(restoreLevel(null)).toMatchObject({ ok: false });
  });

  it('packs go through importPackJson', () => {
    expect(restorePack({ format: 'longcat-pack', version: 1, name: 'p', levels: [] })).toMatchObject({ ok: true });
    expect(restorePack({ format: 'longcat-pack', version: 1, name: 'p', levels: 3 })).toMatchObject({ ok: false, error: expect.stringContaining('levels') });
  });

  it('playtest logs drop malformed records; settings are all or nothing', () => {
    const good = { id: 'a', levelKey: 'k', levelName: 'n', rows: ['C..'], seconds: 3.5, restarts: 0, moves: 4, solutionMoves: 4, finishedAt: 'now' };
    const r = restorePlayLog({ version: 1, records: [good, { ...good, seconds: -1 }, 7] });
    expect(r).toMatchObject({ ok: true, value: { dropped: 2 } });
    expect(restoreSettings({ version: 1 })).toMatchObject({ ok: false });
  });
});

describe('autosave', () => {
  it('saves what changed and a fresh store loads it back', async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    expect(await loadSaved(store, kv)).toEqual([]);
    const autosave = startAutosave(store, kv, 5);
    const level = parseRows(['C...', '.#..', '....']);
    if (!level.ok) throw new Error();
    store.getState().openLevel(level.value, 'saved one');
    store.getState().addToPack({ level: level.value, name: 'in pack', features: null });
    store.getState().setGeneratorSettings({ seed: 99 });
    await autosave.flush();
    expect(store.getState().saveStatus).toBe('saved');
    autosave.stop();

    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(toRows(again.getState().level)).toEqual(['C...', '.#..', '....']);
    expect(again.getState().levelName).toBe('saved one');
    expect(again.getState().pack.levels.map((l) => l.name)).toEqual(['in pack']);
    expect(again.getState().generatorSettings.seed).toBe(99);
  });

  it('corrupt records are reported and replaced by a clean start', async () => {
    const kv = memoryStore({ level: { version: 1, rows: ['CC.', '...', '...'] }, pack: { format: 'zip' }, playtests: 12, settings: { version: 1 } });
    const store = createStudioStore();
    const fresh = createStudioStore().getState();
    const problems = await loadSaved(store, kv);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('second head');
    expect(toRows(store.getState().level)).toEqual(toRows(fresh.level));
    expect(store.getState().pack.levels).toHaveLength(0);
  });

  it('a store that throws on read is reported, not fatal', async () => {
    const kv = { get: async () => Promise.reject(new Error('disk on fire')), set: async () => undefined };
    const problems = await loadSaved(createStudioStore(), kv);
    expect(problems.every((p) => p.includes('disk on fire'))).toBe(true);
  });
});
