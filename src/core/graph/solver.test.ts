import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { simulateRandomPlayer } from '../../../test/naive/montecarlo';
import { DATA_FILES, loadDataLevels, randomRows, sharedDataMissing } from '../../../test/support/levels';
import { readFixtureLevels } from '../../../test/fixtures/perft';
import { parseRows } from '../level/format';
import { toRows, type Level } from '../level/level';
import { createRng } from '../util/rng';
import { generateRsd } from '../generators/rsd';
import { Analyzer, analyzeLevel } from './analyze';
import { checkSolvable } from './solvable';
import type { LevelFeatures } from './features';

const levelOf = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const analyzer = new Analyzer();

/** Engine and naive solver must agree on every count and feature. */
function expectAgreesWithNaive(level: Level): void {
  const rows = toRows(level);
  const naive = naiveAnalyze(rows);
  const r = analyzer.analyze(level);
  if (!r.ok) throw new Error(r.error.message);
  const { counts, features } = r.value;
  const where = rows.join('/');
  expect(counts, where).toEqual(naive.classes);
  for (const [name, expected] of Object.entries(naive.features)) {
    const actual = features[name as keyof LevelFeatures];
    if (name === 'expectedMoves' || name === 'expectedDecisions') {
      if (!Number.isFinite(expected)) expect(actual, `${where} ${name}`).toBe(expected);
      else expect(Math.abs((actual as number) - expected), `${where} ${name}`).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
    } else {
      expect(actual, `${where} ${name}`).toBe(expected);
    }
  }
}

describe('solution graph against the naive solver', () => {
  it.skipIf(sharedDataMissing).each(DATA_FILES)('agrees on every level of %s, all solvable', (file) => {
    const levels = loadDataLevels(file);
    expect(levels.length).toBeGreaterThan(50);
    for (const level of levels) {
      expectAgreesWithNaive(level);
      const r = analyzer.analyze(level);
      expect(r.ok && r.value.features.nSolutions > 0, level.name).toBe(true);
    }
  });

  it('agrees on 2,500 random levels from 3x3 to 8x8 with wall densities 0.05..0.5', () => {
    const rng = createRng(20261121);
    for (let i = 0; i < 2500; i++) {
      const w = 3 + rng.int(6), h = 3 + rng.int(6);
      expectAgreesWithNaive(levelOf(randomRows(rng, w, h, 0.05 + 0.45 * rng.next())));
    }
  });

  it('agrees on 1,500 random solution-down levels up to 8x8 (large, branching graphs)', () => {
    const rng = createRng(7);
    for (let i = 0; i < 1500; i++) {
      expectAgreesWithNaive(generateRsd(3 + rng.int(6), 3 + rng.int(6), rng).level);
    }
  });

  it('agrees on long and wide levels up to 16x16 (the dead test inherited along moves, rows of 16)', () => {
    const rng = createRng(2424);
    for (let i = 0; i < 80; i++) {
      const long = 13 + rng.int(4), short = 3 + rng.int(14);
      const [w, h] = i % 4 < 2 ? [long, short] : [short, long];
      expectAgreesWithNaive(i % 2 === 0 ? generateRsd(w, h, rng).level : levelOf(randomRows(rng, w, h, 0.3 + 0.2 * rng.next())));
    }
  });

  it('agrees on levels up to 12x12', () => {
    const rng = createRng(99);
    for (let i = 0; i < 60; i++) {
      const w = 9 + rng.int(4), h = 9 + rng.int(4);
      expectAgreesWithNaive(i % 2 === 0 ? generateRsd(w, h, rng).level : levelOf(randomRows(rng, w, h, 0.25 + 0.2 * rng.next())));
    }
  });
});

describe('player model', () => {
  it('matches a Monte-Carlo simulation of the random player', () => {
    const rng = createRng(3);
    let checked = 0;
    while (checked < 6) {
      const level = generateRsd(5, 5, rng).level;
      const r = analyzeLevel(level);
      if (!r.ok || r.value.features.nBranches < 3) continue;
      const exact = r.value.features;
      const sim = simulateRandomPlayer(toRows(level), 20_000, 11 + checked);
      expect(Math.abs(sim.meanMoves - exact.expectedMoves) / exact.expectedMoves).toBeLessThan(0.04);
      expect(Math.abs(sim.meanDecisions - exact.expectedDecisions) / Math.max(1, exact.expectedDecisions)).toBeLessThan(0.05);
      checked++;
    }
  });

  it('is infinite for unsolvable levels and zero when the start is already won', () => {
    const unsolvable = analyzeLevel(levelOf(['.C.', '...', '#.#']));
    expect(unsolvable.ok && unsolvable.value.features.expectedMoves).toBe(Infinity);
    const won = analyzeLevel(levelOf(['###', '#C#', '###']));
    expect(won.ok && won.value.features).toMatchObject({ expectedMoves: 0, expectedDecisions: 0, nSolutions: 1, nStates: 1 });
  });
});

/** A 16x16 solution-down level with 8,024 states (largest of 3,000 RSD 16x16 levels, seed 2). */
const BIG_16 = [
  '################', '################', '...#############', '.#..############', '..#..###########', '#..#.###...#####',
  '##...###.C..####', '##..###...#.####', '#...#...#...####', '..#.#.####...###', '.##....###.#.###', '.....#..##...###',
  '##...##.##..####', '#..#....#..#####', '#.#...##..######', '#...#....#######',
];

describe('state cap', () => {
  it('reports the cap instead of computing half-true features', () => {
    const r = analyzeLevel(levelOf(BIG_16), { maxStates: 5000 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('state-cap');
      expect(r.error.statesExplored).toBe(5000);
      expect(r.error.message).toMatch(/state cap reached/);
    }
  });

  it('a cap at exactly the state count still completes', () => {
    const level = levelOf(readFixtureLevels().find((l) => l.name.startsWith('rsd-large-10x10'))!.rows);
    const full = analyzeLevel(level);
    if (!full.ok) throw new Error('expected a complete graph');
    expect(analyzeLevel(level, { maxStates: full.value.features.nStates }).ok).toBe(true);
    expect(analyzeLevel(level, { maxStates: full.value.features.nStates - 1 }).ok).toBe(false);
  });

  it('grows its buffers mid-search and stays exact (8,024 states from an initial capacity of 256)', () => {
    const level = levelOf(BIG_16);
    const r = new Analyzer().analyze(level); // fresh buffers: the search must grow five times
    expect(r.ok && r.value.features.nStates).toBe(8024);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.features.nStates).toBe(naiveAnalyze(BIG_16).nStates);
    expectAgreesWithNaive(level);
  });
});

describe('fast solvability check', () => {
  it('agrees with the full graph on random levels', () => {
    const rng = createRng(42);
    for (let i = 0; i < 1500; i++) {
      const level = levelOf(randomRows(rng, 3 + rng.int(6), 3 + rng.int(6), 0.3 * rng.next()));
      const full = analyzeLevel(level);
      if (!full.ok) continue;
      const fast = checkSolvable(level);
      expect(fast.exhausted).toBe(false);
      expect(fast.solvable, toRows(level).join('/')).toBe(full.value.features.nSolutions > 0);
    }
  });
});
