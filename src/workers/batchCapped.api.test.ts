/**
 * The Batch's evaluation under a small state cap: the levels past it are
 * counted apart, as many as the naive solver finds with more states than
 * the cap among the run's levels (our own run of the generator), and none
 * is counted as unsolvable (solution-down levels are all solvable).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { createLevelSource } from '../core/generators/registry';
import { toRows } from '../core/level/level';
import { runEvaluation } from './batch.api';
import { value } from '../../test/support/outcome';
import { naiveAnalyze } from '../../test/naive/naiveSolver';

describe('a batch run under a small state cap', () => {
  it('counts the levels past the cap apart, as the naive solver sizes them', async () => {
    const cap = 40, count = 120;
    const r = value(await runEvaluation({ generator: 'rsd', width: 5, height: 5, count, seed: 1, model, maxStates: cap }));
    const source = createLevelSource({ generator: 'rsd', width: 5, height: 5, seed: 1 });
    let over = 0, solvable = 0;
    for (let i = 0; i < count; i++) {
      const naive = naiveAnalyze(toRows(source.generate(i).levels[0]!));
      if (naive.nStates > cap) over++;
      else if (naive.features.nSolutions > 0) solvable++;
    }
    const report = r.runs[0]!.report;
    expect(over).toBeGreaterThan(0);
    expect(report.stateCap).toBe(cap);
    expect(report.stateCapped).toBe(over);
    expect(report.cappedIterations).toBe(over);
    expect(report.solvableIterations).toBe(solvable);
    expect(report.generated - report.solvableIterations - report.cappedIterations).toBe(0);
  });
});
