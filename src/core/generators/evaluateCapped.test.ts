/**
 * Levels past the state cap are counted apart in the evaluation report,
 * never as unsolvable. Fixture levels whose state counts and solvability
 * come from the naive solver (test/naive): with a cap of 12 states, a
 * solvable 15-state level and an unsolvable 19-state one are capped, a
 * solvable 10-state level is solvable and an unsolvable 9-state level is
 * unsolvable.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../level/format';
import type { Level } from '../level/level';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { Evaluation, type DifficultyMeasure } from './evaluate';

const CAP = 12;
const measure: DifficultyMeasure = { name: 'open cells', note: 'a stand-in', evaluate: (f) => f.size };
const level = (rows: string[]): Level => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(`fixture ${rows.join('/')} does not parse`);
  return p.value;
};

const solvableBig = ['C...', '....', '....', '....'];
const unsolvableBig = ['C...', '.#..', '...#', '#...'];
const solvableSmall = ['C..', '...', '...'];
const unsolvableSmall = ['C...', '.#..', '....', '....'];

describe('levels past the state cap', () => {
  it('the fixtures are what the naive solver says', () => {
    const n = (rows: string[]) => naiveAnalyze(rows);
    expect([n(solvableBig).nStates > CAP, n(solvableBig).features.nSolutions > 0]).toEqual([true, true]);
    expect([n(unsolvableBig).nStates > CAP, n(unsolvableBig).features.nSolutions]).toEqual([true, 0]);
    expect([n(solvableSmall).nStates <= CAP, n(solvableSmall).features.nSolutions > 0]).toEqual([true, true]);
    expect([n(unsolvableSmall).nStates <= CAP, n(unsolvableSmall).features.nSolutions]).toEqual([true, 0]);
  });

  it('are counted as capped with the cap, apart from the solvable and the unsolvable', () => {
    const e = new Evaluation(measure, undefined, CAP);
    [solvableBig, unsolvableBig, solvableSmall, unsolvableSmall, solvableBig].forEach((rows, index) => e.add({ index, levels: [level(rows)] }));
    const r = e.report();
    expect(r.generated).toBe(5);
    expect(r.stateCap).toBe(CAP);
    expect(r.stateCapped).toBe(3);
    expect(r.cappedIterations).toBe(3);
    expect(r.solvableIterations).toBe(1);
    // Unsolvable: what is left.
    expect(r.generated - r.solvableIterations - r.cappedIterations).toBe(1);
    expect(r.unique).toBe(1);
  });

  it('an iteration with a solvable level beside a capped one is solvable; the capped level still counts', () => {
    const e = new Evaluation(measure, undefined, CAP);
    e.add({ index: 0, levels: [level(solvableBig), level(solvableSmall)] });
    const r = e.report();
    expect([r.solvableIterations, r.cappedIterations, r.stateCapped, r.solvable]).toEqual([1, 0, 1, 1]);
  });

  it('under the default cap none of them is capped', () => {
    const e = new Evaluation(measure);
    [solvableBig, unsolvableBig, solvableSmall, unsolvableSmall].forEach((rows, index) => e.add({ index, levels: [level(rows)] }));
    const r = e.report();
    expect([r.stateCap, r.stateCapped, r.cappedIterations, r.solvableIterations]).toEqual([200_000, 0, 0, 2]);
  });
});
