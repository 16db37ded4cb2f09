import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import type { Level } from '../../core/level/level';
import { createPack } from '../../core/pack/pack';
import { insertLevels, moveLevelsTo } from './packEdits';
import { selectedPackIds } from './packSelectionSlice';
import { createStudioStore } from './store';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A store holding five levels a..e. */
function storeWithFive() {
  let id = 0;
  const store = createStudioStore({ now: () => 1_000, newId: () => `id${id++}` });
  const grids = [['C..', '...', '...'], ['C#.', '...', '...'], ['C..', '.#.', '...'], ['C..', '...', '..#'], ['C..', '#..', '...']];
  const { pack } = insertLevels(createPack('p', []), grids.map((g, i) => ({ level: level(g), name: 'abcde'[i]!, id: 'abcde'[i]! })));
  store.getState().setPack(pack);
  return store;
}

const ids = (store: ReturnType<typeof createStudioStore>): string[] => store.getState().pack.levels.map((l) => l.id);

describe('pack selection', () => {
  it('Ctrl toggles, Shift selects the range from the anchor in the order shown', () => {
    const store = storeWithFive();
    const s = store.getState;
    s().selectPackLevels(['b']);
    s().selectPackRange('d', ids(store));
    expect(selectedPackIds(s())).toEqual(['b', 'c', 'd']);
    s().togglePackSelection('c');
    expect(selectedPackIds(s())).toEqual(['b', 'd']);
    // The toggled level is the new anchor: Shift from c up to a.
    s().selectPackRange('a', ids(store));
    expect(selectedPackIds(s())).toEqual(['a', 'b', 'c']);
  });

  it('every batch command is one undo step, and undo gives the pack back exactly', () => {
    const store = storeWithFive();
    const s = store.getState;
    const before = s().pack;
    s().definePackField({ key: 'par', label: 'Par moves', type: 'number' });
    const withField = s().pack;
    s().selectPackLevels(['a', 'c', 'e']);
    const steps: [string, () => void][] = [
      ['tag', () => s().tagPackSelection('Intro ', 'add')],
      ['notes', () => s().setPackSelectionNotes('check the corner')],
      ['field', () => s().setPackSelectionField('par', 4)],
      ['move', () => s().movePackSelection(Infinity)],
    ];
    for (const [what, run] of steps) {
      const entries = s().history.entries.length;
      const pack = s().pack;
      run();
      expect(s().history.entries.length, what).toBe(entries + 1);
      s().undo();
      expect(s().pack, what).toBe(pack);
      s().redo();
    }
    const p = s().pack;
    expect(p.levels.map((l) => l.id)).toEqual(['b', 'd', 'a', 'c', 'e']);
    expect(p.levels.filter((l) => l.tags?.includes('intro')).map((l) => l.id)).toEqual(['a', 'c', 'e']);
    expect(p.levels.filter((l) => l.notes === 'check the corner').length).toBe(3);
    expect(p.levels.filter((l) => l.fields?.['par'] === 4).map((l) => l.id)).toEqual(['a', 'c', 'e']);
    s().deletePackSelection();
    expect(ids(store)).toEqual(['b', 'd']);
    expect(s().packSelection).toEqual([]);
    s().undo();
    expect(ids(store)).toEqual(['b', 'd', 'a', 'c', 'e']);
    for (let i = 0; i < 4; i++) s().undo();
    expect(s().pack).toBe(withField);
    s().undo();
    expect(s().pack).toBe(before);
  });

  it('a value the field does not allow changes nothing', () => {
    const store = storeWithFive();
    const s = store.getState;
    s().definePackField({ key: 'world', label: 'World', type: 'choice', choices: ['forest'] });
    s().selectPackLevels(['a']);
    const entries = s().history.entries.length;
    s().setPackSelectionField('world', 'sea');
    s().setPackSelectionField('nope', 1);
    expect(s().history.entries.length).toBe(entries);
  });

  it('narrowing a choice field drops the values it no longer allows, in the same step', () => {
    const store = storeWithFive();
    const s = store.getState;
    s().definePackField({ key: 'world', label: 'World', type: 'choice', choices: ['forest', 'desert'] });
    s().selectPackLevels(['a', 'b']);
    s().setPackSelectionField('world', 'desert');
    s().definePackField({ key: 'world', label: 'World', type: 'choice', choices: ['forest'] });
    expect(s().pack.levels.every((l) => l.fields?.['world'] === undefined)).toBe(true);
    s().undo();
    expect(s().pack.levels.filter((l) => l.fields?.['world'] === 'desert').length).toBe(2);
  });
});

describe('moveLevelsTo', () => {
  it('keeps every level once, the moved ones together in pack order at the target', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c', 'd', 'e', 'f']), fc.integer({ min: -2, max: 8 }), (chosen, to) => {
        const { pack } = insertLevels(createPack('p', []), ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ level: level(['C..', '...', '...']), name: n, id: n })));
        const moved = moveLevelsTo(pack, new Set(chosen), to).levels.map((l) => l.id);
        expect([...moved].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
        if (chosen.length === 0) return;
        const at = moved.indexOf(chosen[0]!);
        expect(moved.slice(at, at + chosen.length)).toEqual(chosen);
        expect(at).toBe(Math.max(0, Math.min(6 - chosen.length, to)));
      }),
    );
  });
});
