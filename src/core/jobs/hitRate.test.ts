/** The hit-rate grid's value lists and cell order (the job itself is held to the CLI in workers/hitRate.api.test.ts). */
import { describe, expect, it } from 'vitest';
import { hitRateCellOrder, parseValueList } from './hitRate';

describe('parseValueList', () => {
  it('reads from:to:step inclusively and comma lists', () => {
    expect(parseValueList('10:30:10', 100)).toEqual({ ok: true, value: [10, 20, 30] });
    expect(parseValueList('0.3:0.7:0.2', 1)).toEqual({ ok: true, value: [0.3, 0.5, 0.7] });
    expect(parseValueList(' 10, 40 ,80', 100)).toEqual({ ok: true, value: [10, 40, 80] });
  });

  it('says what is wrong', () => {
    expect(parseValueList('30:10:5', 100)).toEqual({ ok: false, error: 'must be from:to:step with from <= to and a step above 0, got "30:10:5"' });
    expect(parseValueList('10,x', 100)).toEqual({ ok: false, error: 'must be a number from 0 to 100, got "x"' });
    expect(parseValueList('10,200', 100)).toEqual({ ok: false, error: 'must be a number from 0 to 100, got "200"' });
    expect(parseValueList('0:201:1', 1000)).toEqual({ ok: false, error: 'must list 1 to 200 values, got "0:201:1"' });
  });
});

describe('hitRateCellOrder', () => {
  it('runs the second values outside and the targets inside', () => {
    expect(hitRateCellOrder({ targets: [10, 20], also: { measure: 'leniency', values: [0.4, 0.7] } })).toEqual([
      { target: 10, second: 0.4 }, { target: 20, second: 0.4 }, { target: 10, second: 0.7 }, { target: 20, second: 0.7 },
    ]);
    expect(hitRateCellOrder({ targets: [5] })).toEqual([{ target: 5, second: null }]);
  });
});
