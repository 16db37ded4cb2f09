import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAUGE_MAX, gaugeScaleMax } from './chartSeries';

describe('gauge scale', () => {
  it('stays 0-100 up to 100 and when there is no value', () => {
    for (const v of [null, 0, 12.5, 99.9, 100, Infinity, NaN]) expect(gaugeScaleMax(v)).toBe(GAUGE_MAX);
  });

  it('reads 242 on a 0-250 dial', () => {
    expect(gaugeScaleMax(242.1)).toBe(250);
    expect(gaugeScaleMax(100.1)).toBe(150);
  });

  it('past 100 ends at or above the value, never more than 1.5x it, with round fifths', () => {
    fc.assert(
      fc.property(fc.double({ min: 100.0001, max: 1e9, noNaN: true }), (v) => {
        const max = gaugeScaleMax(v);
        expect(max).toBeGreaterThanOrEqual(v);
        expect(max).toBeLessThanOrEqual(v * 1.5 + 1e-9);
        // A fifth of the scale has at most two significant digits (ticks like 50, 300, 1,500).
        const fifth = max / 5;
        const digits = fifth / Math.pow(10, Math.floor(Math.log10(fifth)));
        expect(Math.abs(digits * 10 - Math.round(digits * 10))).toBeLessThan(1e-6);
      }),
    );
  });
});
