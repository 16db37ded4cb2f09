import { describe, expect, it } from 'vitest';
import { predictDifficulty } from '../core/difficulty/predict';
import { validateDifficultyModel } from '../core/difficulty/model';
import { solvableFixtureRows } from '../../test/fixtures/perft';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { ablateLab, evaluateLab, fitLab, prepareCsv, preparePlaytests } from './lab.api';
import { refusal, value } from '../../test/support/outcome';
import type { PlaytestLevelRequest } from './lab.protocol';
import type { LevelFeatures } from '../core/graph/features';

const LEVELS = solvableFixtureRows();
const truth = (f: ReturnType<typeof naiveAnalyze>['features']): number => 4 + 2 * f.nSolutions + 1.5 * f.nSolutionBranches + 0.5 * f.nIndeterminateBranches;

describe('lab api', () => {
  it('prepareCsv: every level analysed (features as the naive solver has them), invalid rows listed with lines, unsolvable and capped rows skipped', async () => {
    const lines = ['level,avgCompletionSeconds', ...LEVELS.map((rows) => `${rows.join('/')},${truth(naiveAnalyze(rows).features)}`)];
    lines.splice(3, 0, 'C..#/.#x./....,12');
    lines.push('C.#/##./...,9', `${LEVELS[0]!.join('/')}`, '');
    const progress: number[] = [];
    const data = value(await prepareCsv({ text: lines.join('\n'), sourceName: 'a.csv', maxStates: 200_000 }, (done) => progress.push(done)));
    expect(data.samples).toHaveLength(LEVELS.length);
    expect(data.problems.map((p) => p.line)).toEqual([4, lines.length - 1]);
    expect(data.problems[0]!.message).toContain('unknown character');
    expect(data.skipped).toEqual([{ line: lines.length - 2, name: `line ${lines.length - 2}`, reason: 'unsolvable', message: 'the level has no solution' }]);
    expect(data.rowsRead).toBe(LEVELS.length + 3);
    expect(progress.at(-1)).toBe(LEVELS.length + 1);
    for (const s of data.samples.slice(0, 12)) {
      const naive = naiveAnalyze([...s.rows]).features;
      for (const [name, value] of Object.entries(naive)) expect(s.features[name as keyof typeof naive]).toBeCloseTo(value, 9);
      expect(s.seconds).toBe(truth(naiveAnalyze([...s.rows]).features));
    }
    const capped = value(await prepareCsv({ text: `${LEVELS[0]!.join('/')},3`, sourceName: 'b.csv', maxStates: 5 }, () => {}));
    expect(capped.skipped[0]).toMatchObject({ line: 1, reason: 'state-cap' });
    expect(capped.samples).toEqual([]);
  });

  it('preparePlaytests: averaged rows become samples; a malformed one is a problem', async () => {
    const data = value(await preparePlaytests({ levels: [{ name: 'one', rows: LEVELS[1]!, seconds: 12, plays: 2 }, { name: 'bad', rows: ['C#', '..'], seconds: 3, plays: 1 }], maxStates: 200_000 }));
    expect(data.samples.map((s) => [s.name, s.seconds, s.plays, s.line])).toEqual([['one', 12, 2, null]]);
    expect(data.problems).toHaveLength(1);
    expect(data.problems[0]!.line).toBe(2);
  });

  it('preparePlaytests: each entry goes through the protocol schema; a bad one is a listed problem, odd names and play counts fall back', async () => {
    const rows = LEVELS[1]!;
    const levels = [7, { rows: [1, 2], seconds: 3 }, { seconds: 3 }, { rows, seconds: -1 }, { rows, seconds: Number.NaN }, { rows, seconds: '4' }, { rows, seconds: 5, name: 3, plays: 0 }, { rows, seconds: 6, name: 'ok', plays: 2.5 }];
    const data = value(await preparePlaytests({ levels: levels as unknown as PlaytestLevelRequest['levels'], maxStates: 200_000 }));
    expect(data.problems).toEqual([
      { line: 1, message: 'level: no rows of text' },
      { line: 2, message: 'level: no rows of text' },
      { line: 3, message: 'level: no rows of text' },
      { line: 4, message: 'seconds must be a non-negative number' },
      { line: 5, message: 'seconds must be a non-negative number' },
      { line: 6, message: 'seconds must be a non-negative number' },
    ]);
    expect(data.samples.map((s) => [s.name, s.seconds, s.plays])).toEqual([['level 7', 5, 1], ['ok', 6, 1]]);
  });

  it('evaluate, ablate and fit on labels linear in three features: the true subset wins and the fit recovers the labels', async () => {
    const data = value(await prepareCsv({ text: LEVELS.map((rows) => `${rows.join('/')},${truth(naiveAnalyze(rows).features)}`).join('\n'), sourceName: 'c.csv', maxStates: 200_000 }));
    const names = ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches', 'nStates'] as const;
    const x = data.samples.map((s) => names.map((f) => s.features[f]));
    const y = data.samples.map((s) => s.seconds);
    const done: number[] = [];
    const evaluation = value(await evaluateLab({ x: x.map((r) => r.slice(0, 3)), y, method: 'ridge', seed: 3, splits: 10 }, (d) => done.push(d)));
    expect(evaluation.splits).toBe(10);
    expect(evaluation.meanTestMse).toBeLessThan(evaluation.baselineMse / 1000);
    expect(done.at(-1)).toBe(10);
    // Same seed, same numbers.
    expect(value(await evaluateLab({ x: x.map((r) => r.slice(0, 3)), y, method: 'ridge', seed: 3, splits: 10 }))).toEqual(evaluation);

    const ablation = value(await ablateLab({ x, y, method: 'ols', seed: 1, names: [...names] }));
    expect(ablation.subsetsTried).toBe(15);
    expect(ablation.top[0]!.features).toEqual(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
    expect(ablation.top[0]!.mse).toBeLessThan(1e-12);
    // The true subset, with or without the extra feature, fits exactly; every other subset does not.
    expect(ablation.top[1]!.features).toEqual([...names]);
    expect(ablation.top[1]!.mse).toBeLessThan(1e-12);
    expect(ablation.top[2]!.mse).toBeGreaterThan(1e-3);
    expect(Object.keys(ablation.usage)).toEqual([...names]);
    expect(ablation.usage['nStates']).toBe(ablation.top.filter((t) => t.features.includes('nStates')).length);

    const fit = value(await fitLab({
      name: ' mine ', features: ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches'], method: 'ols', seed: 1,
      samples: data.samples.map((s) => s.features), labels: y, data: `c.csv (${LEVELS.length} levels)`, labelDescription: 'seconds', metrics: { testMse: 0.5 }, createdAt: '2025-01-01T00:00:00.000Z',
    }));
    expect(validateDifficultyModel(fit.model).ok).toBe(true);
    expect(fit.model.name).toBe('mine');
    expect(fit.model.metrics['testMse']).toBe(0.5);
    expect(fit.model.metrics['r2']).toBeCloseTo(1, 9);
    expect(fit.model.provenance.summary).toContain(`OLS on nSolutions, nSolutionBranches, nIndeterminateBranches; fitted in the predictor lab to c.csv (${LEVELS.length} levels)`);
    fit.predictions.forEach((p, i) => {
      expect(p).toBe(predictDifficulty(fit.model, data.samples[i]!.features));
      expect(p).toBeCloseTo(y[i]!, 6);
    });
  });

  it('refuses bad requests with a sentence', async () => {
    expect(refusal(await evaluateLab({ x: [[1], [2]], y: [1, 2], method: 'ridge', seed: 1, splits: 50 }))).toContain('at least 5 levels');
    expect(refusal(await evaluateLab({ x: [[1], [2], [3], [4], [Infinity]], y: [1, 2, 3, 4, 5], method: 'ols', seed: 1, splits: 5 }))).toContain('row 5');
    expect(refusal(await evaluateLab({ x: [[1]], y: [1], method: 'magic' as 'ols', seed: 1, splits: 5 }))).toContain('unknown method');
    expect(refusal(await ablateLab({ x: [[1]], y: [1], method: 'ols', seed: 1, names: [] }))).toContain('1 to 16 features');
    expect(refusal(await fitLab({ name: 'x', features: ['bogus' as 'nStates'], method: 'ols', seed: 1, samples: [], labels: [], data: '', labelDescription: '', createdAt: '' }))).toContain('known feature');
  });

  it('guard rails: two levels are refused for any method (features + 2 needed); a small fit carries its CV error beside the mean baseline', async () => {
    const features = LEVELS.slice(0, 6).map((rows) => naiveAnalyze(rows).features as unknown as LevelFeatures);
    const req = (n: number, method: 'ols' | 'ridge' | 'lasso') => ({ name: 'x', features: ['nSolutions' as const], method, seed: 1, samples: features.slice(0, n), labels: [10, 12, 9, 15, 11, 14].slice(0, n), data: 'd', labelDescription: 's', createdAt: '2025-01-01T00:00:00.000Z' });
    for (const method of ['ols', 'ridge', 'lasso'] as const) expect(refusal(await fitLab(req(2, method)))).toBe('a fit on 1 feature needs at least 3 levels (features + 2); the data has 2');
    const fit = value(await fitLab(req(4, 'ols')));
    // Four levels, four folds: leave one out. The mean baseline predicts each level by the other three's mean.
    const y = [10, 12, 9, 15];
    const loo = y.reduce((a, v) => a + (v - (y.reduce((s, w) => s + w, 0) - v) / 3) ** 2, 0) / 4;
    expect(fit.model.metrics['cvFolds']).toBe(4);
    expect(fit.model.metrics['cvBaselineMse']).toBeCloseTo(loo, 9);
    expect(fit.model.metrics['cvModelMse']).toBeGreaterThan(0);
  });
});

describe('lab api: comparable runs', () => {
  it('every method sees the same splits for a seed (the same baseline), and the same ablation folds', async () => {
    const data = value(await prepareCsv({ text: LEVELS.map((rows, i) => `${rows.join('/')},${truth(naiveAnalyze(rows).features) + (i % 7) - 3}`).join('\n'), sourceName: 'd.csv', maxStates: 200_000 }));
    const x = data.samples.map((s) => [s.features.nSolutions, s.features.nStates]);
    const y = data.samples.map((s) => s.seconds);
    const runs = (await Promise.all((['ols', 'ridge', 'lasso'] as const).map((method) => evaluateLab({ x, y, method, seed: 9, splits: 8 })))).map(value);
    expect(runs[1]!.baselineMse).toBe(runs[0]!.baselineMse);
    expect(runs[2]!.baselineMse).toBe(runs[0]!.baselineMse);
    const ablations = (await Promise.all((['ols', 'ridge'] as const).map((method) => ablateLab({ x, y, method, seed: 9, names: ['nSolutions', 'nStates'] })))).map(value);
    expect(ablations[1]!.baselineMse).toBe(ablations[0]!.baselineMse);
  });
});
