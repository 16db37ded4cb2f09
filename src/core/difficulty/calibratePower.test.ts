/** The power calibration (docs/difficulty.md, paint's default): a hand-made case, checked by hand. */
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, type LevelFeatures } from '../graph/features';
import { calibrateToThesis } from './calibrate';
import { ITERATION_7_MODEL } from './defaultModel';
import type { DifficultyModel, FeatureName } from './model';
import { solvableDifficulty } from './predict';

const zero = (): LevelFeatures => ({ ...(Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as unknown as LevelFeatures), nSolutions: 1 });

describe('calibrateToThesis, power form', () => {
  // y = ln(1 + nStates) exactly (one log1p feature, coefficient 1, mean 0, scale 1, intercept 0), so 1 + time = 1 + nStates.
  const model: DifficultyModel = {
    ...ITERATION_7_MODEL,
    features: ['nStates'] as FeatureName[],
    transforms: ['log1p'],
    means: [0],
    scales: [1],
    coefficients: [1],
    intercept: 0,
    label: { ...ITERATION_7_MODEL.label, transform: 'log1p', scale: 1, offset: 0 },
  };
  const set = Array.from({ length: 1000 }, (_, i) => ({ ...zero(), nStates: (i * 7919) % 1000 }));

  it('puts the 91st and 96th percentiles (nStates 910 and 960) on 20 and 30 with a power law, offset 0, version 2', () => {
    const cal = calibrateToThesis(model, set, 'power');
    // 20 = s * 911^p and 30 = s * 961^p: p = ln 1.5 / ln(961 / 911), s = 20 / 911^p.
    const p = Math.log(1.5) / Math.log(961 / 911);
    expect(cal.label.power).toBeCloseTo(p, 10);
    expect(cal.label.scale).toBeCloseTo(20 / 911 ** p, 12);
    expect(cal.label.offset).toBe(0);
    expect(cal.version).toBe(2);
    expect(solvableDifficulty(cal, { ...zero(), nStates: 910 })).toBeCloseTo(20, 9);
    expect(solvableDifficulty(cal, { ...zero(), nStates: 960 })).toBeCloseTo(30, 9);
    // Positive and strictly increasing all the way down: no pile at 0.
    const low = [0, 1, 2, 50, 500].map((n) => solvableDifficulty(cal, { ...zero(), nStates: n }));
    expect(low[0]!).toBeGreaterThan(0);
    for (let i = 1; i < low.length; i++) expect(low[i]!).toBeGreaterThan(low[i - 1]!);
    expect(cal.metrics.calibrationMedian).toBeCloseTo(20 * (501 / 911) ** p, 9);
  });

  it('refuses an identity label', () => {
    expect(() => calibrateToThesis(ITERATION_7_MODEL, set, 'power')).toThrow(/log1p/);
  });
});
