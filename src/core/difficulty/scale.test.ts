/**
 * The one scale (docs/difficulty.md "One scale"): the shown number and the
 * dial are strictly monotone in the structural estimate on random levels of
 * every ruleset, never in scientific notation, and the dial is one fixed map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeLevel } from '../graph/analyze';
import type { LevelFeatures } from '../graph/features';
import { createLevelSource } from '../generators/registry';
import { rulesetByName } from '../rules/registry';
import { RULESET_NAMES, type RulesetName } from '../rules/ruleset';
import { defaultModelFor } from './defaultModel';
import { modelInput, predictDifficulty } from './predict';
import { BANDS, bandOf, dialPosition, DISPLAY_DIGITS, formatDifficulty, roundDifficulty, roundForMessage, secondsAtDial } from './scale';

/** The shown number read back (thousands separators dropped). */
const readBack = (text: string): number => Number(text.replace(/,/g, ''));

/** The model's inputs of a level, equal when they agree to 9 significant digits (the solver's sums differ in the last bits between equal graphs). */
const inputsKey = (rules: RulesetName, f: LevelFeatures): string => {
  const m = defaultModelFor(rules);
  return m.features.map((_, i) => modelInput(m, f, i).toPrecision(9)).join('|');
};

describe('formatDifficulty', () => {
  it('never writes scientific notation, from 1e-12 to 1e21, and reads back within its precision', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e21, max: 1e21, noNaN: true }).filter((v) => v === 0 || Math.abs(v) >= 1e-12), (v) => {
        const text = formatDifficulty(v);
        expect(text).not.toMatch(/e/i);
        expect(text).toMatch(/^-?[\d,]+(\.\d+)?$/);
        const back = readBack(text);
        expect(Math.abs(back - v)).toBeLessThanOrEqual(Math.abs(v) * 10 ** (1 - DISPLAY_DIGITS) + 1e-300);
        expect(back).toBe(roundDifficulty(v));
      }),
    );
  });

  it('writes the hardest levels plainly: 1,010 and 2,092 read as numbers, not 1.0e+3', () => {
    expect(formatDifficulty(1010.4)).toBe('1,010.4');
    expect(formatDifficulty(2092.123456)).toBe('2,092.12');
    expect(formatDifficulty(23.41723)).toBe('23.4172');
    expect(formatDifficulty(0.02134871)).toBe('0.0213487');
    expect(formatDifficulty(Infinity)).toBe('unbounded');
  });

  it('rounds message numbers to one decimal below 100 and whole numbers above', () => {
    expect(roundForMessage(29.995000500000003)).toBe('30');
    expect(roundForMessage(10.04)).toBe('10');
    expect(roundForMessage(3.14159)).toBe('3.1');
    expect(roundForMessage(1234.5)).toBe('1,235');
  });
});

describe('the dial', () => {
  it('is strictly increasing over every pair of distinct finite numbers and stays inside [0, 1]', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e7, noNaN: true }), fc.double({ min: -1e6, max: 1e7, noNaN: true }), (a, b) => {
        fc.pre(a !== b);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        // Doubles closer than the dial's resolution may map to one position, but never out of order.
        expect(dialPosition(lo)).toBeLessThanOrEqual(dialPosition(hi));
        if (hi - lo > 1e-6 * Math.max(1, Math.abs(hi))) expect(dialPosition(lo)).toBeLessThan(dialPosition(hi));
        for (const v of [a, b]) {
          expect(dialPosition(v)).toBeGreaterThanOrEqual(0);
          expect(dialPosition(v)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('has room for the hardest generated levels: 2,092 s sits inside the arc with a tenth of it to spare, 60 s at the top', () => {
    expect(dialPosition(60)).toBeCloseTo(0.5, 12);
    expect(dialPosition(2092)).toBeLessThan(0.9);
    expect(dialPosition(2092)).toBeGreaterThan(dialPosition(1010));
    expect(dialPosition(0)).toBeGreaterThan(0);
    // secondsAtDial inverts it.
    for (const v of [-5, 0, 1, 20, 60, 1000, 2092]) expect(secondsAtDial(dialPosition(v))).toBeCloseTo(v, 6);
  });

  it('puts every band word in the same place whatever the ruleset: the bands are spans of seconds, and both defaults are calibrated to 20 and 30 at the thesis quantiles', () => {
    expect(BANDS.map((b) => b.name)).toEqual(['trivial', 'easy', 'medium', 'hard', 'expert']);
    expect([bandOf(-3), bandOf(19.99), bandOf(20), bandOf(59.9), bandOf(80), bandOf(5000)]).toEqual(['trivial', 'trivial', 'easy', 'medium', 'expert', 'expert']);
    for (const rules of RULESET_NAMES) {
      const m = defaultModelFor(rules).metrics;
      expect(m['calibrationBelow20'], rules).toBeGreaterThan(0.89);
      expect(m['calibrationAbove30'], rules).toBeLessThan(0.05);
    }
  });
});

describe('strictly monotone over random levels of every ruleset', () => {
  it('levels whose model inputs differ get different estimates, and the dial and the shown number keep their order', () => {
    // Random solution-down levels of random sizes and seeds under each ruleset, priced by that ruleset's default.
    const arb = fc.record({
      rules: fc.constantFrom(...RULESET_NAMES),
      width: fc.integer({ min: 3, max: 8 }),
      height: fc.integer({ min: 3, max: 8 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    });
    fc.assert(
      fc.property(fc.array(arb, { minLength: 2, maxLength: 12 }), (specs) => {
        const priced: { rules: RulesetName; key: string; e: number }[] = [];
        for (const s of specs) {
          const level = createLevelSource({ generator: 'rsd', width: s.width, height: s.height, seed: s.seed, rules: s.rules }).generate(0).levels[0]!;
          const r = analyzeLevel(level, { rules: rulesetByName(s.rules) });
          if (!r.ok) continue;
          const e = predictDifficulty(defaultModelFor(s.rules), r.value.features);
          expect(e).not.toBeNull(); // solution-down levels are solvable
          priced.push({ rules: s.rules, key: inputsKey(s.rules, r.value.features), e: e! });
        }
        for (const a of priced) {
          for (const b of priced) {
            if (a.rules === b.rules && a.key !== b.key) expect(a.e).not.toBe(b.e);
            if (a.e < b.e) {
              expect(dialPosition(a.e)).toBeLessThan(dialPosition(b.e));
              expect(readBack(formatDifficulty(a.e))).toBeLessThanOrEqual(readBack(formatDifficulty(b.e)));
            }
          }
        }
      }),
      { numRuns: 40, seed: 29 },
    );
  });
});
