/**
 * The Batch view's maps in the saved workspace: the settings (record v3) and
 * the hit-rate map's last run (v5). A v2 record and a v4 record (the earlier
 * shapes, written out here) load with what those builds showed; settings
 * and the hit-rate cells made in the studio come back after a reload; a
 * bad one is refused with a sentence and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../store/store';
import { DEFAULT_ATD_SETTINGS, DEFAULT_BATCH_SETTINGS } from '../store/batchSlice';
import { DEFAULT_HIT_RATE_FORM, DEFAULT_RANGE_VIEW, IDLE_HIT_RATE } from '../store/batchMaps';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { restoreWorkspace, saveWorkspace } from './workspace';

/** A workspace as a v2 build wrote it: view, open level, settings, pins; no maps. */
const v2 = {
  version: 2,
  view: 'batch',
  openInPack: null,
  atdSettings: { ...DEFAULT_ATD_SETTINGS },
  batchSettings: { generator: 'rsd', width: 6, height: 6, count: 400, seed: 4, temperatures: '0:1:0.1' },
  pins: { size: '', cells: [] },
  keepPins: true,
};

/** A workspace as a v4 build wrote it: the maps' settings and the lint rules, no hit-rate run. */
const v4 = {
  ...v2,
  version: 4,
  batchMaps: {
    range: { x: 'openCells', y: 'states', bins: 9, showPack: false, showRated: true },
    hitRate: { targets: '10,40', alsoMeasure: null, alsoValues: '0.3', requests: 2, evaluations: 500, shade: 'hitRate' },
  },
  lint: null,
};

/** A finished 2-target, 1-value grid, its cells worked out by hand (2 requests each). */
const request = { rules: 'longcat', width: 6, height: 6, seed: 4, targets: [10, 25], also: { measure: 'leniency', values: [0.5] }, requests: 2, evaluations: 200 } as const;
const cells = [
  { target: 10, second: 0.5, requests: 2, hits: 2, hitRate: 1, uniqueShare: 1, evaluations: 31, cpuSeconds: 0.02, levelsPerCpuSecond: 100 },
  { target: 25, second: 0.5, requests: 2, hits: 1, hitRate: 0.5, uniqueShare: 1, evaluations: 400, cpuSeconds: 0.1, levelsPerCpuSecond: 10 },
];

describe('the Batch maps in the saved workspace', () => {
  it('a v4 record loads with its settings and no hit-rate run', async () => {
    const store = createStudioStore();
    expect(await loadSaved(store, memoryStore({ workspace: v4 }))).toEqual([]);
    expect(store.getState().rangeView).toEqual(v4.batchMaps.range);
    expect(store.getState().hitRateForm).toEqual(v4.batchMaps.hitRate);
    expect(store.getState().hitRateRun).toEqual(IDLE_HIT_RATE);
  });

  it('the hit-rate cells come back after a reload; a run cut by the reload keeps the cells done, as stopped', async () => {
    const kv = memoryStore({});
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 0);
    store.getState().hitRateStarted(request);
    store.getState().hitRateCell(cells[0]!);
    await autosave.flush();
    const cut = createStudioStore();
    expect(await loadSaved(cut, kv)).toEqual([]);
    expect(cut.getState().hitRateRun).toEqual({ status: 'cancelled', request, cells: [cells[0]], message: 'Stopped by a reload after 1 cell; the map shows those.', seconds: null });
    store.getState().hitRateCell(cells[1]!);
    store.getState().hitRateFinished(cells, 0.12);
    await autosave.flush();
    autosave.stop();
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().hitRateRun).toEqual({ status: 'done', request, cells, message: null, seconds: 0.12 });
  });

  it('refuses saved cells that are not the grid\'s, with a sentence', () => {
    const w = { view: 'batch' as const, openInPack: null, atdSettings: DEFAULT_ATD_SETTINGS, batchSettings: DEFAULT_BATCH_SETTINGS, pins: { size: '', cells: [] }, keepPins: true, lint: null };
    const run = { status: 'done' as const, request, cells: [cells[1]!, cells[0]!], message: null, seconds: 1 };
    const r = restoreWorkspace(JSON.parse(JSON.stringify(saveWorkspace({ ...w, batchMaps: { range: DEFAULT_RANGE_VIEW, hitRate: DEFAULT_HIT_RATE_FORM, hitRateRun: run } }))));
    expect(r).toEqual({ ok: false, error: 'the saved workspace is invalid (batchMaps.hitRateRun.cells.0: cell 1 is not the grid\'s (target 10, 0.5))' });
    const tooMany = { ...run, cells: [cells[0]!, { ...cells[1]!, hits: 3 }] };
    const r2 = restoreWorkspace(JSON.parse(JSON.stringify(saveWorkspace({ ...w, batchMaps: { range: DEFAULT_RANGE_VIEW, hitRate: DEFAULT_HIT_RATE_FORM, hitRateRun: tooMany } }))));
    expect(r2.ok).toBe(false);
  });

  it('a v2 record loads with difficulty against leniency in 20 bins, both overlays, and the first hit-rate form', async () => {
    const store = createStudioStore();
    expect(await loadSaved(store, memoryStore({ workspace: v2 }))).toEqual([]);
    const s = store.getState();
    expect(s.view).toBe('batch');
    expect(s.batchSettings.count).toBe(400);
    expect(s.rangeView).toEqual({ x: 'difficulty', y: 'leniency', bins: 20, showPack: true, showRated: true });
    expect(s.hitRateForm).toEqual({ targets: '10:70:20', alsoMeasure: 'leniency', alsoValues: '0.3:0.7:0.2', requests: 3, evaluations: 2000, shade: 'hitRate' });
  });

  it('what was on screen comes back after a reload', async () => {
    const kv = memoryStore({});
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 0);
    store.getState().setRangeView({ x: 'openCells', y: 'shortestSolution', bins: 7, showRated: false });
    store.getState().setHitRateForm({ targets: '10,40', alsoMeasure: null, requests: 5, shade: 'uniqueShare' });
    await autosave.flush();
    autosave.stop();
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().rangeView).toEqual({ x: 'openCells', y: 'shortestSolution', bins: 7, showPack: true, showRated: false });
    expect(again.getState().hitRateForm).toEqual({ ...DEFAULT_HIT_RATE_FORM, targets: '10,40', alsoMeasure: null, requests: 5, shade: 'uniqueShare' });
  });

  it('refuses a map setting out of range with a sentence, and the studio keeps its own', async () => {
    const saved = saveWorkspace({ view: 'batch', openInPack: null, atdSettings: DEFAULT_ATD_SETTINGS, batchSettings: DEFAULT_BATCH_SETTINGS, pins: { size: '', cells: [] }, keepPins: true, batchMaps: { range: { ...DEFAULT_RANGE_VIEW, bins: 500 }, hitRate: DEFAULT_HIT_RATE_FORM }, lint: null });
    const r = restoreWorkspace(JSON.parse(JSON.stringify(saved)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^the saved workspace is invalid \(batchMaps\.range\.bins: /);
    const store = createStudioStore();
    const problems = await loadSaved(store, memoryStore({ workspace: saved }));
    expect(problems.join(' ')).toMatch(/workspace/);
    expect(store.getState().rangeView).toEqual(DEFAULT_RANGE_VIEW);
  });
});
