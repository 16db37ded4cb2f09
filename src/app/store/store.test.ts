import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { replayTrace } from '../../core/players/trace';
import { replay } from '../../core/rules/replay';
import { analyzeRowsSync } from '../../workers/analysis.api';
import { generateLevelsSync } from '../../workers/generators.api';
import { movesTo } from '../adapters/graphData';
import { rowsKey } from './packEdits';
import { createStudioStore } from './store';
import { selectExportPack, selectLevelKey, selectPackLevelDifficulty, selectPlayStats, selectReading, selectShortestSolution } from './selectors';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A store whose clock and ids are under the test's control. */
function testStore() {
  let now = 1_000;
  let id = 0;
  const store = createStudioStore({ now: () => now, newId: () => `id${id++}` });
  return { store, tick: (ms: number) => (now += ms) };
}

/** Answers the analysis the way the controller would, synchronously. */
function analyse(store: ReturnType<typeof createStudioStore>): void {
  const s = store.getState();
  const answer = analyzeRowsSync({ rows: toRows(s.level), maxStates: 200_000 });
  s.analysisAnswered(selectLevelKey(s), answer.kind === 'ok' ? answer.value : { kind: 'invalid', message: answer.message });
}

describe('level slice: undo and redo', () => {
  it('a stroke is one undo step; undo and redo cross resizes', () => {
    const { store } = testStore();
    const s = store.getState;
    s().openLevel(level(['C...', '....', '....']), 'x');
    s().beginStroke(5, 'wall');
    s().continueStroke(7);
    s().endStroke();
    expect(toRows(s().level)).toEqual(['C...', '.###', '....']);
    s().resize(3, 3);
    expect(toRows(s().level)).toEqual(['C..', '.##', '...']);
    s().undo();
    expect(toRows(s().level)).toEqual(['C...', '.###', '....']);
    s().undo();
    expect(toRows(s().level)).toEqual(['C...', '....', '....']);
    s().redo();
    s().redo();
    expect(toRows(s().level)).toEqual(['C..', '.##', '...']);
    expect(s().history.index).toBe(s().history.entries.length); // nothing left to redo
  });

  it('a stroke that changes nothing leaves no undo step; a new edit clears redo', () => {
    const { store } = testStore();
    const s = store.getState;
    s().openLevel(level(['C..', '...', '...']), 'x');
    const steps = s().history.entries.length;
    s().beginStroke(4, 'empty');
    s().endStroke();
    expect(s().history.entries).toHaveLength(steps);
    s().applyAt(4, 'wall');
    s().undo();
    expect(s().history.entries.length - s().history.index).toBe(1);
    s().applyAt(5, 'wall');
    expect(s().history.entries.length - s().history.index).toBe(0);
  });

  it('editing leaves a graph state view', () => {
    const { store } = testStore();
    analyse(store);
    store.getState().selectNode(3);
    expect(store.getState().selectedNode).toBe(3);
    store.getState().applyAt(8, 'wall');
    expect(store.getState().selectedNode).toBeNull();
  });
});

describe('playtest slice', () => {
  it('plays to a win and logs it once, with time, restarts and moves', () => {
    const { store, tick } = testStore();
    const s = store.getState;
    s().openLevel(level(['C..', '...', '#..']), 'tiny');
    analyse(store);
    const solution = selectShortestSolution(s())!;
    expect(solution).toBe(replayable(s().level, solution));
    s().startPlaytest();
    expect(s().playMove(0)).toBe(false); // up is outside: illegal, not counted
    expect(s().playMove('UDLR'.indexOf(solution[0]!))).toBe(true);
    s().restartPlaytest();
    tick(4_000);
    for (const m of solution) expect(s().playMove('UDLR'.indexOf(m))).toBe(true);
    expect(s().play?.outcome).toBe('won');
    expect(s().playLog).toHaveLength(1);
    expect(s().playLog[0]).toMatchObject({ levelName: 'tiny', seconds: 4, restarts: 1, moves: solution.length + 1, solutionMoves: solution.length });
    expect(s().playLog[0]!.levelKey).toBe(selectLevelKey(s()));
    // The record's trace: the first move, the restart, the solution; it replays to the win.
    expect(s().playLog[0]!.trace).toBe(`${solution[0]}|${solution}`);
    expect(replayTrace(s().level, s().playLog[0]!.trace!)).toMatchObject({ ok: true, value: { end: 'won', restarts: 1 } });
    for (let d = 0; d < 4; d++) expect(s().playMove(d)).toBe(false); // the attempt is over
    s().undoPlayMove(); // a win stays a win
    expect(s().play?.outcome).toBe('won');
    expect(s().playLog).toHaveLength(1);
  });

  it("a pack level's playtest numbers: started, won, mean seconds of the wins; exported with the pack", () => {
    const { store, tick } = testStore();
    const s = store.getState;
    s().openLevel(level(['C..', '...', '#..']), 'tiny');
    s().addCurrentLevelToPack();
    analyse(store);
    const solution = selectShortestSolution(s())!;
    const win = (ms: number): void => {
      s().startPlaytest();
      tick(ms);
      for (const m of solution) s().playMove('UDLR'.indexOf(m));
    };
    win(4_000);
    win(2_000);
    s().startPlaytest(); // given up
    s().stopPlaytest();
    const rows = s().pack.levels[0]!.rows;
    expect(selectPlayStats(s(), rows)).toEqual({ played: 3, solved: 2, meanSeconds: 3 });
    expect(selectPlayStats(s(), ['C..', '...', '...'])).toEqual({ played: 0, solved: 0, meanSeconds: null });
    expect(selectExportPack(s()).levels[0]!.playtests).toEqual({ played: 3, solved: 2, meanSeconds: 3 });
  });

  it('detects a fail; undo leaves it, restart counts', () => {
    const { store } = testStore();
    const s = store.getState;
    analyse(store);
    const graph = s().analysis.graph!;
    const fail = [...graph.cls].findIndex((c) => c === 1);
    const moves = movesTo(graph, fail);
    s().startPlaytest();
    for (const m of moves) s().playMove('UDLR'.indexOf(m));
    expect(s().play).toMatchObject({ outcome: 'failed', moves });
    s().undoPlayMove();
    expect(s().play).toMatchObject({ outcome: 'playing', moves: moves.slice(0, -1) });
    s().restartPlaytest();
    expect(s().play).toMatchObject({ outcome: 'playing', moves: '', restarts: 1, totalMoves: moves.length });
    expect(s().playLog).toHaveLength(0);
  });

  it('replay steps are clamped to the solution', () => {
    const { store } = testStore();
    const s = store.getState;
    s().startReplay('RDL');
    s().setReplayStep(9);
    expect(s().replay?.step).toBe(3);
    s().setReplayStep(-1);
    expect(s().replay?.step).toBe(0);
    s().stopPlaytest();
    expect(s().mode).toBe('edit');
  });
});

/** The moves, if every one is legal from the start (else null): checks a solution with the core rules. */
function replayable(l: Level, moves: string): string | null {
  const r = replay(l, moves);
  return r.ok && r.value[r.value.length - 1]!.emptyLeft === 0 ? moves : null;
}

describe('pack slice', () => {
  it('adds the current level priced by the active model, renames, moves, sorts, dedupes', () => {
    const { store } = testStore();
    const s = store.getState;
    analyse(store);
    const first = s().addCurrentLevelToPack()!;
    const reading = selectReading(s())!;
    if (!reading.solvable) throw new Error('the test level is solvable');
    expect(selectPackLevelDifficulty(s(), s().pack.levels[0]!)).toBe(Number(reading.value.toPrecision(6))); // six significant digits, as shown
    s().openLevel(level(['C..', '...', '...']), 'open');
    const second = s().addCurrentLevelToPack()!; // not analysed yet: no difficulty
    expect(selectPackLevelDifficulty(s(), s().pack.levels[1]!)).toBeNull();
    s().openLevel(level(['C..', '...', '...']), 'open');
    s().addCurrentLevelToPack();
    expect(new Set(s().pack.levels.map((l) => l.id)).size).toBe(3);
    s().renamePackLevel(second, '  renamed  ');
    expect(s().pack.levels[1]!.name).toBe('renamed');
    s().movePackLevel(0, 2);
    expect(s().pack.levels[2]!.id).toBe(first);
    // Two levels are still being analysed: the sort is refused with a message, not done with them last.
    const order = s().pack.levels.map((l) => l.id);
    s().sortPackByDifficulty();
    expect(s().pack.levels.map((l) => l.id)).toEqual(order);
    expect(s().messages.at(-1)?.text).toBe('2 levels are still being analysed, so the pack was not sorted; sort again when every difficulty is shown.');
    // Analysed (past the state cap: no difficulty), the sort goes ahead.
    s().rememberFeatures(rowsKey(['C..', '...', '...']), null);
    s().sortPackByDifficulty();
    expect(s().pack.levels[0]!.id).toBe(first); // the only one with a difficulty
    expect(s().dedupePack()).toBe(1);
    expect(s().pack.levels).toHaveLength(2);
  });

  it('a bad import lists problems and changes nothing; a good one asks append or replace, and can be undone', () => {
    const { store } = testStore();
    const s = store.getState;
    analyse(store);
    s().addCurrentLevelToPack();
    const before = s().pack;
    expect(s().importPackText('{"format":"longcat-pack","version":1,"name":"x","levels":[{"id":""}]}', 'bad.json')).toBe(false);
    expect(s().pack).toBe(before);
    expect(s().packImport?.problems.length).toBeGreaterThan(1);
    const good = JSON.stringify({ format: 'longcat-pack', version: 1, name: 'other', levels: [] });
    expect(s().importPackText(good, 'good.json')).toBe(true);
    expect(s().pack).toBe(before); // waiting for the choice
    s().resolveImport('replace');
    expect(s().pack.name).toBe('other');
    s().undo();
    expect(s().pack).toBe(before);
  });
});

describe('generator results and the run that made them', () => {
  it("a new run's settings are never shown beside the last run's levels (their seed, rules and pins would be misreported)", () => {
    const { store } = testStore();
    const s = store.getState;
    const first = { generator: 'rsd' as const, rules: 'longcat' as const, width: 5, height: 5, seed: 4, count: 3, pins: ['C????', '?????', '?????', '?????', '?????'] };
    s().generationStarted(first);
    const generated = generateLevelsSync(first);
    if (generated.kind !== 'ok') throw new Error(generated.message);
    s().generationFinished(generated.value);
    expect(s().generatorRun.levels.length).toBeGreaterThan(0);
    // Every level of the first run starts at the pinned top-left cell.
    expect(s().generatorRun.levels.every((l) => l.rows[0]![0] === 'C')).toBe(true);
    s().generationStarted({ ...first, seed: 9, pins: undefined });
    expect(s().generatorRun).toMatchObject({ status: 'running', levels: [], settings: { seed: 9 } });
    s().sdStarted({ ...s().sdSettings, seed: 9 });
    expect(s().sdRun).toMatchObject({ status: 'running', levels: [], rules: null, model: null });
  });
});
