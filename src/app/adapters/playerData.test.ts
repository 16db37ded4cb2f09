/**
 * Player data joined to the pack by grid: between a pack edit (a delete, a
 * reorder) and the next rating, which runs in a worker, no level shows
 * another level's rating or traces, in the gauge, the traffic view, the
 * pack report or the rows handed to the lab.
 */
import { describe, expect, it } from 'vitest';
import csvText from '../../../test/fixtures/attempts/attempts.csv?raw';
import packText from '../../../test/fixtures/attempts/pack.json?raw';
import resultsText from '../../../test/fixtures/attempts/results.json?raw';
import { value } from '../../../test/support/outcome';
import { parseRows } from '../../core/level/format';
import type { Level } from '../../core/level/level';
import type { LevelPack, PackLevel } from '../../core/pack/schema';
import { ratePlayerData } from '../../workers/players.api';
import { levelPlayerData, reportLevels } from './playerData';

const levels = (JSON.parse(packText) as { levels: { id: string; name: string; rows: string[] }[] }).levels;

const level = (rows: readonly string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const pack = (ls: readonly { id: string; name: string; rows: string[] }[]): LevelPack =>
  ({ name: 'attempts', rules: 'longcat', levels: ls.map((l) => ({ id: l.id, name: l.name, rows: [...l.rows] }) as PackLevel) }) as LevelPack;

describe('player data joined by grid, not by position', () => {
  it('after a delete and a reorder the rated levels keep their own rows; a level the data never rated shows none', async () => {
    const data = value(await ratePlayerData({ files: [{ name: 'a.csv', text: csvText }, { name: 'r.json', text: resultsText }], levels, predicted: [5, 6, null] }));
    const [one, two, three] = levels as [(typeof levels)[0], (typeof levels)[0], (typeof levels)[0]];
    // The three levels have different attempt counts and traces (the api test's fixture), so a wrong join shows.
    const attemptsOf = new Map(levels.map((l, i) => [l.id, data.rows[i]!.attempts]));
    const tracesOf = new Map(levels.map((l, i) => [l.id, data.traces[i]!.map((t) => t.trace)]));
    expect(new Set([...tracesOf.values()].map((t) => t.join())).size).toBe(3);

    // The designer deletes the first level and moves the last to the front; the worker has not answered yet.
    const edited = pack([three, two]);
    for (const l of [three, two]) {
      const mine = levelPlayerData(data, edited, level(l.rows));
      expect(mine?.row.attempts).toBe(attemptsOf.get(l.id));
      expect(mine?.traces.map((t) => t.trace)).toEqual(tracesOf.get(l.id));
    }
    expect(levelPlayerData(data, edited, level(three.rows))?.index).toBe(0);
    // The deleted level is not in the pack: nothing shown for it.
    expect(levelPlayerData(data, edited, level(one.rows))).toBeNull();
    // The report lists today's pack order, each level with its own row.
    expect(reportLevels(data, edited).map((r) => [r.id, r.index, r.row.attempts])).toEqual([
      [three.id, 0, attemptsOf.get(three.id)],
      [two.id, 1, attemptsOf.get(two.id)],
    ]);
    // A new level the data never rated gets no row, even at a rated level's old position.
    const fresh = { id: 'new', name: 'new', rows: ['C..', '...', '...'] };
    const withFresh = pack([fresh, two, three]);
    expect(levelPlayerData(data, withFresh, level(fresh.rows))).toBeNull();
    expect(reportLevels(data, withFresh).map((r) => r.id)).toEqual([two.id, three.id]);
  });
});
