/**
 * The player-data api: files as text or as Blobs (the page's File), a bad
 * file refused with its lines while the others are read, per level rows in
 * pack order, and traces kept for the levels that have them.
 */
import { describe, expect, it } from 'vitest';
import csvText from '../../test/fixtures/attempts/attempts.csv?raw';
import packText from '../../test/fixtures/attempts/pack.json?raw';
import resultsText from '../../test/fixtures/attempts/results.json?raw';
import { refusal, value } from '../../test/support/outcome';
import { ratePlayerData } from './players.api';

const levels = (JSON.parse(packText) as { levels: { id: string; name: string; rows: string[] }[] }).levels;

describe('player data api', () => {
  it('reads text and Blobs, refuses a bad file with its lines, rates per pack level, keeps traces', async () => {
    const r = value(await ratePlayerData({
      files: [
        { name: 'a.csv', text: new Blob([csvText]) },
        { name: 'r.json', text: resultsText },
        { name: 'bad.csv', text: 'level,player,outcome,seconds\none,x,won,1\n' },
      ],
      levels,
      predicted: [5, 6, null],
    }));
    expect(r.files.map((f) => [f.name, f.format, f.attempts])).toEqual([['a.csv', 'csv', 5], ['r.json', 'results', 3]]);
    expect(r.rejected).toEqual([{ name: 'bad.csv', problems: [{ line: 2, message: 'outcome must be solved, failed or gaveup, got "won"' }] }]);
    // one: csv 1 + results 2 (one a replay); two: csv 2; three: csv 2 + results 1.
    expect(r.rows.map((row) => row.attempts)).toEqual([3, 2, 3]);
    expect(r.rows.every((row) => row.rating !== null)).toBe(true);
    // Traces: the replay is not one; csv moves and results traces are.
    expect(r.traces.map((t) => t.map((x) => x.trace))).toEqual([['RD', 'R-|RD'], ['LDR|', 'LDRUL'], ['RDL-', 'RD']]);
  });

  it('refuses a request without one prediction per level', async () => {
    expect(refusal(await ratePlayerData({ files: [], levels, predicted: [1] }))).toMatch(/one prediction per pack level/);
  });
});
