import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { applyTool, cellsOnLine, clearLevel, mirrorLevel, resizeLevel, rotateLevel } from './levelEdits';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('level edits', () => {
  it('paints walls but never over the head, and returns the same object when nothing changes', () => {
    const l = level(['C..', '...', '...']);
    expect(toRows(applyTool(l, 4, 'wall'))).toEqual(['C..', '.#.', '...']);
    expect(applyTool(l, 0, 'wall')).toBe(l);
    expect(applyTool(l, 4, 'empty')).toBe(l);
    expect(toRows(applyTool(level(['C#.', '...', '...']), 1, 'head'))).toEqual(['.C.', '...', '...']);
  });

  it('resizes from the top-left, keeping content and pulling the head inside', () => {
    const l = level(['#...', '....', '...C']);
    expect(toRows(resizeLevel(l, 3, 3))).toEqual(['#..', '...', '..C']);
    expect(toRows(resizeLevel(l, 5, 4))).toEqual(['#....', '.....', '...C.', '.....']);
    expect(resizeLevel(l, 2, 99).width).toBe(3); // clamped to 3..16
    expect(resizeLevel(l, 2, 99).height).toBe(16);
  });

  it('mirrors and rotates; four quarter turns and two mirrors are the identity', () => {
    const l = level(['C.#.', '..#.', '#...']);
    expect(toRows(mirrorLevel(l, 'horizontal'))).toEqual(['.#.C', '.#..', '...#']);
    expect(toRows(mirrorLevel(l, 'vertical'))).toEqual(['#...', '..#.', 'C.#.']);
    expect(toRows(rotateLevel(l, 1))).toEqual(['#.C', '...', '.##', '...']);
    expect(toRows(rotateLevel(rotateLevel(l, 1), -1))).toEqual(toRows(l));
    let r = l;
    for (let i = 0; i < 4; i++) r = rotateLevel(r, 1);
    expect(toRows(r)).toEqual(toRows(l));
    expect(toRows(mirrorLevel(mirrorLevel(l, 'vertical'), 'vertical'))).toEqual(toRows(l));
  });

  it('clears walls and keeps the head', () => {
    expect(toRows(clearLevel(level(['#C#', '###', '...'])))).toEqual(['.C.', '...', '...']);
  });

  it('lists every cell of a drag line', () => {
    expect(cellsOnLine(5, 0, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(cellsOnLine(5, 0, 24)).toEqual([0, 6, 12, 18, 24]);
    expect(cellsOnLine(5, 7, 7)).toEqual([7]);
  });
});
