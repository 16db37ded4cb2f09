import { describe, expect, it } from 'vitest';
import { FORGETFUL_KEYS, type UniqueLevel } from '../generators/unique';
import { createLevelSource } from '../generators/registry';
import { levelKey } from '../level/level';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { toRows } from '../level/level';
import { runGenerateJob } from './generate';

const settings = { generator: 'rpu' as const, width: 6, height: 6, seed: 9 };

describe('the generation job', () => {
  it('over a range: every new solvable level once, in index order, as a naive replay of the generator finds them', () => {
    const got: UniqueLevel[] = [];
    const r = runGenerateJob({ ...settings, from: 0, to: 300 }, { onLevel: (u) => got.push(u) });
    expect(r).toMatchObject({ iterations: 300, nextIndex: 300, ended: 'range', levels: got.length });
    // Independently: the generator's own levels, deduplicated by hand, kept when the naive solver solves them.
    const source = createLevelSource(settings);
    const seen = new Set<string>();
    const expected: string[] = [];
    let repeats = 0;
    for (let i = 0; i < 300; i++) {
      for (const level of source.generate(i).levels) {
        const key = levelKey(level);
        if (seen.has(key)) {
          repeats++;
          continue;
        }
        seen.add(key);
        if (naiveAnalyze(toRows(level)).features.nSolutions > 0) expected.push(key);
      }
    }
    expect(got.map((u) => u.key)).toEqual(expected);
    expect(r.duplicates).toBe(repeats);
  });

  it('with a level count: stops at N levels, and continuing from nextIndex with the same keys gives the run of 2N', () => {
    const seen = new Set<string>();
    const first: string[] = [], second: string[] = [], whole: string[] = [];
    const a = runGenerateJob({ ...settings, from: 0, to: 100_000, levels: 12 }, { onLevel: (u) => first.push(u.key), seen });
    expect(a.ended).toBe('levels');
    expect(first).toHaveLength(12);
    runGenerateJob({ ...settings, from: a.nextIndex, to: 100_000, levels: 12 }, { onLevel: (u) => second.push(u.key), seen });
    runGenerateJob({ ...settings, from: 0, to: 100_000, levels: 24 }, { onLevel: (u) => whole.push(u.key) });
    expect([...first, ...second]).toEqual(whole);
  });

  it('a forgetful key set passes repeats on (a stream filters them later); cancel ends the run early', () => {
    let n = 0;
    const r = runGenerateJob({ generator: 'rsd', width: 3, height: 3, seed: 1, from: 0, to: 2000 }, { onLevel: () => n++, seen: FORGETFUL_KEYS });
    // Every RSD level is solvable: one level per iteration, repeats included.
    expect(n).toBe(2000);
    expect(r.duplicates).toBe(0);
    let asked = 0;
    const c = runGenerateJob({ ...settings, from: 0, to: 10_000 }, { onLevel: () => {}, cancelled: () => ++asked > 2 });
    expect(c.ended).toBe('cancelled');
    expect(c.iterations).toBeLessThan(10_000);
  });
});
