import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { createPack, packLevelFromLevel } from '../../core/pack/pack';
import type { LevelPack } from '../../core/pack/schema';
import {
  EMPTY_HISTORY,
  HISTORY_LIMIT,
  MERGE_WINDOW_MS,
  docAt,
  jumpHistory,
  openLevelModified,
  recordEntry,
  redoHistory,
  syncOpenLevel,
  undoHistory,
  type DocState,
  type History,
} from './history';
import { createStudioStore } from './store';

function level(rows: string[]): Level {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const base: DocState = { level: level(['C..', '...', '...']), levelName: 'a', pack: createPack('p', []), open: null };

/** A chain of documents, each a new object, recorded one entry per step. */
function chain(n: number): { history: History; docs: DocState[] } {
  const docs = [base];
  let history = EMPTY_HISTORY;
  for (let i = 1; i <= n; i++) {
    const doc = { ...docs[i - 1]!, levelName: `name ${i}` };
    history = recordEntry(history, { id: `e${i}`, label: `step ${i}`, at: i * 10_000, before: docs[i - 1]!, after: doc });
    docs.push(doc);
  }
  return { history, docs };
}

describe('history (pure)', () => {
  it('undo walks back through every recorded document and redo forward again, by identity', () => {
    const { history, docs } = chain(5);
    let h = history;
    for (let i = 4; i >= 0; i--) {
      const r = undoHistory(h)!;
      expect(r.doc).toBe(docs[i]);
      h = r.history;
    }
    expect(undoHistory(h)).toBeNull();
    for (let i = 1; i <= 5; i++) {
      const r = redoHistory(h)!;
      expect(r.doc).toBe(docs[i]);
      h = r.history;
    }
    expect(redoHistory(h)).toBeNull();
  });

  it('jumping to any point gives the document recorded there (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (n, jumps) => {
        const { history, docs } = chain(n);
        let h = history;
        for (const j of jumps) {
          const to = j % (n + 1);
          const r = jumpHistory(h, to);
          if (to === h.index) expect(r).toBeNull();
          else {
            expect(r!.doc).toBe(docs[to]);
            h = r!.history;
          }
          expect(docAt(h, h.index)).toBe(docs[h.index]);
        }
      }),
    );
  });

  it('a new entry after undo drops the redo tail; no-op entries are not recorded', () => {
    const { history, docs } = chain(3);
    const back = undoHistory(undoHistory(history)!.history)!.history;
    const other = { ...docs[1]!, levelName: 'other' };
    const h = recordEntry(back, { id: 'x', label: 'other', at: 1e9, before: docs[1]!, after: other });
    expect(h.entries.map((e) => e.id)).toEqual(['e1', 'x']);
    expect(h.index).toBe(2);
    expect(recordEntry(h, { id: 'y', label: 'nothing', at: 1e9, before: other, after: { ...other } })).toBe(h);
  });

  it('keeps the last HISTORY_LIMIT entries, and the oldest kept one still undoes to its own before', () => {
    const { history, docs } = chain(HISTORY_LIMIT + 5);
    expect(history.entries).toHaveLength(HISTORY_LIMIT);
    expect(docAt(history, 0)).toBe(docs[5]);
  });

  it('merges a quick run of edits with the same key into one entry, and typing back leaves none', () => {
    let h = EMPTY_HISTORY;
    const a = { ...base, levelName: 'a' }, ab = { ...base, levelName: 'ab' }, abc = { ...base, levelName: 'abc' };
    h = recordEntry(h, { id: '1', label: 'Rename', at: 0, before: a, after: ab, mergeKey: 'name' });
    h = recordEntry(h, { id: '2', label: 'Rename', at: MERGE_WINDOW_MS - 1, before: ab, after: abc, mergeKey: 'name' });
    expect(h.entries).toHaveLength(1);
    expect(h.entries[0]).toMatchObject({ id: '1', before: a, after: abc });
    const late = recordEntry(h, { id: '3', label: 'Rename', at: 3 * MERGE_WINDOW_MS, before: abc, after: a, mergeKey: 'name' });
    expect(late.entries).toHaveLength(2);
    const back = recordEntry(h, { id: '3', label: 'Rename', at: MERGE_WINDOW_MS, before: abc, after: a, mergeKey: 'name' });
    expect(back.entries).toHaveLength(0);
  });
});

describe('edit in place', () => {
  const l1 = level(['C..', '...', '...']);
  const pack: LevelPack = createPack('p', [packLevelFromLevel({ ...l1, name: 'one' }, { id: 'one', features: { nSolutions: 2 } })]);
  const opened: DocState = { level: l1, levelName: 'one', pack, open: { id: 'one', baseRows: toRows(l1), baseName: 'one' } };

  it('writes the editor level and name into the open pack level and drops its stale features', () => {
    const edited = syncOpenLevel({ ...opened, level: level(['C#.', '...', '...']), levelName: 'one!' });
    expect(edited.pack.levels[0]).toMatchObject({ id: 'one', name: 'one!', rows: ['C#.', '...', '...'], features: {} });
    expect(openLevelModified(edited)).toBe(true);
    expect(syncOpenLevel(opened)).toBe(opened);
    expect(openLevelModified(opened)).toBe(false);
  });

  it('forgets the open level when it left the pack', () => {
    expect(syncOpenLevel({ ...opened, pack: createPack('p', []) }).open).toBeNull();
  });
});

describe('history slice', () => {
  it('opening a pack level, painting and renaming edit it in place; undo goes back to the original pack', () => {
    const store = createStudioStore();
    const s = store.getState;
    s().openLevel(level(['C...', '....', '....']), 'first');
    const id = s().addCurrentLevelToPack()!;
    const original = s().pack;
    s().openLevel(level(['C..', '...', '...']), 'elsewhere');
    s().openPackLevel(id);
    expect(toRows(s().level)).toEqual(['C...', '....', '....']);
    s().applyAt(5, 'wall');
    s().setLevelName('first, harder');
    expect(s().pack.levels).toHaveLength(1);
    expect(s().pack.levels[0]).toMatchObject({ id, name: 'first, harder', rows: ['C...', '.#..', '....'] });
    expect(openLevelModified({ pack: s().pack, open: s().openInPack })).toBe(true);
    s().undo(); // the name
    s().undo(); // the wall
    expect(s().pack.levels[0]).toBe(original.levels[0]);
    expect(openLevelModified({ pack: s().pack, open: s().openInPack })).toBe(false);
    s().undo(); // the opening
    expect(s().levelName).toBe('elsewhere');
    expect(s().openInPack).toBeNull();
  });

  it('a drag is previewed live and recorded once; the API records named edits', () => {
    const store = createStudioStore();
    const s = store.getState;
    s().openLevel(level(['C...', '....', '....']), 'x');
    const entries = s().history.entries.length;
    s().beginStroke(4, 'wall');
    s().continueStroke(7);
    expect(toRows(s().level)).toEqual(['C...', '####', '....']);
    expect(s().history.entries).toHaveLength(entries);
    s().endStroke();
    expect(s().history.entries).toHaveLength(entries + 1);
    expect(s().history.entries.at(-1)!.label).toBe('Paint wall');
    expect(s().applyLevelEdit('Fill', (l) => ({ ...l, cells: new Uint8Array(l.cells.length).fill(1).map((v, i) => (i === l.head ? 0 : v)) }))).toBe(true);
    expect(toRows(s().level)).toEqual(['C###', '####', '####']);
    expect(s().applyLevelEdit('Nothing', (l) => l)).toBe(false);
    s().jumpTo(entries);
    expect(toRows(s().level)).toEqual(['C...', '....', '....']);
  });

  it("a toast's Undo only undoes its own entry while it is the last one done", () => {
    const store = createStudioStore();
    const s = store.getState;
    s().addCurrentLevelToPack();
    const id = s().pack.levels[0]!.id;
    s().removePackLevel(id);
    const toast = s().messages.find((m) => m.undoId !== undefined)!;
    expect(toast.text).toMatch(/^Deleted/);
    s().setLevelName('later');
    s().undoEntry(toast.undoId!);
    expect(s().pack.levels).toHaveLength(0); // not undone: a later change came after
    expect(s().messages.at(-1)!.text).toMatch(/Later changes/);
    s().undo();
    s().undoEntry(toast.undoId!);
    expect(s().pack.levels.map((l) => l.id)).toEqual([id]);
  });
});
