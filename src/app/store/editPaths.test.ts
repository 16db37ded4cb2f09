/**
 * Regression cases for work that went missing between features: each
 * named after the defect it pins. Expected grids and counts are written
 * out here, not read from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { clipText, parseClipText } from '../../core/level/gridOps';
import { toRows, type Level } from '../../core/level/level';
import { pasteAction } from '../clipboard';
import { createStudioStore } from './store';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function fresh() {
  let id = 0;
  return createStudioStore({ now: () => 1_000, newId: () => `id${id++}` });
}

describe('regression: Text… took the level out of the pack', () => {
  it('applying text to a pack level open in place changes that pack level, as one undo step', () => {
    const store = fresh();
    const s = store.getState;
    const id = s().newPackLevel()!;
    expect(s().openInPack?.id).toBe(id);
    const entries = s().history.entries.length;
    expect(s().applyLevelText(level(['C.#', '...', '#..']), 'typed', id)).toBe(true);
    expect(s().openInPack?.id).toBe(id);
    const inPack = s().pack.levels.find((l) => l.id === id)!;
    expect(inPack.rows).toEqual(['C.#', '...', '#..']);
    expect(inPack.name).toBe('typed');
    expect(s().history.entries.length).toBe(entries + 1);
    // Opening another level keeps the text's edit in the pack.
    s().newPackLevel();
    expect(s().pack.levels.find((l) => l.id === id)!.rows).toEqual(['C.#', '...', '#..']);
    s().undo();
    s().undo();
    expect(s().pack.levels.find((l) => l.id === id)!.rows).not.toEqual(['C.#', '...', '#..']);
  });

  it('text opened on one level is not applied to another', () => {
    const store = fresh();
    const s = store.getState;
    const first = s().newPackLevel()!;
    s().newPackLevel();
    const before = s().pack;
    expect(s().applyLevelText(level(['C..', '...', '...']), 'x', first)).toBe(false);
    expect(s().pack).toBe(before);
    expect(s().messages.at(-1)?.text).toContain('the text was not applied');
  });
});

describe('regression: Ctrl+V pasted old cells instead of importing level text', () => {
  it('the paste decides from the clipboard text, whatever was copied before', () => {
    const store = fresh();
    const s = store.getState;
    s().openLevel(level(['C##', '.#.', '...']), 'cells');
    s().setShape('select');
    s().setSelection({ x0: 1, y0: 0, x1: 2, y1: 1 });
    expect(s().copySelection()).toBe(true);
    const copied = clipText(s().clipboard!);
    expect(copied).toBe('##\n#.');
    expect(pasteAction(s(), copied)).toEqual({ kind: 'cells' });
    expect(pasteAction(s(), '; a\nC..\n...\n...\n\n; b\n.C.\n...\n...\n\n; c\n..C\n...\n...')).toEqual({ kind: 'import' });
    expect(pasteAction(s(), '{"format":"longcat-pack"}')).toEqual({ kind: 'import' });
    expect(pasteAction(s(), '   \n')).toEqual({ kind: 'ignore' });
    expect(pasteAction({ ...s(), view: 'lab' }, copied)).toEqual({ kind: 'ignore' });
  });

  it('cell blocks round-trip through text; anything with a head or a stray character is not a block', () => {
    expect(parseClipText('##\n#.')).toEqual({ width: 2, height: 2, cells: new Uint8Array([1, 1, 1, 0]) });
    expect(parseClipText('\n#.#  \n...\n')).toMatchObject({ width: 3, height: 2 });
    for (const text of ['C.\n..', '#.\n#', '#x', '', '#'.repeat(17)]) expect(parseClipText(text)).toBeNull();
    const store = fresh();
    store.getState().openLevel(level(['....', '....', '...C']), 'target');
    store.getState().setSelection({ x0: 1, y0: 1, x1: 1, y1: 1 });
    expect(store.getState().paste(parseClipText('##\n#.')!)).toBe(true);
    expect(toRows(store.getState().level)).toEqual(['....', '.##.', '.#.C']);
  });
});

describe('regression: "Add all to pack" was one undo step per level for some generators', () => {
  it('addAllToPack adds every level as one undo step, and one undo takes them all back', () => {
    const store = fresh();
    const s = store.getState;
    const grids = [['C..', '...', '...'], ['C.#', '...', '...'], ['C..', '.#.', '...'], ['C..', '...', '..#']];
    const entries = grids.map((rows, i) => ({ level: level(rows), name: `g${i}`, id: `g${i}`, features: null }));
    const before = s().history.entries.length;
    expect(s().addAllToPack('Add 4 generated levels', entries)).toEqual(['g0', 'g1', 'g2', 'g3']);
    expect(s().history.entries.length).toBe(before + 1);
    expect(s().history.entries.at(-1)?.label).toBe('Add 4 generated levels');
    s().undo();
    expect(s().pack.levels).toHaveLength(0);
  });
});

describe('regression: a read-only tab accepted edits it never saved', () => {
  it('every document edit is refused with a message; nothing changes', () => {
    const store = fresh();
    const s = store.getState;
    s().setTabRole('read-only');
    const doc = { level: s().level, pack: s().pack, history: s().history };
    s().applyAt(3, 'wall');
    s().setPackName('renamed');
    s().newPackLevel();
    s().previewLevel(level(['C..', '...', '...']));
    s().undo();
    expect({ level: s().level, pack: s().pack, history: s().history }).toEqual(doc);
    const refusals = s().messages.filter((m) => m.text.startsWith('This tab is read-only'));
    // One message, not one per refused edit.
    expect(refusals).toHaveLength(1);
  });
});
