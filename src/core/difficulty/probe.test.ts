/**
 * The probe set (probe.ts): models that are well-formed but predict NaN or
 * Infinity on a real level are refused by `parseDifficultyModel`, with the
 * path of the culprit; sensible models pass. The probe levels' features are
 * checked against the naive solver (test/naive), independently of src/core.
 */
import { describe, expect, it } from 'vitest';
import shipped from '../../../models/difficulty/default.json';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { FEATURE_NAMES } from '../graph/features';
import { parseDifficultyModel } from './model';
import { PROBE_LEVELS, probeSet } from './probe';

const shippedJson = (): Record<string, unknown> => JSON.parse(JSON.stringify(shipped)) as Record<string, unknown>;

describe('probe set', () => {
  it('every probe level is solvable and its features equal the naive solver\'s', () => {
    const set = probeSet();
    expect(set).toHaveLength(PROBE_LEVELS.length);
    PROBE_LEVELS.forEach(({ rows }, i) => {
      const naive = naiveAnalyze([...rows]);
      expect(naive.features.nSolutions).toBeGreaterThan(0);
      for (const f of FEATURE_NAMES) {
        if (f === 'expectedDecisions' || f === 'expectedMoves') expect(set[i]!.features[f]).toBeCloseTo(naive.features[f], 6);
        else expect(set[i]!.features[f], f).toBe(naive.features[f]);
      }
    });
  });

  it('spans 3x3 to 16x16 and more than 1,000 states', () => {
    const sizes = probeSet().map((p) => p.features.size);
    expect(Math.min(...sizes)).toBe(9);
    expect(Math.max(...sizes)).toBe(256);
    expect(Math.max(...probeSet().map((p) => p.features.nStates))).toBeGreaterThan(1000);
  });
});

describe('models that predict non-finite values are refused', () => {
  const refused = (over: (m: Record<string, unknown>) => void): string => {
    const m = shippedJson();
    over(m);
    const r = parseDifficultyModel(JSON.stringify(m));
    if (r.ok) throw new Error('accepted');
    return r.error.map((p) => `${p.path}: ${p.message}`).join('; ');
  };

  it('the shipped model passes', () => {
    expect(parseDifficultyModel(JSON.stringify(shipped)).ok).toBe(true);
  });

  it('a tiny scale (1e-320, a positive finite number) overflows a contribution', () => {
    expect(refused((m) => ((m.scales as number[])[1] = 1e-320))).toMatch(/coefficients\[1\].*expectedDecisions.*too small/);
  });

  it('a huge coefficient (1e308) overflows', () => {
    expect(refused((m) => ((m.coefficients as number[])[1] = 1e308))).toMatch(/coefficients\[1\]/);
  });

  it('a huge label scale overflows the difficulty', () => {
    expect(refused((m) => ((m.label as { scale: number }).scale = 1e307))).toMatch(/Infinity|too large/);
  });

  it('a log1p model whose output overflows expm1 is refused; the same model with identity passes', () => {
    const big = (t: string) => (m: Record<string, unknown>) => {
      (m.label as { transform: string }).transform = t;
      m.intercept = 800; // expm1(800) is Infinity
    };
    expect(refused(big('log1p'))).toMatch(/predicts Infinity/);
    const m = shippedJson();
    big('identity')(m);
    expect(parseDifficultyModel(JSON.stringify(m)).ok).toBe(true);
  });

  it('opposite infinities that cancel to NaN are refused too', () => {
    expect(
      refused((m) => {
        (m.coefficients as number[])[0] = 1.7e308;
        (m.coefficients as number[])[1] = -1.7e308;
      }),
    ).toMatch(/coefficients\[[01]\]|NaN/);
  });
});
