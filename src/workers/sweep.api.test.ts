/**
 * Size and pins sweeps of a batch evaluation, through the worker api: one
 * run per value, each holding that value's levels. The size sweep's curve
 * (the range worker's quartiles per run) is held to quartiles computed here
 * from our own run of the generator at each size, measured by the naive
 * solver; each run of a pins sweep keeps its cells of the reference level
 * (read off the rows here), and the sets grow one inside the next.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { createLevelSource } from '../core/generators/registry';
import { toRows } from '../core/level/level';
import { parseRows } from '../core/level/format';
import { pinSweepSets } from '../core/generators/pinSweep';
import { runEvaluation } from './batch.api';
import { expressiveRange } from './range.api';
import { refusal, value } from '../../test/support/outcome';
import { naiveAnalyze } from '../../test/naive/naiveSolver';

/** Quartile q of values, by sorting and reading between the two nearest ranks (written out here, not the module's). */
function handQuartile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const below = s[Math.floor(pos)]!, above = s[Math.ceil(pos)]!;
  return below + (above - below) * (pos - Math.floor(pos));
}

/** The unique levels RSD makes at a size, as rows. */
function rsdRows(side: number, seed: number, count: number): string[][] {
  const source = createLevelSource({ generator: 'rsd', width: side, height: side, seed });
  const seen = new Set<string>();
  const out: string[][] = [];
  for (let i = 0; i < count; i++) {
    const rows = toRows(source.generate(i).levels[0]!);
    if (!seen.has(rows.join('/'))) {
      seen.add(rows.join('/'));
      out.push(rows);
    }
  }
  return out;
}

describe('a size sweep', () => {
  it('one run per size holding that size\'s levels; the curve\'s quartiles are those of the naive solver\'s shortest solutions', async () => {
    const r = value(await runEvaluation({ generator: 'rsd', width: 8, height: 8, count: 60, seed: 7, model, sweep: { kind: 'size', sides: [4, 5] } }));
    expect(r.runs.map((x) => x.sweep)).toEqual([{ parameter: 'size', value: 4 }, { parameter: 'size', value: 5 }]);
    const map = value(await expressiveRange({ x: 'openCells', y: 'shortestSolution', bins: 4, groups: r.runs.map((x, i) => ({ label: String(i), table: x.measures! })), overlays: [], model }));
    for (const [i, side] of [4, 5].entries()) {
      const rows = rsdRows(side, 7, 60);
      expect(r.runs[i]!.measures!.levels).toEqual(rows.map((x) => x.join('/')));
      const shortest = rows.map((x) => naiveAnalyze(x).features.shortestSolutionLength);
      expect(map.summaries[i]!.y).toEqual({ count: rows.length, q1: handQuartile(shortest, 0.25), median: handQuartile(shortest, 0.5), q3: handQuartile(shortest, 0.75) });
    }
  });
});

describe('a pins sweep', () => {
  const reference = ['C....', '.##..', '.....', '..#..', '....#'];

  it('each run keeps its cells of the level, and each set holds the smaller ones', async () => {
    const counts = [0, 3, 8];
    const r = value(await runEvaluation({ generator: 'rsd', width: 5, height: 5, count: 50, seed: 2, model, sweep: { kind: 'pins', counts, level: reference } }));
    expect(r.runs.map((x) => x.sweep)).toEqual(counts.map((k) => ({ parameter: 'pins', value: k })));
    const level = parseRows(reference);
    if (!level.ok) throw new Error('the reference level does not parse');
    const sets = pinSweepSets(level.value, counts, 2).map((p) => [...p.values.keys()].filter((c) => p.values[c] !== 0));
    sets.forEach((cells, i) => expect(cells.length).toBe(counts[i]));
    expect(sets[1]!.every((c) => sets[2]!.includes(c))).toBe(true);
    const cellOf = (rows: readonly string[], c: number): string => rows[Math.floor(c / 5)]![c % 5]!;
    for (const [i, run] of r.runs.entries()) {
      expect(run.measures!.levels.length).toBeGreaterThan(0);
      for (const level of run.measures!.levels) {
        const rows = level.split('/');
        for (const c of sets[i]!) expect(cellOf(rows, c), `run ${counts[i]}, cell ${c} of ${level}`).toBe(cellOf(reference, c));
      }
    }
  });

  it('refuses a sweep that cannot run, with a sentence', async () => {
    expect(refusal(await runEvaluation({ generator: 'rsd', width: 6, height: 6, count: 10, seed: 1, model, sweep: { kind: 'pins', counts: [2], level: reference } }))).toMatch(/the pins' level is 5x5, the run 6x6/);
    expect(refusal(await runEvaluation({ generator: 'rsd', width: 5, height: 5, count: 10, seed: 1, model, sweep: { kind: 'pins', counts: [30], level: reference } }))).toMatch(/has 25 cells to pin, so 30 pinned cells cannot be drawn/);
    expect(refusal(await runEvaluation({ generator: 'rsd', width: 5, height: 5, count: 10, seed: 1, model, sweep: { kind: 'size', sides: [2] } }))).toMatch(/width and height must each be between/);
  });
});
