import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL } from '../../core/difficulty/defaultModel';
import { createStudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { restoreLabModels, saveLabModels } from './labModels';

const model = (name: string) => ({ ...DEFAULT_DIFFICULTY_MODEL, name, intercept: DEFAULT_DIFFICULTY_MODEL.intercept + 1 });

describe('saved lab models', () => {
  it('round-trip with the active choice', () => {
    const saved = saveLabModels([{ id: 'a', savedAt: 't', model: model('A') }, { id: 'b', savedAt: 't', model: model('B') }], 'b');
    const back = restoreLabModels(structuredClone(saved));
    expect(back.problems).toEqual([]);
    expect(back.activeId).toBe('b');
    expect(back.models.map((m) => m.model.name)).toEqual(['A', 'B']);
  });

  it('drop a corrupt model with a sentence; a corrupt active model falls back to the default', () => {
    const bad = { ...model('broken'), coefficients: [1] };
    const back = restoreLabModels({ version: 1, activeId: 'x', models: [{ id: 'a', savedAt: '', model: model('A') }, { id: 'x', savedAt: '', model: bad }] });
    expect(back.models.map((m) => m.id)).toEqual(['a']);
    expect(back.activeId).toBeNull();
    expect(back.problems).toEqual([
      'the saved difficulty model "broken" is invalid (coefficients: has 1 values but the model has 2 features) and was dropped',
      'the active difficulty model was corrupt; using the shipped default model',
    ]);
  });

  it('refuse a record in an unknown format, and report a missing active model', () => {
    expect(restoreLabModels('garbage')).toMatchObject({ models: [], activeId: null, problems: [expect.stringContaining('not in a format')] });
    expect(restoreLabModels({ version: 1, activeId: 'gone', models: [] }).problems).toEqual(['the active difficulty model is missing; using the shipped default model']);
    expect(restoreLabModels({ version: 1, activeId: null, models: [{ savedAt: '', model: model('no id') }] }).problems[0]).toContain('id: is missing');
  });

  it('entries that are not objects, odd ids and dates: each judged on its own, the good ones kept', () => {
    const back = restoreLabModels({ version: 1, activeId: 7, models: [7, { id: 3, savedAt: '', model: model('numeric id') }, { id: 'ok', savedAt: 42, model: model('OK') }, { id: 'ok2', model: { name: 'half' } }] });
    expect(back.models).toEqual([{ id: 'ok', savedAt: '', model: model('OK') }]);
    expect(back.activeId).toBeNull();
    expect(back.problems).toHaveLength(3);
    expect(back.problems[0]).toMatch(/^the saved difficulty model number 1 is invalid/);
    expect(back.problems[1]).toBe('the saved difficulty model "numeric id" is invalid (id: is missing) and was dropped');
    expect(back.problems[2]).toMatch(/^the saved difficulty model "half" is invalid/);
  });

  it('survive autosave and load: the reloaded store has the active model', async () => {
    const kv = memoryStore();
    const first = createStudioStore();
    const autosave = startAutosave(first, kv, 0);
    const id = first.getState().saveLabModel(model('mine'));
    first.getState().activateLabModel(id);
    await autosave.flush();
    autosave.stop();
    const second = createStudioStore();
    expect(await loadSaved(second, kv)).toEqual([]);
    expect(second.getState().activeModelId).toBe(id);
    expect(second.getState().model).toEqual(model('mine'));
  });

  it('a corrupt saved model on load: a problem sentence and the shipped default', async () => {
    const kv = memoryStore({ labModels: { version: 1, activeId: 'm', models: [{ id: 'm', savedAt: '', model: { format: 'nope' } }] } });
    const store = createStudioStore();
    const problems = await loadSaved(store, kv);
    expect(problems).toHaveLength(2);
    expect(problems[1]).toContain('using the shipped default');
    expect(store.getState().model).toBe(DEFAULT_DIFFICULTY_MODEL);
    expect(store.getState().savedModels).toEqual([]);
  });
});
