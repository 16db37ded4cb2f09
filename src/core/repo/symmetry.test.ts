import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { symmetryBetween, symmetryKey, transformRows, SYMMETRY_NAMES } from './symmetry';

/** A random grid of 1..6 by 1..6 cells over a few characters (symmetry is about positions, not rules). */
const grid = fc
  .record({ w: fc.integer({ min: 1, max: 6 }), h: fc.integer({ min: 1, max: 6 }) })
  .chain(({ w, h }) => fc.array(fc.string({ unit: fc.constantFrom('.', '#', 'C', 'G'), minLength: w, maxLength: w }), { minLength: h, maxLength: h }));

/** The cell a symmetry sends (x, y) of a w x h grid to, written out from the geometry (not from transformRows). */
function image(t: number, x: number, y: number, w: number, h: number): [number, number] {
  switch (t) {
    case 0: return [x, y];
    case 1: return [h - 1 - y, x]; // clockwise: the left column becomes the top row
    case 2: return [w - 1 - x, h - 1 - y];
    case 3: return [y, w - 1 - x];
    case 4: return [w - 1 - x, y];
    case 5: return [x, h - 1 - y];
    case 6: return [y, x];
    default: return [h - 1 - y, w - 1 - x];
  }
}

describe('grid symmetries', () => {
  it('move every cell where the geometry says', () => {
    fc.assert(fc.property(grid, fc.integer({ min: 0, max: 7 }), (rows, t) => {
      const out = transformRows(rows, t);
      const w = rows[0]!.length, h = rows.length;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const [X, Y] = image(t, x, y, w, h);
        expect(out[Y]![X]).toBe(rows[y]![x]);
      }
    }), { numRuns: 200 });
  });

  it('rotating clockwise turns the left column into the top row (hand-checked)', () => {
    expect(transformRows(['C.#', '...'], 1)).toEqual(['.C', '..', '.#']);
    expect(SYMMETRY_NAMES[1]).toBe('rotated 90° clockwise');
  });

  it('the key is the same for all eight forms, and symmetryBetween finds a map', () => {
    fc.assert(fc.property(grid, fc.integer({ min: 0, max: 7 }), (rows, t) => {
      const form = transformRows(rows, t);
      expect(symmetryKey(form)).toBe(symmetryKey(rows));
      const found = symmetryBetween(rows, form);
      expect(found).not.toBeNull();
      expect(transformRows(rows, found!)).toEqual(form);
    }), { numRuns: 200 });
  });

  it('grids that are not symmetric forms of each other have different keys', () => {
    expect(symmetryKey(['C..', '...', '..#'])).not.toBe(symmetryKey(['C..', '...', '.#.']));
    expect(symmetryBetween(['C..', '...', '..#'], ['C..', '...', '.#.'])).toBeNull();
  });
});
