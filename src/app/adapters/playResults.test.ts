/**
 * Players' results into the lab and the pack: the lab's CSV, read back by
 * the lab's own CSV parser, holds one row per solved level with its mean;
 * pack levels get their statistics by grid, others are left alone.
 */
import { describe, expect, it } from 'vitest';
import { parseCompletionCsv } from '../../core/difficulty/csv';
import { createPack } from '../../core/pack/pack';
import { summariseResults, type PlayResults } from '../../core/play/results';
import { resultsCsv, withPlayerStats } from './playResults';

const at = (i: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
const solved = (seconds: number, i: number) => ({ outcome: 'solved' as const, seconds, moves: 3, undos: 0, restarts: 0, startedAt: at(i), replay: false });
const file: PlayResults = {
  format: 'longcat-play-results',
  version: 3,
  rules: 'longcat',
  pack: { name: 'p', identity: '0123456789abcdef' },
  player: 'p-1',
  exportedAt: at(50),
  levels: [
    { id: 'a', name: 'A', rows: ['C..', '##.', '##.'], attempts: [solved(4, 0), solved(6, 1)] },
    { id: 'b', name: 'B', rows: ['C...', '....', '.#..'], attempts: [{ ...solved(9, 2), outcome: 'gave-up' }] },
  ],
};
const summary = summariseResults([file]);

describe('players results in the studio', () => {
  it('the lab CSV has the solved levels and their means, and nothing for a level nobody solved', () => {
    const { rows, problems } = parseCompletionCsv(resultsCsv(summary, 'longcat'));
    expect(problems).toEqual([]);
    expect(rows.map((r) => [r.level.width, r.level.height, r.seconds])).toEqual([[3, 3, 5]]);
    // Results of one game are no data for another's lab.
    expect(resultsCsv(summary, 'paint')).toBe('level,avgCompletionSeconds');
  });

  it('pack levels with the same grid get playerStats; another level and the designer playtests stay as they were', () => {
    const src = { generator: 'editor', seed: null, temperature: null, model: null };
    const pack = createPack('p', [
      { id: 'x', name: 'renamed A', rows: ['C..', '##.', '##.'], difficulty: null, features: {}, source: src, playtests: { played: 2, solved: 1, meanSeconds: 3 } },
      { id: 'y', name: 'other', rows: ['C..', '...', '...'], difficulty: null, features: {}, source: src },
      { id: 'z', name: 'B', rows: ['C...', '....', '.#..'], difficulty: null, features: {}, source: src },
    ]);
    const { pack: out, matched } = withPlayerStats(pack, summary);
    expect(matched).toBe(2);
    // The same grids in a paint pack are other levels: nothing matches.
    expect(withPlayerStats({ ...pack, rules: 'paint' }, summary)).toEqual({ pack: { ...pack, rules: 'paint' }, matched: 0 });
    expect(out.levels[0]!.playerStats).toEqual({ players: 1, attempts: 2, solved: 2, gaveUp: 0, outliers: 0, meanSeconds: 5, medianSeconds: 5 });
    expect(out.levels[0]!.playtests).toEqual({ played: 2, solved: 1, meanSeconds: 3 });
    expect(out.levels[1]).toBe(pack.levels[1]);
    expect(out.levels[2]!.playerStats).toMatchObject({ solved: 0, gaveUp: 1, meanSeconds: null });
    expect(withPlayerStats(out, summary).pack).toBe(out);
  });
});
