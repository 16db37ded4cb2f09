/**
 * Play mode's reducer against the naive reference solver (test/naive): a
 * move is accepted exactly when the naive rules allow it, the naive
 * solution wins the level, and the records say what was done: seconds of
 * the clock we drove, moves, undos, restarts, give-ups and replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../core/level/format';
import { isWon, naiveParse, naiveSolution, naiveStep } from '../../test/naive/naiveSolver';
import { emptyProgress } from './progress';
import { longcat } from '../core/rules/registry';
import { initialPlayState, playReducer, type PlayLevel } from './playReducer';

const DIRS = 'UDLR';


const LEVELS = [
  ['C..', '##.', '##.'],
  ['..C..', '.###.', '.....'],
  ['C...', '....', '.#..'],
];
const levels: PlayLevel[] = LEVELS.map((rows, i) => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error('fixture');
  return { id: `l${i}`, level: r.value, rules: longcat };
});
const reduce = playReducer(levels);

describe('play mode reducer', () => {
  it('accepts a move exactly when the naive rules do, and never changes state on an illegal one', () => {
    fc.assert(
      fc.property(fc.nat(levels.length - 1), fc.array(fc.nat(3), { maxLength: 30 }), (li, dirs) => {
        let s = initialPlayState(levels, { ...emptyProgress(), current: li }, 0);
        const { w, h, start } = naiveParse(LEVELS[li]!);
        let naive: string | null = start;
        for (const d of dirs) {
          const next: string | null = naive === null || isWon(naive) ? null : naiveStep(naive, w, h, DIRS[d]!);
          const after = reduce(s, { type: 'move', direction: d, now: 1 });
          if (next === null || s.attempt.status !== 'playing') expect(after).toBe(s);
          else {
            expect(after.attempt.moves).toBe(s.attempt.moves + DIRS[d]);
            naive = next;
          }
          s = after;
        }
        expect(s.attempt.status === 'won').toBe(naive !== null && isWon(naive));
      }),
      { numRuns: 300 },
    );
  });

  it('the naive solution wins; the record has the clock we drove, all moves, undos and restarts', () => {
    const solution = naiveSolution(LEVELS[2]!);
    if (solution === null) throw new Error('the fixture must be solvable');
    let s = initialPlayState(levels, { ...emptyProgress(), current: 2 }, 1_000);
    s = reduce(s, { type: 'move', direction: DIRS.indexOf(solution[0]!), now: 2_000 });
    s = reduce(s, { type: 'undo' });
    s = reduce(s, { type: 'move', direction: DIRS.indexOf(solution[0]!), now: 3_000 });
    s = reduce(s, { type: 'restart' });
    // Hidden for 50 s: not counted.
    s = reduce(s, { type: 'pause', now: 4_000 });
    s = reduce(s, { type: 'resume', now: 54_000 });
    for (const [i, m] of [...solution].entries()) s = reduce(s, { type: 'move', direction: DIRS.indexOf(m), now: 55_000 + i * 1_000 });
    expect(s.attempt.status).toBe('won');
    const records = s.progress.attempts['l2']!;
    expect(records).toHaveLength(1);
    const end = 55_000 + (solution.length - 1) * 1_000;
    expect(records[0]).toMatchObject({ outcome: 'solved', moves: solution.length + 2, undos: 1, restarts: 1, replay: false, seconds: (end - 1_000 - 50_000) / 1000 });
    expect(s.progress.solved).toEqual(['l2']);
    // A second visit is a replay.
    const again = reduce(reduce(s, { type: 'goTo', index: 0, now: end }), { type: 'goTo', index: 2, now: end });
    expect(again.replay).toBe(true);
  });

  it('leaving a level after a move is a give-up; leaving untouched records nothing; Give up always records', () => {
    let s = initialPlayState(levels, emptyProgress(), 0);
    s = reduce(s, { type: 'goTo', index: 1, now: 5_000 });
    expect(s.progress.attempts['l0']).toBeUndefined();
    const legal = [0, 1, 2, 3].find((d) => reduce(s, { type: 'move', direction: d, now: 6_000 }) !== s)!;
    s = reduce(s, { type: 'move', direction: legal, now: 6_000 });
    s = reduce(s, { type: 'goTo', index: 2, now: 9_000 });
    expect(s.progress.attempts['l1']).toEqual([expect.objectContaining({ outcome: 'gave-up', moves: 1, seconds: 4 })]);
    s = reduce(s, { type: 'giveUp', now: 10_000 });
    expect(s.progress.attempts['l2']).toEqual([expect.objectContaining({ outcome: 'gave-up', moves: 0, seconds: 1 })]);
    expect(s.progress.solved).toEqual([]);
    expect(s.index).toBe(2);
  });
});
