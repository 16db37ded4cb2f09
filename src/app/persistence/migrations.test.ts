/**
 * Records saved by earlier builds load with this one. The fixture
 * (test/fixtures/saved-records-v1.json) was written by the build before
 * the migrations existed (commit 3205588, `make-saved-records.ts`); the
 * playtest log of the first builds (no `starts`) is written out by hand
 * from that build's `savePlayLog`. Expected values are the edits the
 * fixture script made, written out here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRows } from '../../core/level/level';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore, RECORD_NAMES, type RecordName } from './db';
import { migrateRecord, type RecordHistory, type RecordKind, type RecordMigration } from './migrations';
import { LEVEL_RECORD, PLAYTESTS_RECORD, restorePlayLog, SETTINGS_RECORD } from './restore';
import { ATD_RESULTS_RECORD, GENERATOR_RESULTS_RECORD, HISTORY_RECORD, WORKSPACE_RECORD } from './workspace';
import { BATCH_REPORT_RECORD, LAB_SESSION_RECORD } from './sessions';
import { LAB_MODELS_RECORD } from './labModels';
import { PLAYERS_RECORD } from './players';
import { LAYOUT_RECORD } from './layoutPrefs';
import { BACKUP_RECORD } from './backups';
import { PROJECT_RECORD } from '../files/project';

/** Every record kind's history, each from beside its schema (TypeScript checks that none is missing). */
const RECORD_HISTORY: Readonly<Record<RecordKind, RecordHistory>> = {
  level: LEVEL_RECORD,
  playtests: PLAYTESTS_RECORD,
  settings: SETTINGS_RECORD,
  labModels: LAB_MODELS_RECORD,
  workspace: WORKSPACE_RECORD,
  history: HISTORY_RECORD,
  generatorResults: GENERATOR_RESULTS_RECORD,
  atdResults: ATD_RESULTS_RECORD,
  batchReport: BATCH_REPORT_RECORD,
  labSession: LAB_SESSION_RECORD,
  players: PLAYERS_RECORD,
  layout: LAYOUT_RECORD,
  backup: BACKUP_RECORD,
  project: PROJECT_RECORD,
};

const FIXTURE = resolve(import.meta.dirname, '../../../test/fixtures/saved-records-v1.json');
const savedV1 = (): Partial<Record<RecordName, unknown>> => JSON.parse(readFileSync(FIXTURE, 'utf8'));

describe('records saved by the previous build', () => {
  it('load whole with the current code: document, history, playtests, settings, generator results', async () => {
    const store = createStudioStore();
    const kv = memoryStore(savedV1());
    expect(await loadSaved(store, kv)).toEqual([]);
    const s = store.getState();
    expect(s.pack.name).toBe('Saved by the previous build');
    expect(s.pack.levels.map((l) => [l.name, l.rows, l.notes ?? '', l.tags ?? []])).toEqual([
      ['first, walled', ['C..#', '.#..', '.#..'], 'a note', ['intro']],
      ['new level', ['C#..', '....', '....'], '', []],
    ]);
    expect(s.openInPack?.id).toBe(s.pack.levels[0]!.id);
    expect(toRows(s.level)).toEqual(['C..#', '.#..', '.#..']);
    expect(s.playLog.map((r) => r.seconds)).toEqual([12.5]);
    expect(s.playStarts).toEqual({ k: 2 });
    expect(s.generatorSettings.seed).toBe(4242);
    expect(s.generatorRun.levels).toHaveLength(3);
    // The history came back with the document: undo steps back through the edits the script made.
    const labels = s.history.entries.map((e) => e.label);
    expect(labels).toEqual(['Open “first”', 'Add “first”', 'Paint wall', 'Rename level', 'New level', 'Paint wall', 'Edit notes', 'Edit tags', 'Open “first, walled”', 'Rename pack']);
    const autosave = startAutosave(store, kv, 0);
    store.getState().undo(); // pack name
    store.getState().undo(); // open
    store.getState().undo(); // tags
    expect(store.getState().pack.levels[0]!.tags ?? []).toEqual([]);

    // Written back, they are in the current version and load again.
    store.getState().redo();
    await autosave.flush();
    autosave.stop();
    expect((kv.data.get('history') as { version: number }).version).toBe(RECORD_HISTORY.history.current);
    expect(await loadSaved(createStudioStore(), kv)).toEqual([]);
  });

  it('a v1 workspace (no pins) loads with no pins and keeping on; pins saved by this build come back after a reload', async () => {
    const saved = savedV1();
    expect((saved.workspace as { version: number }).version).toBe(1);
    expect(migrateRecord(WORKSPACE_RECORD, saved.workspace)).toMatchObject({ ok: true, value: { version: WORKSPACE_RECORD.current, pins: { size: '', cells: [] }, keepPins: true } });
    const store = createStudioStore();
    const kv = memoryStore(saved);
    expect(await loadSaved(store, kv)).toEqual([]);
    expect(store.getState().suggestPins).toEqual([]);
    expect(store.getState().keepPins).toBe(true);
    // Pin two cells of the 4x3 level, turn keeping off, and reload.
    const autosave = startAutosave(store, kv, 0);
    store.getState().toggleSuggestPin(5, '4x3');
    store.getState().toggleSuggestPin(0, '4x3');
    store.getState().setKeepPins(false);
    await autosave.flush();
    autosave.stop();
    expect((kv.data.get('workspace') as { version: number }).version).toBe(RECORD_HISTORY.workspace.current);
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect([again.getState().suggestPins, again.getState().suggestPinsSize, again.getState().keepPins]).toEqual([[0, 5], '4x3', false]);
  });

  it('the first builds’ playtest log (no starts) is upgraded, not refused', () => {
    const firstBuild = { version: 1, records: [{ id: 'a', levelKey: 'k', levelName: 'n', rows: ['C..'], seconds: 3, restarts: 0, moves: 2, solutionMoves: 2, finishedAt: 'then' }] };
    const r = restorePlayLog(firstBuild);
    expect(r).toMatchObject({ ok: true, value: { dropped: 0, starts: {} } });
    expect(migrateRecord(PLAYTESTS_RECORD, firstBuild)).toMatchObject({ ok: true, value: { version: 2, starts: {} } });
  });
});

describe('the migration runner', () => {
  // A made-up history: v1 {a}, v2 renames a -> b, v3 adds c.
  const made: RecordHistory = {
    label: 'the saved thing',
    current: 3,
    steps: new Map<number, RecordMigration>([
      [1, (j) => ({ ...j, version: 2, b: j['a'], a: undefined })],
      [2, (j) => ({ ...j, version: 3, c: 'new' })],
    ]),
  };

  it('runs every step from the saved version to the current one', () => {
    expect(migrateRecord(made, { version: 1, a: 5 })).toEqual({ ok: true, value: { version: 3, a: undefined, b: 5, c: 'new' } });
    expect(migrateRecord(made, { version: 2, b: 5 })).toEqual({ ok: true, value: { version: 3, b: 5, c: 'new' } });
    expect(migrateRecord(made, { version: 3, b: 1, c: 'x' })).toEqual({ ok: true, value: { version: 3, b: 1, c: 'x' } });
  });

  it('refuses with a sentence: newer, missing or bad versions, a gap, a step that throws', () => {
    expect(migrateRecord(made, { version: 4 })).toEqual({ ok: false, error: 'the saved thing was made by a newer version of Longcat Studio (version 4; this build reads up to 3)' });
    for (const bad of [{}, { version: '1' }, { version: 0 }, { version: 1.5 }, null, [], 'x']) expect(migrateRecord(made, bad).ok).toBe(false);
    expect(migrateRecord({ ...made, steps: new Map([[2, made.steps.get(2)!]]) }, { version: 1 })).toEqual({ ok: false, error: 'the saved thing is version 1, which this build cannot upgrade' });
    const throwing: RecordHistory = { ...made, steps: new Map([[1, () => { throw new Error('boom'); }], [2, made.steps.get(2)!]]) };
    expect(migrateRecord(throwing, { version: 1 })).toEqual({ ok: false, error: 'the saved thing could not be upgraded from version 1 (boom)' });
  });

  it('every record kind saved in IndexedDB but the pack (core/pack/migrations.ts) has a complete chain', () => {
    const kinds = [...RECORD_NAMES.filter((n) => n !== 'pack'), 'layout', 'backup', 'project'] as RecordKind[];
    expect(Object.keys(RECORD_HISTORY).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      const h = RECORD_HISTORY[kind];
      for (let v = 1; v < h.current; v++) expect(h.steps.has(v), `${kind} ${v} -> ${v + 1}`).toBe(true);
    }
  });
});
