import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { createStudioStore } from './store';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function storeWith(rows: string[]) {
  let id = 0;
  const store = createStudioStore({ now: () => 1_000, newId: () => `id${id++}` });
  store.getState().openLevel(level(rows), 'test');
  return store;
}

describe('editor tools slice', () => {
  it('a rectangle drag previews from the level it started on and is one history entry', () => {
    const store = storeWith(['C...', '....', '....']);
    const s = store.getState();
    const entries = s.history.entries.length;
    s.setShape('rect');
    s.shapeDown(5, 'wall');
    store.getState().shapeMove(7); // (1,1)-(3,1)
    store.getState().shapeMove(11); // grow to (1,1)-(3,2)
    store.getState().shapeMove(6); // shrink back to (1,1)-(2,1): the earlier preview must not stay
    store.getState().shapeUp();
    expect(toRows(store.getState().level)).toEqual(['C...', '.##.', '....']);
    expect(store.getState().history.entries.length).toBe(entries + 1);
    store.getState().undo();
    expect(toRows(store.getState().level)).toEqual(['C...', '....', '....']);
  });

  it('the clipboard outlives the level: copy in one, paste in another', () => {
    const store = storeWith(['C##', '.#.', '...']);
    store.getState().setShape('select');
    store.getState().setSelection({ x0: 1, y0: 0, x1: 2, y1: 1 });
    expect(store.getState().copySelection()).toBe(true);
    store.getState().openLevel(level(['....', '....', '...C']), 'other');
    store.getState().setSelection({ x0: 0, y0: 1, x1: 0, y1: 1 });
    expect(store.getState().paste()).toBe(true);
    expect(toRows(store.getState().level)).toEqual(['....', '##..', '#..C']); // the clip is '##' over '#.'
    expect(store.getState().selection).toEqual({ x0: 0, y0: 1, x1: 1, y1: 2 });
  });

  it('an impossible resize is refused with a message and changes nothing', () => {
    const store = storeWith(['....', '....', '...C']);
    const before = store.getState().level;
    expect(store.getState().resizeWithAnchor(3, 3)).toBe(false); // top-left anchor cuts the head off
    expect(store.getState().level).toBe(before);
    expect(store.getState().messages.at(-1)?.text).toMatch(/cut the cat off.*stays 4×3/);
    expect(store.getState().resizeWithAnchor(17, 3)).toBe(false);
    expect(store.getState().messages.at(-1)?.text).toContain('3 to 16');
    store.getState().setResizeAnchor({ x: 1, y: 1 });
    expect(store.getState().resizeWithAnchor(3, 3)).toBe(true);
    expect(toRows(store.getState().level)).toEqual(['...', '...', '..C']);
  });

  it('moving a selection at the grid edge changes nothing', () => {
    const store = storeWith(['C#..', '....', '....']);
    store.getState().setShape('select');
    store.getState().setSelection({ x0: 0, y0: 0, x1: 1, y1: 0 });
    const before = store.getState().level;
    store.getState().moveSelection(0, -1);
    expect(store.getState().level).toBe(before);
    store.getState().moveSelection(1, 1);
    expect(toRows(store.getState().level)).toEqual(['C...', '..#.', '....']);
  });
});
