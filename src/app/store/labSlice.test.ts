import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL } from '../../core/difficulty/defaultModel';
import { createStudioStore } from './store';

const model = (name: string) => ({ ...DEFAULT_DIFFICULTY_MODEL, name });

function testStore() {
  let id = 0;
  return createStudioStore({ now: () => 0, newId: () => `id${id++}` });
}

describe('lab slice', () => {
  it('the lab seed takes any unsigned 32-bit integer and keeps the last good one otherwise', () => {
    const store = testStore();
    const s = () => store.getState();
    s().setLabSeed(2 ** 32 - 1);
    expect(s().labSeed).toBe(2 ** 32 - 1);
    s().setLabSeed(0);
    expect(s().labSeed).toBe(0);
    s().setLabSeed(17);
    for (const bad of [2 ** 32, -1, 1.5, Number.NaN]) {
      s().setLabSeed(bad);
      expect(s().labSeed).toBe(17);
    }
  });

  it('activating a saved model sets the active model; the default comes back with null', () => {
    const store = testStore();
    const s = () => store.getState();
    const a = s().saveLabModel(model('A'));
    expect(s().model).toBe(DEFAULT_DIFFICULTY_MODEL);
    s().activateLabModel(a);
    expect(s().activeModelId).toBe(a);
    expect(s().model.name).toBe('A');
    s().activateLabModel(null);
    expect(s().activeModelId).toBeNull();
    expect(s().model).toBe(DEFAULT_DIFFICULTY_MODEL);
    s().activateLabModel('unknown');
    expect(s().model).toBe(DEFAULT_DIFFICULTY_MODEL);
  });

  it('deleting the active model goes back to the default; deleting another keeps it', () => {
    const store = testStore();
    const s = () => store.getState();
    const a = s().saveLabModel(model('A'));
    const b = s().saveLabModel(model('B'));
    s().activateLabModel(b);
    s().deleteLabModel(a);
    expect(s().model.name).toBe('B');
    s().deleteLabModel(b);
    expect(s().savedModels).toEqual([]);
    expect(s().model).toBe(DEFAULT_DIFFICULTY_MODEL);
  });

  it('runs accumulate with 1-based indices; features toggle; new data clears the fit', () => {
    const store = testStore();
    const s = () => store.getState();
    const run = { method: 'ridge' as const, features: ['nSolutions' as const], source: 'x.csv', samples: 10, splits: 50, seed: 1, testMse: 1, sdTestMse: 0.1, baselineMse: 5, trainMse: 0.9 };
    s().addLabRun(run);
    s().addLabRun({ ...run, method: 'ols' });
    expect(s().labRuns.map((r) => [r.index, r.method])).toEqual([[1, 'ridge'], [2, 'ols']]);
    expect(s().labFeatures).toEqual(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
    s().toggleLabFeature('nSolutions');
    s().toggleLabFeature('nStates');
    expect(s().labFeatures).toEqual(['nSolutionBranches', 'nIndeterminateBranches', 'nStates']);
    s().setLabFitted({ model: model('F'), used: [0], predictions: [1] });
    s().setLabData({ source: 'y', kind: 'csv', samples: [], problems: [], skipped: [], rowsRead: 0, rules: 'longcat', stateCap: 10 });
    expect(s().labFitted).toBeNull();
    expect(s().labRuns).toHaveLength(2);
  });

  it('a job reports progress and ends with or without an error', () => {
    const store = testStore();
    const s = () => store.getState();
    s().labJobStarted('evaluate');
    s().labJobProgress(10, 50);
    expect(s().labJob).toEqual({ kind: 'evaluate', done: 10, total: 50 });
    s().labJobEnded('boom');
    expect(s().labJob).toBeNull();
    expect(s().labError).toEqual({ kind: 'evaluate', message: 'boom' });
    s().labJobEnded('no data', 'data');
    expect(s().labError).toEqual({ kind: 'data', message: 'no data' });
    s().labJobEnded();
    expect(s().labError).toBeNull();
  });
});
