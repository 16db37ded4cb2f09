import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows } from '../../core/level/level';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { generateLevelsSync } from '../../workers/generators.api';
import { BatchController } from '../controllers/batchController';
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

  it('a playtest log in another shape is refused whole; bad starts count as one dropped entry', () => {
    const good = { id: 'a', levelKey: 'k', levelName: 'n', rows: ['C..'], seconds: 3.5, restarts: 0, moves: 4, solutionMoves: 4, finishedAt: 'now' };
    for (const bad of [null, [], { version: 2, records: [good] }, { version: 1, records: 'x' }, { version: 1 }]) expect(restorePlayLog(bad)).toMatchObject({ ok: false, error: 'the saved playtest log is not in a format this version reads' });
    expect(restorePlayLog({ version: 1, records: [good], starts: { k: -1 } })).toEqual({ ok: true, value: { records: [good], dropped: 1, starts: {} } });
    expect(restorePlayLog({ version: 1, records: [good, { ...good, moves: 1.5 }], starts: { k: 2 } })).toEqual({ ok: true, value: { records: [good], dropped: 1, starts: { k: 2 } } });
  });

  it('saved generator settings keep a seed up to 2^32 - 1 and refuse one past it', () => {
    const settings = (seed: number) => ({ version: 1, generator: { generator: 'rsd', width: 6, height: 6, seed, count: 5 }, stateCap: 1000, fullGraphLimit: 1000, graphView: 'auto', dockTab: 'pack' });
    // 2^32 - 1 is the largest unsigned 32-bit integer, computed here rather than read from the code.
    expect(restoreSettings(settings(2 ** 32 - 1))).toMatchObject({ ok: true, value: { generator: { seed: 2 ** 32 - 1 } } });
    expect(restoreSettings(settings(0))).toMatchObject({ ok: true });
    for (const bad of [2 ** 32, -1, 2.5]) expect(restoreSettings(settings(bad))).toMatchObject({ ok: false });
    // Names are checked against their lists, not cast: an unknown generator, view or tab refuses the whole record.
    expect(restoreSettings({ ...settings(1), generator: { ...settings(1).generator, generator: 'maze' } })).toMatchObject({ ok: false });
    expect(restoreSettings({ ...settings(1), graphView: 'sideways' })).toMatchObject({ ok: false });
    expect(restoreSettings({ ...settings(1), dockTab: 'lab' })).toMatchObject({ ok: false });
    expect(restoreSettings({ ...settings(1), generator: { ...settings(1).generator, generator: 'rpu' } })).toMatchObject({ ok: true, value: { generator: { generator: 'rpu' } } });
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

  it('the undo history, the open pack level and the view survive a reload, shared snapshots stay shared', async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 5);
    const s = store.getState;
    const level = parseRows(['C...', '....', '....']);
    if (!level.ok) throw new Error();
    s().openLevel(level.value, 'first');
    const id = s().addCurrentLevelToPack()!;
    const added = s().pack;
    s().applyAt(5, 'wall');
    s().setLevelName('first, edited');
    s().newPackLevel();
    s().openPackLevel(id);
    s().setView('batch');
    await autosave.flush();
    autosave.stop();
    const saved = kv.data.get('history') as { packLevels: unknown[]; entries: unknown[] };
    expect(saved.entries).toHaveLength(6);
    expect(saved.packLevels).toHaveLength(4); // added, walled, renamed, the new one: each version once

    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    const a = again.getState;
    expect(a().view).toBe('batch');
    expect(a().openInPack?.id).toBe(id);
    expect(a().history.entries.map((e) => e.label)).toEqual(s().history.entries.map((e) => e.label));
    a().undo(); // open
    a().undo(); // new level
    a().undo(); // name
    a().undo(); // wall
    expect(a().pack.levels).toHaveLength(1);
    expect(a().pack.levels[0]).toEqual(added.levels[0]);
    expect(toRows(a().level)).toEqual(['C...', '....', '....']);
  });

  it("the generators' last results survive a reload (keys recomputed); a tampered level is refused", async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 5);
    // A paint run: its ruleset is saved with it (results saved before rulesets restore as Longcat's).
    const settings = { generator: 'rsd' as const, rules: 'paint' as const, width: 6, height: 6, seed: 4, count: 5 };
    store.getState().generationStarted(settings);
    const generated = generateLevelsSync(settings);
    if (generated.kind !== 'ok') throw new Error(generated.message);
    store.getState().generationFinished(generated.value);
    const levels = store.getState().generatorRun.levels;
    expect(levels.length).toBeGreaterThan(0);
    // Analysed under paint: its graph can have cycles, so solution paths are not counted (SPEC §12).
    expect(levels.every((l) => l.features.solutionPaths === null)).toBe(true);
    await autosave.flush();
    autosave.stop();
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().generatorRun).toMatchObject({ status: 'done', settings });
    expect(again.getState().generatorRun.levels).toEqual(levels);

    const saved = structuredClone(kv.data.get('generatorResults')) as { levels: { rows: string[] }[] };
    saved.levels[0]!.rows = saved.levels[0]!.rows.map((r) => r.replace(/\./g, 'C'));
    kv.data.set('generatorResults', saved);
    const third = createStudioStore();
    const problems = await loadSaved(third, kv);
    expect(problems).toEqual([expect.stringMatching(/^the saved generator results have a bad level \(levels\.0: /)]);
    expect(third.getState().generatorRun.status).toBe('idle');
  });

  it("generate-at-difficulty's last results survive a reload; a bad one is reported", async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 5);
    store.getState().setAtdSettings({ mode: 'number', target: 15, width: 5, height: 5, count: 2, seed: 3 });
    await new BatchController(store).runAtDifficulty();
    const run = store.getState().atdRun;
    expect(run.status).toBe('done');
    expect(run.levels.length).toBeGreaterThan(0);
    await autosave.flush();
    autosave.stop();
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().atdRun).toEqual(run);
    kv.data.set('atdResults', { ...(kv.data.get('atdResults') as object), outOfReach: 'no' });
    const third = createStudioStore();
    expect(await loadSaved(third, kv)).toEqual([expect.stringMatching(/^the saved at-difficulty results are invalid \(outOfReach: /)]);
    expect(third.getState().atdRun.status).toBe('idle');
  });

  it('a corrupt undo history or workspace is reported and dropped; the level and pack stay', async () => {
    const kv = memoryStore();
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 5);
    store.getState().addCurrentLevelToPack();
    await autosave.flush();
    autosave.stop();
    const history = structuredClone(kv.data.get('history')) as { levels: string[][] };
    history.levels[0] = ['CC.', '...', '...'];
    kv.data.set('history', history);
    kv.data.set('workspace', { version: 1, view: 'nowhere' });
    const again = createStudioStore();
    const problems = await loadSaved(again, kv);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/workspace is invalid \(view: /);
    expect(problems[1]).toMatch(/undo history has a bad level \(levels\.0: line 1, column 2/);
    expect(again.getState().pack.levels).toHaveLength(1);
    expect(again.getState().history.entries).toHaveLength(0);
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
    const kv = { ...memoryStore(), get: async () => Promise.reject(new Error('disk on fire')) };
    const problems = await loadSaved(createStudioStore(), kv);
    expect(problems.every((p) => p.includes('disk on fire'))).toBe(true);
  });
});
