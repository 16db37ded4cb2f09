/**
 * The Batch view's maps' settings in the saved workspace (record v3): a v2
 * record (the previous shape, written out here) loads with what a v2 build
 * showed; settings changed in the studio come back after a reload; a bad
 * one is refused with a sentence and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../store/store';
import { DEFAULT_ATD_SETTINGS, DEFAULT_BATCH_SETTINGS } from '../store/batchSlice';
import { DEFAULT_HIT_RATE_FORM, DEFAULT_RANGE_VIEW } from '../store/batchMaps';
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

describe('the Batch maps in the saved workspace', () => {
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
