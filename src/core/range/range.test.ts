/**
 * The expressive-range core: measures against the naive solver's counts on
 * the fixture levels, binning against a plain linear scan of the edges, and
 * the map's totals and holes on hand-made grids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../level/format';
import { toRows } from '../level/level';
import { analyzeLevel } from '../graph/analyze';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { readFixtureLevels } from '../../../test/fixtures/perft';
import { levelMeasures, measureIndex, MEASURE_NAMES, type MeasureName } from './measures';
import { axisBetween, binIndex, countHoles, levelsInBin, rangeMap, rangeMapCsv, sharedAxis } from './histogram';

const FIXTURES = readFixtureLevels().map(({ name, rows }) => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return { ...r.value, name };
});

const value = (m: Float64Array, name: MeasureName): number => m[measureIndex(name)]!;

describe('levelMeasures', () => {
  it('agrees with the naive solver on every fixture level', () => {
    expect(FIXTURES.length).toBeGreaterThan(20);
    for (const level of FIXTURES) {
      const rows = toRows(level);
      const naive = naiveAnalyze(rows);
      const a = analyzeLevel(level);
      if (!a.ok) throw new Error(a.error.message);
      const m = levelMeasures({ level, counts: a.value.counts, features: a.value.features, difficulty: 7 });
      const open = rows.join('').replace(/#/g, '').length;
      const size = level.width * level.height;
      const solvable = naive.classes.success > 0;
      expect(value(m, 'difficulty')).toBe(7);
      expect(value(m, 'openCells')).toBe(open);
      expect(value(m, 'density')).toBeCloseTo(open / size, 12);
      expect(value(m, 'states')).toBe(naive.nStates);
      expect(value(m, 'leniency')).toBeCloseTo((naive.nStates - naive.classes.dead - naive.classes.fail) / naive.nStates, 12);
      expect(value(m, 'deadShare')).toBeCloseTo(naive.classes.dead / naive.nStates, 12);
      expect(value(m, 'solutions')).toBe(naive.features.solutionPaths);
      if (solvable && naive.features.shortestSolutionLength > 0) {
        expect(value(m, 'shortestSolution')).toBe(naive.features.shortestSolutionLength);
        expect(value(m, 'linearity')).toBeCloseTo(open / naive.features.shortestSolutionLength, 12);
      } else {
        // Won at the start: no moves to divide the open cells by.
        expect(Number.isNaN(value(m, 'linearity'))).toBe(true);
      }
    }
  });

  it('a hand-checked level: the perft row of rsd-8x8-15 (161 states, 96 dead, 15 fail)', () => {
    const level = FIXTURES.find((l) => l.name === 'rsd-8x8-15')!;
    const a = analyzeLevel(level);
    if (!a.ok) throw new Error(a.error.message);
    const m = levelMeasures({ level, counts: a.value.counts, features: a.value.features, difficulty: null });
    expect(value(m, 'leniency')).toBeCloseTo(50 / 161, 12);
    expect(value(m, 'deadShare')).toBeCloseTo(96 / 161, 12);
    expect(value(m, 'shortestSolution')).toBe(19);
    expect(Number.isNaN(value(m, 'difficulty'))).toBe(true);
  });

  it('has no value for an unsolvable level\'s shortest solution or difficulty, nor for paths a ruleset does not count', () => {
    const m = levelMeasures({
      level: { width: 2, height: 1, cells: new Uint8Array([0, 0]), head: 0 },
      counts: { dead: 0, fail: 1 },
      features: { nStates: 1, shortestSolutionLength: Infinity, solutionPaths: null, nSolutions: 0 },
      difficulty: null,
    });
    for (const name of ['difficulty', 'shortestSolution', 'linearity', 'solutions'] as const) expect(Number.isNaN(value(m, name))).toBe(true);
    expect(value(m, 'leniency')).toBe(0);
    expect(m.length).toBe(MEASURE_NAMES.length);
  });
});

/** The bin by a linear scan of the edges: the reference for {@link binIndex}. */
function scanBin(edges: readonly number[], v: number): number {
  if (!Number.isFinite(v)) return -1;
  const last = edges.length - 1;
  if (v < edges[0]! || v > edges[last]!) return -2;
  for (let i = 0; i < last; i++) if (v >= edges[i]! && (v < edges[i + 1]! || (i === last - 1 && v === edges[last]))) return i;
  return -3;
}

describe('axes and bins', () => {
  it('binIndex agrees with a scan of the edges, linear and log, values on edges included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MeasureName>('difficulty', 'states'),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.double({ min: -10, max: 2e6, noNaN: true }), { maxLength: 30 }),
        (measure, lo, width, bins, values) => {
          const axis = axisBetween(measure, lo, lo + width, bins);
          expect(axis.edges.length).toBe(bins + 1);
          for (const v of [...values, ...axis.edges]) expect(binIndex(axis, v)).toBe(scanBin(axis.edges, v));
        },
      ),
      { seed: 32, numRuns: 500 },
    );
  });

  it('a shared axis spans every set; a log axis has equal steps of log10(1 + v)', () => {
    const a = sharedAxis('difficulty', [[3, 9], [1, Infinity, NaN, 20]], 4);
    expect(a.edges).toEqual([1, 5.75, 10.5, 15.25, 20]);
    const s = sharedAxis('states', [[0, 9, 99, 999]], 3);
    expect(s.scale).toBe('log');
    s.edges.forEach((e, i) => expect(e).toBeCloseTo(10 ** i - 1, 9));
    expect(sharedAxis('density', [[0.5, 0.5]], 2).edges).toEqual([0, 0.5, 1]);
    expect(sharedAxis('density', [[NaN]], 2).edges).toEqual([0, 0.5, 1]);
  });
});

describe('rangeMap', () => {
  it('bins add up: placed + missing + outside = read, and the counts sum to placed', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(NaN)), fc.double({ min: -5, max: 105, noNaN: true })), { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (pairs, bins) => {
        const xs = pairs.map((p) => p[0]), ys = pairs.map((p) => p[1]);
        const x = axisBetween('difficulty', 0, 100, bins), y = axisBetween('openCells', 0, 100, bins);
        const map = rangeMap(xs, ys, x, y);
        expect(map.read).toBe(pairs.length);
        expect(map.placed + map.missing + map.outside).toBe(map.read);
        expect(map.counts.reduce((s, c) => s + c, 0)).toBe(map.placed);
        // Each count against a scan, and the levels a bin opens are exactly those.
        for (let xi = 0; xi < bins; xi++) {
          for (let yi = 0; yi < bins; yi++) {
            const expected = pairs.map((p, i) => [p, i] as const).filter(([p]) => scanBin(x.edges, p[0]) === xi && scanBin(y.edges, p[1]) === yi).map(([, i]) => i);
            expect(map.counts[xi * bins + yi]).toBe(expected.length);
            expect(levelsInBin(xs, ys, x, y, xi, yi)).toEqual(expected);
          }
        }
        expect(map.occupied).toBe(map.counts.filter((c) => c > 0).length);
      }),
      { seed: 32, numRuns: 200 },
    );
  });

  it('counts a hole only inside the occupied region', () => {
    // A ring of 8 occupied bins around an empty centre, 3x3: one hole.
    const ring = [1, 1, 1, 1, 0, 1, 1, 1, 1];
    expect(countHoles(ring, 3, 3)).toBe(1);
    // An L shape: the empty corner is outside (nothing beyond it in its row or column).
    expect(countHoles([1, 1, 1, 1, 0, 0, 1, 0, 0], 3, 3)).toBe(0);
    // A plus sign: the corners are outside.
    expect(countHoles([0, 1, 0, 1, 1, 1, 0, 1, 0], 3, 3)).toBe(0);
    // 4x3 with two empty bins between occupied ones along both axes.
    const grid = [
      1, 1, 1,
      1, 0, 1,
      1, 0, 1,
      1, 1, 1,
    ];
    expect(countHoles(grid, 4, 3)).toBe(2);
  });

  it('writes CSV with one row per bin, x bins outer', () => {
    const x = axisBetween('difficulty', 0, 10, 2), y = axisBetween('leniency', 0, 1, 2);
    const map = rangeMap([1, 9, 9], [0.9, 0.1, 0.2], x, y);
    expect(rangeMapCsv(map, 'rsd')).toBe(
      'group,difficultyFrom,difficultyTo,leniencyFrom,leniencyTo,count\n' +
        'rsd,0,5,0,0.5,0\nrsd,0,5,0.5,1,1\nrsd,5,10,0,0.5,2\nrsd,5,10,0.5,1,0\n',
    );
  });
});
