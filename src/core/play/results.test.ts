/**
 * Results files: what is written reads back; a wrong file is refused with
 * sentences; pooling counts give-ups and replays without timing them, drops
 * far outliers (hand-computed fences below), and counts a file imported
 * twice once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { farOutliers, formatResults, parseResults, summariseResults, type Attempt, type PlayResults } from './results';

const at = (i: number): string => new Date(Date.UTC(2026, 10, 22, 20, 0, i)).toISOString();
const attempt = (seconds: number, i: number, extra: Partial<Attempt> = {}): Attempt => ({ outcome: 'solved', seconds, moves: 5, undos: 0, restarts: 0, startedAt: at(i), replay: false, ...extra });
const file = (player: string, levels: PlayResults['levels']): PlayResults => ({ format: 'longcat-play-results', version: 3, rules: 'longcat', pack: { name: 'p', identity: '0123456789abcdef' }, player, exportedAt: at(59), levels });
const A = ['C..', '##.', '##.'];
const B = ['C...', '.#..', '....', '..#.'];

describe('results files', () => {
  it('round-trip through the file text', () => {
    const arb = fc.array(fc.record({ seconds: fc.double({ min: 0, max: 86_400, noNaN: true }), giveUp: fc.boolean(), replay: fc.boolean(), moves: fc.nat(1000) }), { maxLength: 20 }).map((list) =>
      file('p-abc123', [{ id: 'a', name: 'A', rows: A, attempts: list.map((x, i) => attempt(x.seconds, i, { outcome: x.giveUp ? 'gave-up' : 'solved', replay: x.replay, moves: x.moves })) }]),
    );
    fc.assert(
      fc.property(arb, (r) => {
        expect(parseResults(formatResults(r))).toEqual({ ok: true, value: r });
      }),
      { numRuns: 200 },
    );
  });

  it('refuses other files with sentences, a bad grid included', () => {
    expect(parseResults('nope')).toMatchObject({ ok: false, error: [expect.stringMatching(/not valid JSON/)] });
    expect(parseResults('{"format":"longcat-pack"}')).toMatchObject({ ok: false, error: [expect.stringMatching(/not a Longcat results file/)] });
    const bad = file('p-1', [{ id: 'a', name: 'A', rows: ['C.', 'CC'], attempts: [] }]);
    expect(parseResults(JSON.stringify(bad))).toMatchObject({ ok: false, error: [expect.stringMatching(/^levels\.0\.rows: /)] });
    const negative = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(-1, 0)] }]);
    expect(parseResults(JSON.stringify(negative)).ok).toBe(false);
    const future = { ...file('p-1', []), version: 4 };
    expect(parseResults(JSON.stringify(future)).ok).toBe(false);
  });
});

describe('results file versions and traces', () => {
  it('a version 1 file (no traces) reads and comes up to version 3, Longcat, with nothing else changed', () => {
    const { rules: _, ...v3 } = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(10, 0)] }]);
    const v1 = { ...v3, version: 1 };
    const read = parseResults(JSON.stringify(v1));
    expect(read).toEqual({ ok: true, value: { ...v1, version: 3, rules: 'longcat' } });
  });

  it('version 3 carries the ruleset: ice traces replay under ice; a version 2 file (before rulesets) is Longcat, as it was', () => {
    // C... / ..#. / .... / .G..: under ice D slides to the bottom-left corner, then R enters the goal, which stops it: won in "DR".
    const ICE = ['C...', '..#.', '....', '.G..'];
    const ice: PlayResults = { ...file('p-1', [{ id: 'i', name: 'I', rows: ICE, attempts: [attempt(10, 0, { trace: 'DR' }), attempt(3, 1, { outcome: 'gave-up', trace: 'R|D' })] }]), rules: 'ice' };
    expect(parseResults(formatResults(ice))).toEqual({ ok: true, value: ice });
    // The same file from before rulesets (version 2, no rules) meant Longcat, where a goal is no cell: refused, as it was.
    const { rules: _, ...rest } = ice;
    expect(parseResults(JSON.stringify({ ...rest, version: 2 }))).toMatchObject({ ok: false, error: [expect.stringMatching(/^levels\.0\.rows: .*a goal 'G' is not part of this game/)] });
    // Under ice a trace is checked by ice's rules: D then L from the bottom-left corner is blocked.
    const blocked: PlayResults = { ...file('p-1', [{ id: 'i', name: 'I', rows: ICE, attempts: [attempt(1, 0, { outcome: 'gave-up', trace: 'DL' })] }]), rules: 'ice' };
    expect(parseResults(JSON.stringify(blocked))).toMatchObject({ ok: false, error: [expect.stringMatching(/move L at position 2 is blocked/)] });
    // An unknown ruleset is named by the schema.
    expect(parseResults(JSON.stringify({ ...ice, rules: 'sokoban' })).ok).toBe(false);
  });

  it('pools the same grid played under two rulesets as two levels', () => {
    const P = ['C..', '.#.', '...'];
    const longcatFile = file('p-1', [{ id: 'a', name: 'A', rows: P, attempts: [attempt(10, 0)] }]);
    const paintFile: PlayResults = { ...file('p-2', [{ id: 'a', name: 'A', rows: P, attempts: [attempt(20, 0), attempt(30, 1)] }]), rules: 'paint' };
    const summary = summariseResults([longcatFile, paintFile]);
    expect(summary.map((l) => [l.rules, l.attempts, l.meanSeconds])).toEqual([['longcat', 1, 10], ['paint', 2, 25]]);
  });

  it('a trace must replay on its level to the attempt\'s outcome', () => {
    const good = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(10, 0, { trace: 'R-|RD' }), attempt(4, 1, { outcome: 'gave-up', trace: 'R' })] }]);
    expect(parseResults(formatResults(good)).ok).toBe(true);
    const lies = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(10, 0, { trace: 'R' })] }]);
    expect(parseResults(JSON.stringify(lies))).toMatchObject({ ok: false, error: ['levels.0.attempts.0.trace: the moves do not win the level but the attempt says solved'] });
    const blocked = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(10, 0, { outcome: 'gave-up', trace: 'U' })] }]);
    expect(parseResults(JSON.stringify(blocked))).toMatchObject({ ok: false, error: [expect.stringMatching(/^levels\.0\.attempts\.0\.trace: move U at position 1 is blocked/)] });
    const letters = file('p-1', [{ id: 'a', name: 'A', rows: A, attempts: [attempt(10, 0, { trace: 'RDx' })] }]);
    expect(parseResults(JSON.stringify(letters)).ok).toBe(false);
  });
});

describe('pooling results', () => {
  it('Tukey far-out fences: [10, 11, 12, 13, 100] drops 100 (Q1 11, Q3 13, fence 19); fewer than 4 values drop nothing', () => {
    expect(farOutliers([10, 11, 12, 13, 100])).toEqual({ kept: [10, 11, 12, 13], dropped: [100] });
    expect(farOutliers([10, 1000, 12])).toEqual({ kept: [10, 1000, 12], dropped: [] });
    // 0.5 below: Q1 10, Q3 12, low fence 4: 0.5 goes.
    expect(farOutliers([0.5, 10, 10, 12, 12, 12])).toEqual({ kept: [10, 10, 12, 12, 12], dropped: [0.5] });
  });

  it('per level by grid: players, attempts, solves, give-ups and replays counted; only first solves timed; a file imported twice counts once', () => {
    const one = file('p-one', [
      { id: 'x', name: 'A', rows: A, attempts: [attempt(10, 0), attempt(3, 1, { replay: true }), attempt(40, 2, { outcome: 'gave-up' })] },
      { id: 'y', name: 'B', rows: B, attempts: [attempt(50, 3, { outcome: 'gave-up' })] },
    ]);
    // Another player whose pack named the same grid differently.
    const two = file('p-two', [{ id: 'other', name: 'A again', rows: A, attempts: [attempt(11, 0), attempt(12, 1), attempt(13, 2), attempt(100, 3)] }]);
    const summary = summariseResults([one, two, one]);
    expect(summary).toHaveLength(2);
    const a = summary[0]!, b = summary[1]!;
    expect(a).toMatchObject({ name: 'A', players: 2, attempts: 7, solves: 5, giveUps: 1, replays: 1, outliers: [100] });
    expect(a.meanSeconds).toBeCloseTo((10 + 11 + 12 + 13) / 4, 10);
    expect(a.medianSeconds).toBeCloseTo(11.5, 10);
    expect(b).toMatchObject({ players: 1, attempts: 1, solves: 0, giveUps: 1, meanSeconds: null, medianSeconds: null });
  });
});
