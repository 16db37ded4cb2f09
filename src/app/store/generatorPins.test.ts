/**
 * The pins a generator request keeps: the Suggestions tab's
 * pinned cells with the open level's values, only at the pinned size and
 * only while "Keep" is on; and the generators worker keeps them (levels
 * checked cell by cell from their rows) or refuses bad pins with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { generateLevelsSync } from '../../workers/generators.api';
import { createStudioStore } from './store';
import { generatorPins } from './suggestionsSlice';

const ROWS = ['###...##', '#...#..#', 'C.####..', '..#...#.', '....#...', '.#..##..', '.#.#####', '...#####'];

function studio() {
  const store = createStudioStore();
  const parsed = parseRows(ROWS);
  if (!parsed.ok) throw new Error('bad rows');
  store.getState().openLevel(parsed.value, 'fixture');
  return store;
}

describe('generatorPins', () => {
  it('reads the pinned cells off the open level, at its size only, while Keep is on', () => {
    const store = studio();
    expect(generatorPins(store.getState(), 8, 8)).toBeUndefined(); // nothing pinned
    for (const cell of [16, 17, 0, 12]) store.getState().toggleSuggestPin(cell, '8x8');
    expect(generatorPins(store.getState(), 8, 8)).toEqual(['#???????', '????#???', 'C.??????', '????????', '????????', '????????', '????????', '????????']);
    expect(generatorPins(store.getState(), 7, 8)).toBeUndefined();
    store.getState().setKeepPins(false);
    expect(generatorPins(store.getState(), 8, 8)).toBeUndefined();
  });

  it('the generators worker keeps them in every level, and refuses pins of another size or impossible ones', () => {
    const pins = ['#???????', '????#???', 'C.??????', '????????', '????????', '????????', '????????', '???????.'];
    const r = generateLevelsSync({ generator: 'rsd', width: 8, height: 8, seed: 4, count: 8, pins });
    if (r.kind !== 'ok') throw new Error(r.message);
    expect(r.value.levels).toHaveLength(8);
    for (const l of r.value.levels) {
      expect([l.rows[0]![0], l.rows[1]![4], l.rows[2]![0], l.rows[2]![1], l.rows[7]![7]]).toEqual(['#', '#', 'C', '.', '.']);
    }
    expect(generateLevelsSync({ generator: 'rsd', width: 6, height: 8, seed: 4, count: 2, pins })).toMatchObject({ kind: 'invalid', message: expect.stringContaining('not 6x8') });
    const twoStarts = ['C??', '???', '??C'];
    expect(generateLevelsSync({ generator: 'rsd', width: 3, height: 3, seed: 4, count: 2, pins: twoStarts })).toMatchObject({ kind: 'invalid', message: expect.stringContaining('pinned as the start') });
  });
});
