/**
 * The document's ruleset in the studio (SPEC §12): a new paint pack is one
 * undoable edit, the editor's level is analysed, drawn and playtested under
 * the pack's rules, derived values never cross rulesets, and levels or
 * packs of other rules are refused with a sentence that changes nothing.
 * Paint moves are checked against the naive paint rules (test/naive).
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { analyzeRowsSync } from '../../workers/analysis.api';
import { paintStart, paintStep, paintSuccessors, paintWon } from '../../../test/naive/naivePaint';
import { restoreHistoryRecord, saveHistory } from '../persistence/workspace';
import { paint } from '../../core/rules/registry';
import { catAfter } from '../adapters/graphData';
import { createStudioStore } from './store';
import { featureKey, featuresFor, packRules, withPackRules } from './rules';
import { selectCurrentGraph, selectLevelKey, selectPackLevelFeatures, selectPlayStats } from './selectors';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function testStore() {
  let now = 1_000;
  let id = 0;
  const store = createStudioStore({ now: () => now, newId: () => `id${id++}` });
  return { store, s: store.getState, tick: (ms: number) => (now += ms) };
}

/** Answers the analysis as the controller would, under the pack's rules. */
function analyse(store: ReturnType<typeof createStudioStore>): void {
  const s = store.getState();
  const answer = analyzeRowsSync({ rows: toRows(s.level), maxStates: 200_000, rules: packRules(s.pack) });
  s.analysisAnswered(selectLevelKey(s), answer.kind === 'ok' ? answer.value : { kind: 'invalid', message: answer.message });
}

/** The naive state after `moves` as rows, ball as C (the editor's notation). */
function naiveAfter(rows: string[], moves: string): { rows: string[]; won: boolean; stuck: boolean } {
  const { w, h, start } = paintStart(rows);
  let s = start;
  for (const m of moves) s = paintStep(s, w, h, m) ?? s;
  return { rows: Array.from({ length: h }, (_, y) => s.slice(y * w, y * w + w)), won: paintWon(s), stuck: !paintWon(s) && paintSuccessors(s, w, h).length === 0 };
}

const RING = ['C..', '.#.', '...'];

describe('the pack carries the ruleset', () => {
  it('New pack (paint) is one undoable edit; undo brings the Longcat pack and its levels back', () => {
    const { s } = testStore();
    s().openLevel(level(RING), 'ring');
    s().addCurrentLevelToPack();
    expect(packRules(s().pack)).toBe('longcat');
    s().newPack('paint');
    expect(packRules(s().pack)).toBe('paint');
    expect(s().pack.levels).toEqual([]);
    expect(toRows(s().level)).toEqual(RING); // the editor's level stays
    s().undo();
    expect(packRules(s().pack)).toBe('longcat');
    expect(s().pack.levels.map((l) => l.rows)).toEqual([RING]);
    s().redo();
    expect(packRules(s().pack)).toBe('paint');
  });

  it("the saved undo history keeps each pack's rules", () => {
    const { s } = testStore();
    s().newPack('paint');
    s().openLevel(level(RING), 'ring');
    s().addCurrentLevelToPack();
    const restored = restoreHistoryRecord(JSON.parse(JSON.stringify(saveHistory(s().history))));
    if (!restored.ok) throw new Error(restored.error);
    const docs = restored.value.entries.map((e) => packRules(e.after.pack));
    expect(docs).toEqual(s().history.entries.map((e) => packRules(e.after.pack)));
    expect(docs.at(-1)).toBe('paint');
    expect(packRules(restored.value.entries[0]!.before.pack)).toBe('longcat');
  });

  it('an import of other rules cannot be appended (nothing changes, a sentence says why); replace takes its rules', () => {
    const { store, s } = testStore();
    s().openLevel(level(RING), 'ring');
    s().addCurrentLevelToPack();
    const before = s().pack;
    const paintPack = withPackRules({ ...before, name: 'Paint pack', levels: before.levels.map((l) => ({ ...l, id: 'p1' })) }, 'paint');
    // The dialog's pending import, as importPackText leaves it for a pack that is not empty.
    store.setState({ pendingImport: { fileName: 'paint.json', pack: paintPack, warnings: [] } });
    s().resolveImport('append');
    expect(s().pack).toBe(before);
    expect(s().messages.at(-1)).toMatchObject({ kind: 'error', text: expect.stringContaining('paint.json is a Paint pack and this one is Longcat') });
    store.setState({ pendingImport: { fileName: 'paint.json', pack: paintPack, warnings: [] } });
    s().resolveImport('replace');
    expect(packRules(s().pack)).toBe('paint');
    expect(s().pack.name).toBe('Paint pack');
  });

  it('a level whose features were computed under other rules is refused by the pack', () => {
    const { s } = testStore();
    s().newPack('paint');
    const features = analyzeRowsSync({ rows: RING, maxStates: 1000 });
    if (features.kind !== 'ok' || features.value.kind !== 'graph') throw new Error('ring must analyse');
    expect(s().addToPack({ level: level(RING), name: 'ring', features: features.value.graph.features, rules: 'longcat' })).toBeNull();
    expect(s().pack.levels).toEqual([]);
    expect(s().messages.at(-1)?.text).toMatch(/These are Longcat levels .* this pack is Paint/);
  });
});

describe('derived values follow the ruleset', () => {
  it('the graph of the editor is the one under the pack\'s rules; features are kept per ruleset', () => {
    const { store, s } = testStore();
    s().openLevel(level(RING), 'ring');
    s().addCurrentLevelToPack();
    analyse(store); // Longcat's graph of the ring
    const longcatGraph = s().analysis.graph!;
    expect(longcatGraph.rules).toBe('longcat');
    expect(selectCurrentGraph(s())).toBe(longcatGraph);
    const longcatFeatures = selectPackLevelFeatures(s(), s().pack.levels[0]!);
    expect(longcatFeatures?.solutionPaths).not.toBeNull();
    // Same rows, paint pack: Longcat's graph and cached features no longer count.
    s().rememberFeatures(featureKey('longcat', selectLevelKey(s())), longcatGraph.features);
    store.setState({ pack: withPackRules(s().pack, 'paint') });
    expect(selectCurrentGraph(s())).toBeNull();
    expect(selectPackLevelFeatures(s(), s().pack.levels[0]!)).toBeNull();
    analyse(store);
    expect(selectCurrentGraph(s())?.rules).toBe('paint');
    expect(selectPackLevelFeatures(s(), s().pack.levels[0]!)?.solutionPaths).toBeNull();
  });

  it("times played count per ruleset: the same rows played under paint do not add to Longcat's count", () => {
    const { s, store } = testStore();
    s().openLevel(level(RING), 'ring');
    s().addCurrentLevelToPack();
    const rows = s().pack.levels[0]!.rows;
    s().startPlaytest();
    s().stopPlaytest();
    s().startPlaytest();
    s().stopPlaytest();
    expect(selectPlayStats(s(), rows).played).toBe(2);
    store.setState({ pack: withPackRules(s().pack, 'paint') });
    expect(selectPlayStats(s(), rows).played).toBe(0);
    s().startPlaytest();
    s().stopPlaytest();
    expect(selectPlayStats(s(), rows).played).toBe(1);
    store.setState({ pack: withPackRules(s().pack, 'longcat') });
    expect(selectPlayStats(s(), rows).played).toBe(2);
  });

  it("paint's features for fitting leave out solutionPaths (null on graphs with cycles)", () => {
    expect(featuresFor('longcat')).toContain('solutionPaths');
    expect(featuresFor('paint')).not.toContain('solutionPaths');
    expect(featuresFor('paint')).toHaveLength(featuresFor('longcat').length - 1);
  });
});

describe('playtest under paint', () => {
  it('moves as the naive paint rules say: paint does not block, the win is logged with its rules', () => {
    const { s, tick } = testStore();
    s().newPack('paint');
    s().openLevel(level(RING), 'ring');
    s().startPlaytest();
    // R then L: back over paint, legal under paint (under Longcat the body would block L).
    expect(s().playMove(3)).toBe(true);
    expect(s().playMove(2)).toBe(true);
    expect(s().play?.moves).toBe('RL');
    const naive = naiveAfter(RING, 'RL');
    expect(s().play?.outcome).toBe(naive.won ? 'won' : naive.stuck ? 'failed' : 'playing');
    expect(catAfter(s().level, 'RL', paint).state.filled.reduce((n, v, i) => n + (v === 1 && naive.rows.join('')[i] !== '#' ? 1 : 0), 0)).toBe(naive.rows.join('').split('').filter((c) => c === 'P' || c === 'O').length);
    s().restartPlaytest();
    // A naive shortest solution wins.
    const { w, h, start } = paintStart(RING);
    const seen = new Map([[start, '']]);
    const queue = [start];
    let solution: string | null = null;
    while (queue.length > 0 && solution === null) {
      const st = queue.shift()!;
      if (paintWon(st)) solution = seen.get(st)!;
      for (const [m, next] of paintSuccessors(st, w, h)) {
        if (seen.has(next)) continue;
        seen.set(next, seen.get(st)! + m);
        queue.push(next);
      }
    }
    tick(4_000);
    for (const m of solution!) s().playMove('UDLR'.indexOf(m));
    expect(s().play?.outcome).toBe('won');
    expect(s().playLog.at(-1)).toMatchObject({ rules: 'paint', solutionMoves: solution!.length, seconds: 4 });
  });
});
