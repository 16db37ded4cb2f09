import { describe, expect, it } from 'vitest';
import { BatchClient } from '../../workers/batch.client';
import { createStudioStore } from '../store/store';
import { selectPackLevelDifficulty } from '../store/selectors';
import { runAtDifficulty, runBatchEvaluation, runCurve, addFoundLevel, foundLevelName } from './batchController';

// No Worker in Node: the client falls back to the page's thread, which runs the same api.
describe('batch controller (main-thread fallback)', () => {
  it('generates at a band, adds a result with its provenance, and then excludes it', async () => {
    const store = createStudioStore();
    const client = new BatchClient();
    store.getState().setAtdSettings({ mode: 'band', band: 'easy', width: 7, height: 7, count: 2, seed: 4 });
    await runAtDifficulty(store, client);
    const run = store.getState().atdRun;
    expect(run.status).toBe('done');
    expect(run.levels).toHaveLength(2);
    for (const l of run.levels) expect(l.difficulty >= 20 && l.difficulty < 40).toBe(true);
    const name = foundLevelName(store, 0);
    expect(name).toBe('easy-7x7-s4-0');
    addFoundLevel(store, run.levels[0]!, 4, name);
    const added = store.getState().pack.levels[0]!;
    expect(added.source).toMatchObject({ seed: 4, model: 'default' });
    expect(added.source.generator).toMatch(/^at-difficulty \(target 30, \d+ evaluations, \d+ ms\)$/);
    expect(store.getState().atdRun.added).toEqual([run.levels[0]!.key]);
    await runAtDifficulty(store, client);
    expect(store.getState().atdRun.levels.map((l) => l.key)).not.toContain(run.levels[0]!.key);
  });

  it('says a band is out of reach in words', async () => {
    const store = createStudioStore();
    store.getState().setAtdSettings({ mode: 'band', band: 'expert', width: 3, height: 3, count: 1 });
    await runAtDifficulty(store, new BatchClient());
    expect(store.getState().atdRun.message).toMatch(/^The expert band \(80 and up\) is out of reach for 3x3 levels: the reachable range is about 0 to \d+\.$/);
  });

  it('fills the pack along a curve in order', async () => {
    const store = createStudioStore();
    store.getState().setAtdSettings({ width: 8, height: 8, seed: 2, curveFrom: 10, curveTo: 40, curveCount: 4 });
    await runCurve(store, new BatchClient());
    expect(store.getState().curveRun.status).toBe('done');
    const ds = store.getState().pack.levels.map((l) => selectPackLevelDifficulty(store.getState(), l)!);
    expect(ds).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(ds[i]!).toBeGreaterThan(ds[i - 1]!);
  });

  it('runs an evaluation into the store, and refuses bad temperatures before loading anything', async () => {
    const store = createStudioStore();
    store.getState().setBatchSettings({ generator: 'rpu', width: 6, height: 6, count: 300, seed: 2 });
    await runBatchEvaluation(store, new BatchClient());
    const r = store.getState().batchRun;
    expect(r.status).toBe('done');
    expect(r.runs[0]!.report.generated).toBe(300);
    store.getState().setBatchSettings({ generator: 'sd-pcgrl', temperatures: 'hot' });
    await runBatchEvaluation(store, new BatchClient());
    expect(store.getState().batchRun).toMatchObject({ status: 'failed' });
    expect(store.getState().batchRun.message).toMatch(/^Temperatures:/);
  });
});
