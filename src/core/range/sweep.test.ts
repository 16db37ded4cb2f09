/** A sweep's curve: quartiles worked out by hand, runs with no value left out, the CSV, the labels. */
import { describe, expect, it } from 'vitest';
import { measureSummary, sweepCsv, sweepPoints, sweepValueLabel } from './sweep';

describe('measureSummary', () => {
  it('interpolates quartiles between neighbours, by hand', () => {
    // 1 2 3 4: positions 0.75, 1.5, 2.25 of 0..3.
    expect(measureSummary([4, 1, 3, 2])).toEqual({ count: 4, q1: 1.75, median: 2.5, q3: 3.25 });
    // 10 20 30 40 50: positions 1, 2, 3.
    expect(measureSummary(new Float64Array([50, 10, 40, 30, 20]))).toEqual({ count: 5, q1: 20, median: 30, q3: 40 });
    expect(measureSummary([7])).toEqual({ count: 1, q1: 7, median: 7, q3: 7 });
  });

  it('leaves out levels with no value, and has no quartiles without any', () => {
    expect(measureSummary([NaN, 2, NaN, 6])).toEqual({ count: 2, q1: 3, median: 4, q3: 5 });
    const none = measureSummary([NaN]);
    expect(none.count).toBe(0);
    expect(none.median).toBeNaN();
  });
});

describe('the curve', () => {
  it('one point per run with levels, in run order; the CSV has a row each', () => {
    const points = sweepPoints([6, 7, 8], [measureSummary([1, 2, 3, 4]), measureSummary([]), measureSummary([5])]);
    expect(points).toEqual([
      { value: 6, count: 4, q1: 1.75, median: 2.5, q3: 3.25 },
      { value: 8, count: 1, q1: 5, median: 5, q3: 5 },
    ]);
    expect(sweepCsv('size', 'openCells', points)).toBe('size,levels,openCellsQ1,openCellsMedian,openCellsQ3\n6,4,1.75,2.5,3.25\n8,1,5,5,5\n');
  });

  it('labels each value as the view does', () => {
    expect(sweepValueLabel({ parameter: 'temperature', value: 0.5 })).toBe('t=0.5');
    expect(sweepValueLabel({ parameter: 'size', value: 7 })).toBe('7x7');
    expect(sweepValueLabel({ parameter: 'pins', value: 1 })).toBe('1 pin');
    expect(sweepValueLabel({ parameter: 'pins', value: 4 })).toBe('4 pins');
  });
});
