import { describe, expect, it } from 'vitest';
import { parseRows } from '../level/format';
import type { Level } from '../level/level';
import { generatedLevelId } from './provenance';
import { UniqueLevels } from './unique';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
// Solvable by hand: R fills the row. Unsolvable: the head splits the two empty cells (dead at the start).
const solvable = level(['C..', '###', '###']);
const other = level(['###', 'C..', '###']);
const unsolvable = level(['.C.', '###', '###']);

describe('UniqueLevels', () => {
  it('keeps new solvable levels, counts repeats as duplicates, skips unsolvable ones', () => {
    const u = new UniqueLevels();
    const first = u.take({ index: 0, levels: [solvable, unsolvable], solution: 'R' });
    expect(first.map((x) => x.key)).toHaveLength(1);
    expect(first[0]).toMatchObject({ index: 0, k: 0, siblings: 2, solution: 'R' });
    expect(first[0]!.analysis.features.nSolutions).toBe(1);
    const second = u.take({ index: 1, levels: [solvable, other] });
    expect(second.map((x) => x.k)).toEqual([1]);
    expect(second[0]!.solution).toBeNull(); // only levels[0] carries the generator's solution
    expect(u.duplicates).toBe(1);
    // The unsolvable level was seen: a repeat of it is a duplicate too, never a kept level.
    expect(u.take({ index: 2, levels: [unsolvable] })).toEqual([]);
    expect(u.duplicates).toBe(2);
  });

  it('ids name generator, size, seed and iteration, and the position only when an iteration has siblings', () => {
    expect(generatedLevelId('rsd', 8, 8, 5, { index: 12, k: 0, siblings: 1 })).toBe('rsd-8x8-s5-12');
    expect(generatedLevelId('rpu', 6, 7, 1, { index: 3, k: 1, siblings: 2 })).toBe('rpu-6x7-s1-3-2');
  });
});
