import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, wholeNumber } from './schemas';

describe('groupDigits', () => {
  it('writes a whole number as Intl does for en-US', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => groupDigits(n) === intl.format(n)));
    for (const n of [0, 7, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, -0]) expect(groupDigits(n)).toBe(intl.format(n));
  });

  it('hands other numbers to toLocaleString', () => {
    for (const n of [0.5, 1_234.5, Number.MAX_SAFE_INTEGER + 2, Infinity]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('wholeNumber', () => {
  it('says the range with grouped digits', () => {
    const r = wholeNumber('the cap', 1_000, 2_000_000).safeParse(5);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('the cap must be a whole number from 1,000 to 2,000,000');
  });
});
