/**
 * Traces: every attempt play mode records replays to its recorded outcome,
 * checked by an independent naive replay (test/naive: string states, its own
 * undo stack) and by `replayTrace`; counts of moves, undos and restarts in
 * the record match the trace; broken traces are refused with a position.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWon, naiveParse, naiveSolution, naiveStep } from '../../../test/naive/naiveSolver';
import { parseRows } from '../level/format';
import { finish, move, restart, startAttempt, undo, type LiveAttempt } from '../play/attempt';
import { replayTrace, tryMovesAt } from './trace';

const LEVELS = [
  ['C..', '##.', '##.'],
  ['..C..', '.###.', '.....'],
  ['C...', '....', '.#..'],
  ['C....', '.....', '.#...', '.....'],
];
const levelOf = (rows: string[]) => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error('fixture');
  return r.value;
};

/** The naive reading of a trace: string states on a stack; null when a step is impossible. */
function naiveTraceWon(rows: string[], trace: string): boolean | null {
  const { w, h, start } = naiveParse(rows);
  let stack = [start];
  for (const ch of trace) {
    if (ch === '-') {
      if (stack.length === 1) return null;
      stack.pop();
    } else if (ch === '|') stack = [start];
    else {
      const next = naiveStep(stack[stack.length - 1]!, w, h, ch);
      if (next === null) return null;
      stack.push(next);
    }
  }
  return isWon(stack[stack.length - 1]!);
}

type Action = { kind: 'move'; dir: number } | { kind: 'undo' } | { kind: 'restart' };
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }).map((dir) => ({ kind: 'move' as const, dir })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

describe('traces', () => {
  it('every recorded attempt replays to its recorded outcome (naive replay and replayTrace agree; counts match)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LEVELS.length - 1 }), fc.array(action, { maxLength: 40 }), fc.boolean(), (li, actions, finishWithSolution) => {
        const rows = LEVELS[li]!;
        const level = levelOf(rows);
        let a: LiveAttempt = startAttempt(level, 0);
        let t = 0;
        for (const act of actions) {
          t += 100;
          if (act.kind === 'move') a = move(level, a, act.dir, t) ?? a;
          else if (act.kind === 'undo') a = undo(level, a);
          else a = restart(level, a);
        }
        if (finishWithSolution && a.status !== 'won') {
          // Restart (when something was moved) and play a naive solution: the attempt must end won.
          a = restart(level, a);
          for (const ch of naiveSolution(rows)!) a = move(level, a, 'UDLR'.indexOf(ch), (t += 100)) ?? a;
          expect(a.status).toBe('won');
        }
        const record = finish(a, t + 1, false);
        const trace = record.trace!;
        expect(naiveTraceWon(rows, trace)).toBe(record.outcome === 'solved');
        const replayed = replayTrace(level, trace);
        expect(replayed.ok).toBe(true);
        if (!replayed.ok) return;
        expect(replayed.value.end === 'won').toBe(record.outcome === 'solved');
        expect(replayed.value).toMatchObject({ moves: record.moves, undos: record.undos, restarts: record.restarts, finalMoves: a.moves });
        expect(tryMovesAt(trace, trace.length)).toBe(a.moves);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a broken trace with its position', () => {
    const level = levelOf(LEVELS[0]!);
    expect(replayTrace(level, 'RD')).toMatchObject({ ok: true, value: { end: 'won', finalMoves: 'RD' } });
    expect(replayTrace(level, 'U')).toMatchObject({ ok: false, error: { index: 0, message: expect.stringContaining('blocked') } });
    expect(replayTrace(level, 'R-')).toMatchObject({ ok: true, value: { end: 'open', finalMoves: '', undos: 1 } });
    expect(replayTrace(level, '-')).toMatchObject({ ok: false, error: { index: 0 } });
    expect(replayTrace(level, 'RDR')).toMatchObject({ ok: false, error: { index: 2, message: expect.stringContaining('already won') } });
    expect(replayTrace(level, 'Rx')).toMatchObject({ ok: false, error: { index: 1, message: expect.stringContaining('unknown letter') } });
  });

  it('the board at each step of a replay: undo takes the last move back, restart clears', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => tryMovesAt('RD-L|U', k))).toEqual(['', 'R', 'RD', 'R', 'RL', '', 'U']);
  });
});
