/**
 * The pack report's lists: "disagree most" holds only levels whose
 * interval excludes the calibrated estimate (hand-made rows: the interval
 * and the estimate are given, so which levels belong is known), and a
 * rating's standing in words.
 */
import { describe, expect, it } from 'vitest';
import type { LevelRatingRow } from '../../core/players/rate';
import { biggestDisagreements, ratingStatus, type ReportLevel } from './playerData';

const row = (rating: number, low: number, high: number, prior: number, extra: Partial<LevelRatingRow> = {}): LevelRatingRow => ({
  rating, ratingLow: low, ratingHigh: high, logRating: Math.log(rating), logSe: 0.1, priorSeconds: prior, players: 50, provisional: false, check: null,
  attempts: 60, solves: 50, gaveUps: 5, medianSeconds: rating, solveRate: 0.9, predicted: prior, ...extra,
});
const level = (index: number, r: LevelRatingRow): ReportLevel => ({ index, id: `l${index}`, name: '', row: r, disagreement: Math.log(r.rating!) - Math.log(r.priorSeconds!) });

describe('the pack report lists', () => {
  it('disagree most: only intervals that exclude the estimate, furthest first; none when every interval holds it', () => {
    const levels = [
      level(0, row(30, 25, 36, 31)), // holds
      level(1, row(30, 25, 36, 12)), // estimate below: harder than predicted (x2.5)
      level(2, row(30, 10, 90, 100)), // estimate above a wide interval: easier than predicted (x3.3)
      level(3, row(30, 5, 200, 150)), // far (x5) yet inside a wide interval: not evidence
      level(4, row(20, 18, 22, 24)), // just outside (x1.2)
    ];
    expect(biggestDisagreements(levels).map((l) => l.id)).toEqual(['l2', 'l1', 'l4']);
    expect(biggestDisagreements([levels[0]!, levels[3]!])).toEqual([]);
  });

  it('a rating reads as provisional or misfit (misfit first), or nothing when sound or absent', () => {
    expect(ratingStatus(row(30, 25, 36, 31))).toBe('');
    expect(ratingStatus(row(30, 25, 36, 31, { provisional: true }))).toBe('provisional');
    expect(ratingStatus(row(30, 25, 36, 31, { provisional: true, check: { fast: 0.1, middle: 0.1, slow: 0.1, z: 6, misfit: true } }))).toBe('misfit');
    expect(ratingStatus({ rating: null, provisional: true, check: null })).toBe('');
  });
});
