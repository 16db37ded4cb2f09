import { describe, expect, it } from 'vitest';
import { estimateBatch, formatDuration, REFERENCE_RATES, timeLeft } from './batchEstimate';

describe('batch estimate', () => {
  it('scales by levels, runs and cells; a measured rate of the same generator wins', () => {
    // The case: SD-PCGRL 20,000 x 11 temperatures on 8x8 is about 50 minutes.
    const sd = estimateBatch('sd-pcgrl', 8, 8, 20_000, 11, null);
    expect(sd.seconds / 60).toBeCloseTo((20_000 * 11) / REFERENCE_RATES['sd-pcgrl'] / 60, 6);
    expect(formatDuration(sd.seconds)).toBe('about 52 min');
    expect(estimateBatch('rsd', 16, 16, 1000, 1, null).seconds).toBeCloseTo((4 * 1000) / REFERENCE_RATES.rsd, 9);
    const measured = estimateBatch('rsd', 8, 8, 1000, 1, { generator: 'rsd', perSecondAt64: 100 });
    expect(measured).toEqual({ seconds: 10, basis: 'this machine' });
    expect(estimateBatch('rpu', 8, 8, 1000, 1, { generator: 'rsd', perSecondAt64: 100 }).basis).toBe('reference');
  });

  it('time left from progress: the rest of this run and the runs after it', () => {
    expect(timeLeft({ done: 0, total: 100, run: 0, runs: 1 }, 5)).toBeNull();
    expect(timeLeft({ done: 25, total: 100, run: 0, runs: 1 }, 10)).toBe(30);
    // Second of four runs, half done: 1.5 of 4 done in 30 s, 2.5 left.
    expect(timeLeft({ done: 50, total: 100, run: 1, runs: 4 }, 30)).toBe(50);
  });

  it('formats durations in words', () => {
    expect(formatDuration(0.3)).toBe('under a second');
    expect(formatDuration(42.4)).toBe('about 42 s');
    expect(formatDuration(3900)).toBe('about 1 h 5 min');
  });
});
