/**
 * The conflicts dialog's solution graphs: every version's grid analysed and
 * laid out (the real worker apis, run in this thread), with the naive
 * solver's state count; a message past the state cap; nothing kept once
 * the dialog closes.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { createPack, packLevelFromLevel } from '../../core/pack/pack';
import type { LevelPack, PackLevel } from '../../core/pack/schema';
import { EffectOracle } from '../../core/repo/effect';
import { mergePacks } from '../../core/repo/merge';
import { longcat } from '../../core/rules/registry';
import { AnalysisClient } from '../../workers/analysis.client';
import { LayoutClient } from '../../workers/layout.client';
import { naiveGraph } from '../../../test/naive/naiveSolver';
import { rowsKey } from '../store/packEdits';
import { createStudioStore, type StudioStore } from '../store/store';
import { conflictGrids, connectConflictGraphs } from './conflictGraphsController';

const lv = (id: string, rows: string[], name = id): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const BASE = createPack('game', [lv('l-aaaaaaaaaa', ['C...', '....', '....'], 'one'), lv('l-bbbbbbbbbb', ['C..', '...', '..#'], 'two')]);
const OURS: LevelPack = { ...BASE, levels: [lv('l-aaaaaaaaaa', ['C#..', '....', '....'], 'one'), BASE.levels[1]!] };
const THEIRS: LevelPack = { ...BASE, levels: [lv('l-aaaaaaaaaa', ['C..#', '....', '....'], 'one'), BASE.levels[1]!] };
const MERGED = mergePacks(BASE, OURS, THEIRS, new EffectOracle(longcat, null, 200_000));

/** Connects the controller with in-thread clients and resolves once `count` grids have an answer. */
function graphsFor(store: StudioStore, count: number): { done: Promise<void>; stop: () => void } {
  const stop = connectConflictGraphs(store, new AnalysisClient({ useWorker: false }), new LayoutClient({ useWorker: false }));
  const done = new Promise<void>((resolve) => {
    const check = (): void => void (store.getState().conflictGraphs.size >= count && resolve());
    store.subscribe(check);
    check();
  });
  return { done, stop };
}

describe('solution graphs of a conflicted pack\'s versions', () => {
  it('draws each version\'s graph with the naive solver\'s state count', async () => {
    expect(MERGED.conflicts).toHaveLength(1);
    const store = createStudioStore();
    expect(store.getState().openConflicts(MERGED.text, 'levels.longcat-pack.json')).toBe(true);
    const grids = conflictGrids(store.getState().packConflicts!.conflicted);
    // ours, base and theirs of the one conflicting level: three different grids.
    expect(grids.map((g) => g.join('/')).sort()).toEqual(['C#../..../....', 'C..#/..../....', 'C.../..../....']);
    const { done, stop } = graphsFor(store, grids.length);
    await done;
    for (const rows of grids) {
      const g = store.getState().conflictGraphs.get(rowsKey(rows));
      const states = naiveGraph([...rows]).order.length;
      expect(g?.kind).toBe('graph');
      if (g?.kind !== 'graph') continue;
      expect(g.nodes).toBe(states);
      expect(g.scene.x).toHaveLength(states);
      expect(g.scene.y).toHaveLength(states);
      expect(g.scene.edgeFrom.length).toBe(g.scene.edgeTo.length);
    }
    stop();
  });

  it('says why instead of a graph when a version is past the state cap', async () => {
    const store = createStudioStore();
    store.setState({ stateCap: 3 });
    store.getState().openConflicts(MERGED.text, 'levels.longcat-pack.json');
    const grids = conflictGrids(store.getState().packConflicts!.conflicted);
    // Every version has more states than the cap (naive solver).
    for (const rows of grids) expect(naiveGraph([...rows]).order.length).toBeGreaterThan(3);
    const { done, stop } = graphsFor(store, grids.length);
    await done;
    for (const rows of grids) {
      const g = store.getState().conflictGraphs.get(rowsKey(rows));
      expect(g).toMatchObject({ kind: 'none', reason: 'state-cap' });
    }
    stop();
  });

  it('keeps nothing once the dialog closes, and drops an answer for a file no longer open', () => {
    const store = createStudioStore();
    store.getState().openConflicts(MERGED.text, 'a.json');
    const first = store.getState().packConflicts!.conflicted;
    store.getState().closeConflicts();
    store.getState().conflictGraphAnswered(first, ['C..'], { kind: 'none', reason: 'failed', message: 'late' });
    expect(store.getState().conflictGraphs.size).toBe(0);
    store.getState().openConflicts(MERGED.text, 'b.json');
    store.getState().conflictGraphAnswered(first, ['C..'], { kind: 'none', reason: 'failed', message: 'late' });
    expect(store.getState().conflictGraphs.size).toBe(0);
  });
});
