/**
 * The pack's play order in the studio: an undoable pack edit, kept by the
 * saved pack (the journal's text restores it), exported with the pack, and
 * left out (the pack's order) where it was never set or was turned off.
 */
import { describe, expect, it } from 'vitest';
import { createPack } from '../../core/pack/pack';
import { restorePack, savedPackJournalText } from '../persistence/restore';
import { setPlayOrder } from './packEdits';
import { selectExportPack } from './selectors';
import { createStudioStore } from './store';

const LEVEL = { id: 'a', name: 'A', rows: ['C..', '...', '..#'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } };

describe('setPackPlayOrder', () => {
  it('sets, turns off and undoes the option; the saved pack and the export keep it', () => {
    const store = createStudioStore({ now: () => 1_000 });
    store.setState({ pack: createPack('P', [LEVEL]) });
    const s = () => store.getState();
    s().setPackPlayOrder({ shuffle: true, keepFirst: true });
    expect(s().pack.playOrder).toEqual({ shuffle: true, keepFirst: true });
    expect(selectExportPack(s()).playOrder).toEqual({ shuffle: true, keepFirst: true });
    const restored = restorePack(JSON.parse(savedPackJournalText(s().pack)));
    expect(restored.ok && restored.value.playOrder).toEqual({ shuffle: true, keepFirst: true });
    s().setPackPlayOrder(undefined);
    expect('playOrder' in s().pack).toBe(false);
    s().undo();
    expect(s().pack.playOrder).toEqual({ shuffle: true, keepFirst: true });
    s().undo();
    expect(s().pack.playOrder).toBeUndefined();
  });

  it('returns the same pack when nothing changes (no history entry)', () => {
    const pack = createPack('P', [LEVEL]);
    expect(setPlayOrder(pack, undefined)).toBe(pack);
    const on = setPlayOrder(pack, { shuffle: true, keepFirst: false });
    expect(setPlayOrder(on, { shuffle: true, keepFirst: false })).toBe(on);
  });
});
