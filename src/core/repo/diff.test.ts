import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { defaultModelFor } from '../difficulty/defaultModel';
import { predictDifficulty } from '../difficulty/predict';
import { createPack, packLevelFromLevel } from '../pack/pack';
import { parseRows } from '../level/format';
import { longcat } from '../rules/registry';
import type { LevelPack, PackLevel } from '../pack/schema';
import type { LevelFeatures } from '../graph/features';
import { diffPacks, formatPackDiff } from './diff';
import { EffectOracle } from './effect';

const model = defaultModelFor('longcat');
const lv = (id: string, name: string, rows: string[]): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const pack = (...levels: PackLevel[]): LevelPack => createPack('p', levels);
const oracle = () => new EffectOracle(longcat, model, 200_000);
const diff = (a: LevelPack, b: LevelPack) => {
  const o = oracle();
  return diffPacks(a, b, { before: o, after: o });
};

/** What the naive solver says a grid does (the ground truth for the effect numbers). */
function naiveEffect(rows: string[]) {
  const n = naiveAnalyze(rows);
  const solvable = Number.isFinite(n.features.shortestSolutionLength);
  const d = solvable ? predictDifficulty(model, n.features as unknown as LevelFeatures) : null;
  return {
    solvable,
    // Packs keep a difficulty to six significant digits (docs/formats.md).
    difficulty: d === null ? null : Number(d.toPrecision(6)),
    solutions: n.features.solutionPaths,
    shortestSolutions: n.features.shortestSolutionCount,
    shortestSolution: solvable ? n.features.shortestSolutionLength : null,
    deadStates: n.classes.dead,
    states: n.nStates,
  };
}

const A = ['C...', '....', '....'];
const B = ['C....', '.....', '..#..', '.....'];
const C = ['C..', '.#.', '...'];

describe('diffPacks', () => {
  it('an edit that makes a level unsolvable: the cell, and every number before and after from the naive solver', () => {
    const after = ['C#.#', '....', '....']; // walled twice on its top row: unsolvable (checked below)
    const d = diff(pack(lv('a', 'A', A)), pack(lv('a', 'A', after)));
    expect(d.changed).toHaveLength(1);
    const c = d.changed[0]!;
    expect(c.cells).toEqual([{ x: 1, y: 0, from: '.', to: '#' }, { x: 3, y: 0, from: '.', to: '#' }]);
    expect(naiveEffect(A).solvable).toBe(true);
    expect(naiveEffect(after).solvable).toBe(false);
    expect(c.before).toEqual(naiveEffect(A));
    expect(c.after).toEqual({ ...naiveEffect(after), difficulty: null, shortestSolution: null });
    expect(d.broken).toEqual(['a']);
    expect(formatPackDiff(d).some((l) => l.startsWith('BROKEN   a '))).toBe(true);
  });

  it('an edit that keeps a level solvable is changed, not broken; back again is fixed', () => {
    const after = ['C#..', '....', '....'];
    expect(naiveEffect(after).solvable).toBe(true);
    const d = diff(pack(lv('a', 'A', A)), pack(lv('a', 'A', after)));
    expect(d.broken).toEqual([]);
    expect(d.changed[0]!.after).toEqual(naiveEffect(after));
    const back = diff(pack(lv('a', 'A', ['C#.#', '....', '....'])), pack(lv('a', 'A', after)));
    expect(back.fixed).toEqual(['a']);
  });

  it('added, removed, renamed, moved (only the level out of order), edited notes', () => {
    const before = pack(lv('a', 'A', A), lv('b', 'B', B), lv('c', 'C', C));
    const after = pack(lv('c', 'C', C), lv('a', 'A2', A), { ...lv('b', 'B', B), notes: 'hard' }, lv('d', 'D', ['C.#', '...', '...']));
    const d = diff(before, after);
    expect(d.added.map((l) => [l.id, l.index])).toEqual([['d', 3]]);
    expect(d.added[0]!.effect).toEqual(naiveEffect(['C.#', '...', '...']));
    expect(d.removed).toEqual([]);
    expect(d.renamed).toEqual([{ id: 'a', from: 'A', to: 'A2' }]);
    expect(d.moved).toEqual([{ id: 'c', name: 'C', from: 2, to: 0 }]);
    expect(d.edited).toEqual([{ id: 'b', name: 'B', fields: ['notes'] }]);
    expect(d.changed).toEqual([]);
    const gone = diff(before, pack(lv('a', 'A', A), lv('c', 'C', C)));
    expect(gone.removed.map((l) => [l.id, l.index])).toEqual([['b', 1]]);
    expect(gone.moved).toEqual([]);
  });

  it('a level under a new id is matched by its grid, up to rotation and mirroring', () => {
    const rotated = ['...C', '....', '....']; // A mirrored left-right
    const d = diff(pack(lv('a', 'A', A), lv('b', 'B', B)), pack(lv('x', 'A', rotated), lv('y', 'B', B)));
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.reidentified).toEqual([
      { oldId: 'a', id: 'x', name: 'A', symmetry: 'mirrored left-right' },
      { oldId: 'b', id: 'y', name: 'B', symmetry: 'identity' },
    ]);
  });

  it('the same pack has no differences', () => {
    const p = pack(lv('a', 'A', A), lv('b', 'B', B));
    expect(formatPackDiff(diff(p, p))).toEqual([]);
  });
});
