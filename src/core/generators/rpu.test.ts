/**
 * RPU — random puzzle-up (SPEC §6). Kept levels are solvable per the naive
 * solver and have 1..10 walls; segregation and dead-end counts agree with
 * hand-checked grids and with a flood fill written here; an iteration never
 * keeps a level from after it ended; and the 8x8 yield is near the thesis's
 * 5.54%.
 */
import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { randomRows } from '../../../test/support/levels';
import { CELL_EMPTY, CELL_WALL, toRows, type Level } from '../level/level';
import { topology } from '../rules/moves';
import { createRng, streamSeed } from '../util/rng';
import { countDeadEnds, isSegregated, RPU_MAX_WALLS, runRpuIteration } from './rpu';

/** Grid arguments of isSegregated / countDeadEnds from `.#C` rows. */
function gridOf(rows: readonly string[]): { width: number; height: number; cells: Uint8Array; head: number } {
  const width = rows[0]!.length, height = rows.length;
  const text = rows.join('');
  const cells = Uint8Array.from(text, (ch) => (ch === '#' ? CELL_WALL : CELL_EMPTY));
  return { width, height, cells, head: text.indexOf('C') };
}

const segregated = (rows: readonly string[]): boolean => {
  const g = gridOf(rows);
  return isSegregated(topology(g.width, g.height), g.cells, g.head);
};
const deadEnds = (rows: readonly string[]): number => {
  const g = gridOf(rows);
  return countDeadEnds(topology(g.width, g.height), g.cells, g.head);
};

/** Open (non-wall) 4-neighbours of (x, y) in `.#C` rows. */
function openNeighbours(rows: readonly string[], x: number, y: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0]] as const) {
    const nx = x + dx, ny = y + dy;
    if (ny >= 0 && ny < rows.length && nx >= 0 && nx < rows[0]!.length && rows[ny]![nx] !== '#') out.push([nx, ny]);
  }
  return out;
}

/** Reference: flood fill from the head over open cells; segregated when some open cell is not reached. */
function refSegregated(rows: readonly string[]): boolean {
  const y0 = rows.findIndex((r) => r.includes('C')), x0 = rows[y0]!.indexOf('C');
  const seen = new Set<string>([`${x0},${y0}`]);
  const queue: Array<[number, number]> = [[x0, y0]];
  while (queue.length > 0) {
    const [x, y] = queue.shift()!;
    for (const [nx, ny] of openNeighbours(rows, x, y)) {
      if (!seen.has(`${nx},${ny}`)) {
        seen.add(`${nx},${ny}`);
        queue.push([nx, ny]);
      }
    }
  }
  const open = rows.join('').split('').filter((c) => c !== '#').length;
  return seen.size < open;
}

/** Reference: empty cells (head excluded) with at most one open neighbour (head counts as open). */
function refDeadEnds(rows: readonly string[]): number {
  let n = 0;
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '.' && openNeighbours(rows, x, y).length <= 1) n++;
  });
  return n;
}

const wallCount = (level: Level): number => level.cells.reduce((n, c) => n + (c === CELL_WALL ? 1 : 0), 0);

describe('isSegregated and countDeadEnds on hand-made grids', () => {
  // Each case: rows, segregated?, dead ends, and why (coordinates are x,y).
  const cases: Array<[string[], boolean, number, string]> = [
    [['C..', '...', '...'], false, 0, 'open 3x3: corners have 2 open neighbours'],
    [['C##', '###', '###'], false, 0, 'only the head is open'],
    [['C#.', '##.', '...'], true, 2, 'head walled in; (2,0) and (0,2) each have one open neighbour'],
    [['C.#', '...', '#..'], false, 0, 'every empty cell has 2+ open neighbours'],
    [['C.#', '#.#', '#..'], false, 1, 'a corridor: only its far end (2,2) is a dead end'],
    [['.C.', '###', '###'], false, 2, 'both cells beside the head: the head counts as an open neighbour'],
    [['C.#', '#.#', '#.#'], false, 1, 'the head itself is never a dead end, the corridor end (1,2) is'],
    [['C.#', '.##', '##.'], true, 3, '(2,2) isolated (0 neighbours) plus (1,0) and (0,1)'],
    [['C..#', '##.#', '....', '#..#'], false, 2, '(0,2) and (3,2) each touch one open cell'],
    [['...', '.C.', '...'], false, 0, 'head in the centre of an open 3x3'],
    [['..#..', '..#..', 'C.#..'], true, 0, 'a wall column cuts the grid in two'],
  ];
  it.each(cases)('%j: segregated %s, %i dead ends (%s)', (rows, seg, ends) => {
    expect(segregated(rows)).toBe(seg);
    expect(deadEnds(rows)).toBe(ends);
    // The reference flood fill agrees on the hand-made cases too.
    expect(refSegregated(rows)).toBe(seg);
    expect(refDeadEnds(rows)).toBe(ends);
  });

  it('agree with the reference flood fill on 3,000 random grids 3x3..16x16', () => {
    const rng = createRng(2024);
    let seg = 0, ends = 0;
    for (let i = 0; i < 3000; i++) {
      const rows = randomRows(rng, 3 + rng.int(14), 3 + rng.int(14), 0.05 + 0.5 * rng.next());
      const expected = refSegregated(rows);
      expect(segregated(rows), rows.join('/')).toBe(expected);
      expect(deadEnds(rows), rows.join('/')).toBe(refDeadEnds(rows));
      if (expected) seg++;
      if (refDeadEnds(rows) > 1) ends++;
    }
    // Both answers were exercised.
    expect(seg).toBeGreaterThan(300);
    expect(3000 - seg).toBeGreaterThan(300);
    expect(ends).toBeGreaterThan(300);
  });
});

/** True when every wall of `a` is a wall of `b` (same size). */
const wallsWithin = (a: Level, b: Level): boolean => a.cells.every((c, i) => c !== CELL_WALL || b.cells[i] === CELL_WALL);

describe('runRpuIteration', () => {
  it('every recorded level (3x3..8x8, many seeds) is solvable per the naive solver and has 1..10 walls', () => {
    let recorded = 0;
    for (let w = 3; w <= 8; w++) {
      for (let h = 3; h <= 8; h++) {
        for (let i = 0; i < 60; i++) {
          const it = runRpuIteration(w, h, createRng(streamSeed(w * 16 + h, i)));
          for (const level of it.levels) {
            recorded++;
            const rows = toRows(level);
            expect([level.width, level.height]).toEqual([w, h]);
            expect(level.cells[level.head]).toBe(CELL_EMPTY);
            expect(wallCount(level)).toBeGreaterThanOrEqual(1);
            expect(wallCount(level)).toBeLessThanOrEqual(RPU_MAX_WALLS);
            expect(naiveAnalyze(rows).classes.success, rows.join('/')).toBeGreaterThan(0);
            // A solvable level is never segregated and has at most one dead end.
            expect(refSegregated(rows)).toBe(false);
            expect(refDeadEnds(rows)).toBeLessThanOrEqual(1);
          }
        }
      }
    }
    expect(recorded).toBeGreaterThan(100);
  });

  it('never records a level after the iteration ended; levels are found in order, one wall grid growing', () => {
    const endings = { 'max-walls': 0, segregated: 0, 'dead-ends': 0 };
    let chains = 0;
    for (let i = 0; i < 1500; i++) {
      const w = 3 + (i % 6), h = 3 + ((i >> 3) % 6);
      const it = runRpuIteration(w, h, createRng(streamSeed(99, i)));
      endings[it.endedBy]++;
      expect(it.walls).toBeGreaterThanOrEqual(1);
      expect(it.walls).toBeLessThanOrEqual(RPU_MAX_WALLS);
      for (const level of it.levels) {
        // Recorded at some wall count up to the last wall placed...
        expect(wallCount(level)).toBeLessThanOrEqual(it.walls);
        // ...and before the wall that segregated the level or gave it two dead ends.
        if (it.endedBy !== 'max-walls') expect(wallCount(level)).toBeLessThan(it.walls);
      }
      // One grid gains walls: each level has more walls than the one before, including all of them, same head.
      for (let k = 1; k < it.levels.length; k++) {
        const before = it.levels[k - 1]!, after = it.levels[k]!;
        expect(after.head).toBe(before.head);
        expect(wallCount(after)).toBeGreaterThan(wallCount(before));
        expect(wallsWithin(before, after)).toBe(true);
        chains++;
      }
      if (it.endedBy === 'max-walls' && w * h > RPU_MAX_WALLS + 1) expect(it.walls).toBe(RPU_MAX_WALLS);
    }
    expect(endings.segregated).toBeGreaterThan(50);
    expect(endings['dead-ends']).toBeGreaterThan(50);
    expect(endings['max-walls']).toBeGreaterThan(20);
    expect(chains).toBeGreaterThan(10);
  });

  it("keep 'first' and 'last' walk the same walls as 'all' and keep its first and last level", () => {
    let differ = 0;
    for (let i = 0; i < 600; i++) {
      const w = 4 + (i % 5), h = 4 + ((i >> 2) % 5);
      const all = runRpuIteration(w, h, createRng(streamSeed(5, i)));
      const explicitAll = runRpuIteration(w, h, createRng(streamSeed(5, i)), { keep: 'all' });
      const first = runRpuIteration(w, h, createRng(streamSeed(5, i)), { keep: 'first' });
      const last = runRpuIteration(w, h, createRng(streamSeed(5, i)), { keep: 'last' });
      for (const other of [explicitAll, first, last]) expect([other.walls, other.endedBy]).toEqual([all.walls, all.endedBy]);
      expect(explicitAll.levels.map(toRows)).toEqual(all.levels.map(toRows));
      expect(first.levels.map(toRows)).toEqual(all.levels.slice(0, 1).map(toRows));
      expect(last.levels.map(toRows)).toEqual(all.levels.slice(-1).map(toRows));
      if (all.levels.length > 1) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('maxWalls bounds the walls placed', () => {
    for (let i = 0; i < 300; i++) {
      const it = runRpuIteration(8, 8, createRng(i), { maxWalls: 3 });
      expect(it.walls).toBeLessThanOrEqual(3);
      for (const level of it.levels) expect(wallCount(level)).toBeLessThanOrEqual(3);
    }
  });

  it('is deterministic by seed', () => {
    for (let i = 0; i < 200; i++) {
      const a = runRpuIteration(6, 7, createRng(i)), b = runRpuIteration(6, 7, createRng(i));
      expect([b.walls, b.endedBy, b.levels.map(toRows)]).toEqual([a.walls, a.endedBy, a.levels.map(toRows)]);
    }
  });
});

describe('RPU statistics on 8x8 (4,000 iterations)', () => {
  it('the share of iterations with a level is between 4% and 7.5% (thesis: 1,107 of 20,000 = 5.54%)', () => {
    let withLevel = 0, levels = 0;
    const total = 4000;
    for (let i = 0; i < total; i++) {
      const it = runRpuIteration(8, 8, createRng(streamSeed(1, i)));
      if (it.levels.length > 0) withLevel++;
      levels += it.levels.length;
    }
    expect(withLevel / total).toBeGreaterThan(0.04);
    expect(withLevel / total).toBeLessThan(0.075);
    // Thesis §5.4: 1,180 levels from 1,107 solvable iterations, about 1.07 per iteration.
    expect(levels / withLevel).toBeGreaterThanOrEqual(1);
    expect(levels / withLevel).toBeLessThan(1.25);
  });
});
