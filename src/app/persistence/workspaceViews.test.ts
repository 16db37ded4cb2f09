/**
 * The view names are one list (`viewNames.ts`): a saved workspace of every
 * view restores to that view, and the header's tabs are the same list.
 */
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../store/store';
import { STUDIO_VIEWS } from '../viewNames';
import { WORKSPACE_VIEWS } from '../views';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';

describe('the studio views', () => {
  it.each(STUDIO_VIEWS)('a workspace saved in the %s view comes back in it after a reload', async (view) => {
    const kv = memoryStore();
    const store = createStudioStore();
    expect(await loadSaved(store, kv)).toEqual([]);
    const autosave = startAutosave(store, kv, 0);
    // Another view first, so the saved one is a change the autosave writes.
    store.getState().setView(view === 'studio' ? 'pack' : 'studio');
    store.getState().setView(view);
    await autosave.flush();
    autosave.stop();
    expect((kv.data.get('workspace') as { view: string }).view).toBe(view);
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().view).toBe(view);
  });

  it('the header lists every view of the list but the studio, in its order', () => {
    expect(['studio', ...WORKSPACE_VIEWS.map((v) => v.id)]).toEqual([...STUDIO_VIEWS]);
  });
});
