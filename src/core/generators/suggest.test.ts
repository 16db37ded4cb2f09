import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveParse } from '../../../test/naive/naiveSolver';
import { DEFAULT_DIFFICULTY_MODEL } from '../difficulty/defaultModel';
import { predictDifficulty } from '../difficulty/predict';
import { readFixtureLevels } from '../../../test/fixtures/perft';
import { parseRows } from '../level/format';
import { toRows, type Level } from '../level/level';
import { createRng } from '../util/rng';
import { suggestVariants, type SuggestOptions } from './suggest';

const fixtures = new Map(
  readFixtureLevels().map(({ name, rows }) => {
    const r = parseRows(rows, name);
    if (!r.ok) throw new Error(r.error.message);
    return [name, r.value] as const;
  }),
);
const fixture = (name: string): Level => fixtures.get(name)!;

const options = (over: Partial<SuggestOptions> = {}): SuggestOptions => ({
  seed: 1,
  count: 9,
  uniqueOnly: false,
  pinned: [],
  difficultyOf: (f) => predictDifficulty(DEFAULT_DIFFICULTY_MODEL, f),
  ...over,
});

/** Cells whose character differs between two row lists (a moved start differs at both ends). */
function differingCells(a: readonly string[], b: readonly string[]): number[] {
  const out: number[] = [];
  const w = a[0]!.length;
  a.forEach((row, y) => [...row].forEach((ch, x) => ch !== b[y]![x] && out.push(y * w + x)));
  return out;
}

/** Edits a designer would count: a toggled cell is one, a moved start is one (two differing cells). */
function editCount(before: readonly string[], after: readonly string[]): number {
  const diff = differingCells(before, after);
  const w = before[0]!.length;
  const ch = (rows: readonly string[], i: number): string => rows[Math.floor(i / w)]![i % w]!;
  const startMoved = diff.some((i) => ch(before, i) === 'C');
  return diff.length - (startMoved ? 1 : 0);
}

describe('suggestVariants on solvable levels', () => {
  for (const name of ['rsd-8x8-15', 'rpu-8x8-24', 'rsd-6x6-12', 'open-4x4']) {
    it(`${name}: 6 to 12 variants, each solvable by the naive solver, one or two edits away, labelled by the change`, () => {
      const level = fixture(name);
      const r = suggestVariants(level, options());
      expect(r.mode).toBe('variants');
      expect(r.suggestions.length).toBeGreaterThanOrEqual(6);
      expect(r.suggestions.length).toBeLessThanOrEqual(12);
      const rows = toRows(level);
      for (const s of r.suggestions) {
        const naive = naiveAnalyze(s.rows);
        expect(naive.features.nSolutions, s.rows.join('/')).toBeGreaterThan(0);
        expect(naive.features.solutionPaths).toBe(s.solutionPaths);
        expect([1, 2]).toContain(editCount(rows, s.rows));
        expect(differingCells(rows, s.rows)).toEqual(s.changedCells);
        if (s.change !== null && s.change >= 0.5) expect(s.label).toMatch(/^harder \+/);
        if (s.change !== null && s.change <= -0.5) expect(s.label).toMatch(/^easier −/);
      }
      // Distinct grids, and the list runs from the easiest change to the hardest.
      expect(new Set(r.suggestions.map((s) => s.rows.join('/'))).size).toBe(r.suggestions.length);
      const changes = r.suggestions.map((s) => s.change!);
      expect([...changes].sort((a, b) => a - b)).toEqual(changes);
    });
  }

  it('with "one solution" asked, every variant has exactly one solution (naive solver)', () => {
    const r = suggestVariants(fixture('rpu-8x8-24'), options({ uniqueOnly: true }));
    expect(r.suggestions.length).toBeGreaterThan(0);
    for (const s of r.suggestions) {
      expect(naiveAnalyze(s.rows).features.solutionPaths).toBe(1);
      expect(s.label).toContain('one solution');
    }
  });

  it('the same level, options and seed give the same suggestions; another seed may differ', () => {
    const a = suggestVariants(fixture('rsd-8x8-16'), options({ seed: 7 }));
    const b = suggestVariants(fixture('rsd-8x8-16'), options({ seed: 7 }));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('pinned cells', () => {
  it('are never changed, over many seeds and random pin sets', () => {
    const rng = createRng(2026);
    const names = ['rsd-8x8-15', 'rsd-8x8-16', 'rpu-8x8-25', 'open-5x5-50', 'rsd-5x5-10'];
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const level = fixture(names[seed % names.length]!);
      const pinned = [...new Set(Array.from({ length: 2 + rng.int(12) }, () => rng.int(level.cells.length)))];
      const rows = toRows(level);
      const r = suggestVariants(level, options({ seed, pinned, maxAnalyses: 300 }));
      for (const s of r.suggestions) {
        const changed = differingCells(rows, s.rows);
        expect(changed.filter((c) => pinned.includes(c)), `seed ${seed}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('suggestVariants on unsolvable levels', () => {
  /** Every single-edit variant of `rows` (toggle a cell, move the start), solvable by the naive solver. */
  function naiveSingleRepairs(rows: string[]): Set<string> {
    const { w, h } = naiveParse(rows);
    const out = new Set<string>();
    const grid = rows.map((r) => [...r]);
    const at = (g: string[][]): string => g.map((r) => r.join('')).join('/');
    const head = rows.join('').indexOf('C');
    for (let i = 0; i < w * h; i++) {
      if (i === head) continue;
      const [y, x] = [Math.floor(i / w), i % w];
      const variants: string[][][] = [];
      const toggled = grid.map((r) => [...r]);
      toggled[y]![x] = grid[y]![x] === '#' ? '.' : '#';
      variants.push(toggled);
      if (grid[y]![x] === '.') {
        const moved = grid.map((r) => [...r]);
        moved[Math.floor(head / w)]![head % w] = '.';
        moved[y]![x] = 'C';
        variants.push(moved);
      }
      for (const v of variants) if (naiveAnalyze(v.map((r) => r.join(''))).features.nSolutions > 0) out.add(at(v));
    }
    return out;
  }

  for (const name of ['open-5x5-50', 'random-5x4-29', 'open-6x5-51']) {
    it(`${name}: repairs are the smallest edits that make it solvable (checked by the naive solver)`, () => {
      const level = fixture(name);
      const rows = toRows(level);
      expect(naiveAnalyze(rows).features.nSolutions).toBe(0);
      const r = suggestVariants(level, options());
      expect(r.mode).toBe('repairs');
      const expected = naiveSingleRepairs(rows);
      expect(expected.size).toBeGreaterThan(0);
      expect(r.suggestions.length).toBe(Math.min(9, expected.size));
      for (const s of r.suggestions) {
        expect(expected.has(s.rows.join('/'))).toBe(true);
        expect(s.label).toMatch(/^solvable/);
      }
    });
  }

  it('says so when no change of one or two cells helps', () => {
    const r = suggestVariants(fixture('random-5x5-31'), options());
    expect(r.suggestions).toEqual([]);
    expect(r.message).toMatch(/no change of one or two cells makes the level solvable/);
  });
});
