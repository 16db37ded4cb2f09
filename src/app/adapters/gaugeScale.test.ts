import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANDS } from '../../core/difficulty/predict';
import { dialPosition } from '../../core/difficulty/scale';
import { dialSpans } from './chartSeries';

describe('the gauge dial (one fixed dial)', () => {
  it('has one span per band, in order, covering 0..1 without gaps', () => {
    const spans = dialSpans();
    expect(spans.map((s) => s.band)).toEqual(BANDS.map((b) => b.name));
    expect(spans[0]!.from).toBe(0);
    expect(spans[spans.length - 1]!.to).toBe(1);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBe(spans[i - 1]!.to);
    for (const s of spans) expect(s.to).toBeGreaterThan(s.from);
  });

  it('a value inside a band sits inside that band\'s span, for any value', () => {
    const spans = dialSpans();
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e7, noNaN: true }), (v) => {
        const p = dialPosition(v);
        const band = BANDS.find((b) => v < b.to)!.name;
        const span = spans.find((s) => s.band === band)!;
        expect(p).toBeGreaterThanOrEqual(span.from);
        expect(p).toBeLessThanOrEqual(span.to);
      }),
    );
  });
});
