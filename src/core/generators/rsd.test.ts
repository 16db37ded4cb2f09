/**
 * RSD — random solution-down (SPEC §6). Every level is solvable by its own
 * walk (checked with the naive solver), the level is exactly what the rules
 * of §6 build from the walk's directions (an independent re-implementation
 * below), generation is deterministic by seed, and the 8x8 duplicate rate
 * matches the spec's figure for an exact reimplementation (about 7.1%).
 */
import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from '../../../test/naive/naiveSolver';
import { CELL_EMPTY, levelKey, toRows } from '../level/level';
import { createRng, streamSeed, type Rng } from '../util/rng';
import { createLevelSource } from './registry';
import { generateRsd, runRandomWalk, SolutionDownWalk } from './rsd';

const SIDES = Array.from({ length: 14 }, (_, i) => i + 3); // 3..16

/** Every (width, height) from 3x3 to 16x16, square and not. */
const ALL_SIZES = SIDES.flatMap((w) => SIDES.map((h) => [w, h] as const));

/** A walk run to the end, with the directions it chose recorded. */
function recordedWalk(width: number, height: number, rng: Rng): { walk: SolutionDownWalk; dirs: number[] } {
  const walk = new SolutionDownWalk(width, height);
  const dirs: number[] = [];
  const step = walk.step.bind(walk);
  walk.step = (dir: number): void => {
    dirs.push(dir);
    step(dir);
  };
  runRandomWalk(walk, rng);
  return { walk, dirs };
}

const DX = [0, 0, -1, 1], DY = [-1, 1, 0, 0], LETTER = 'UDLR';

/**
 * SPEC §6 RSD written from the text, given the start cell and the directions:
 * each step must enter an empty cell; on a turn, the cell straight ahead of the
 * turning cell in the old direction becomes wall unless it is body or outside;
 * the walk must end with no empty neighbour; then empty -> wall, body -> open,
 * head at the start. Returns the rows and the move letters (one per straight run).
 */
function referenceRsd(width: number, height: number, start: number, dirs: readonly number[]): { rows: string[]; moves: string; cells: number[] } {
  const grid: string[] = Array<string>(width * height).fill('.');
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height;
  let x = start % width, y = Math.floor(start / width), last = -1, moves = '';
  grid[start] = 'B';
  const cells = [start];
  for (const d of dirs) {
    if (last >= 0 && d !== last) {
      const ax = x + DX[last]!, ay = y + DY[last]!;
      if (inside(ax, ay) && grid[ay * width + ax] === '.') grid[ay * width + ax] = '#';
    }
    if (d !== last) moves += LETTER[d];
    x += DX[d]!;
    y += DY[d]!;
    if (!inside(x, y) || grid[y * width + x] !== '.') throw new Error(`step ${LETTER[d]} into a non-empty cell`);
    grid[y * width + x] = 'B';
    cells.push(y * width + x);
    last = d;
  }
  for (let d = 0; d < 4; d++) {
    const nx = x + DX[d]!, ny = y + DY[d]!;
    if (inside(nx, ny) && grid[ny * width + nx] === '.') throw new Error('the walk stopped with an empty neighbour');
  }
  const rows: string[] = [];
  for (let row = 0; row < height; row++) {
    let s = '';
    for (let col = 0; col < width; col++) {
      const i = row * width + col;
      s += i === start ? 'C' : grid[i] === 'B' ? '.' : '#';
    }
    rows.push(s);
  }
  return { rows, moves, cells };
}

describe('RSD levels', () => {
  it('on every size 3x3..16x16: the returned solution wins the level (naive replay)', () => {
    for (const [w, h] of ALL_SIZES) {
      for (let seed = 0; seed < 4; seed++) {
        const { level, solution } = generateRsd(w, h, createRng(streamSeed(w * 100 + h, seed)));
        const rows = toRows(level);
        expect([level.width, level.height]).toEqual([w, h]);
        expect(naiveMoves(rows, solution), `${rows.join('/')} ${solution}`).toEqual({ ok: true, won: true });
      }
    }
  });

  it('up to 8x8: solvable per the naive solver, with no shorter solution than the walk claims to beat', () => {
    let checked = 0;
    for (const [w, h] of ALL_SIZES.filter(([w, h]) => w <= 8 && h <= 8)) {
      for (let seed = 0; seed < 4; seed++) {
        const { level, solution } = generateRsd(w, h, createRng(streamSeed(7 + w * 100 + h, seed)));
        const a = naiveAnalyze(toRows(level));
        expect(a.classes.success, toRows(level).join('/')).toBeGreaterThan(0);
        expect(a.features.shortestSolutionLength).toBeLessThanOrEqual(solution.length);
        expect(a.features.solutionPaths).toBeGreaterThanOrEqual(1);
        checked++;
      }
    }
    expect(checked).toBe(36 * 4);
  });

  it('the level is exactly what the rules build from the walk, and its open cells are the cells walked', () => {
    for (const [w, h] of ALL_SIZES) {
      for (let seed = 0; seed < 3; seed++) {
        const { walk, dirs } = recordedWalk(w, h, createRng(streamSeed(31 + w, h * 10 + seed)));
        const ref = referenceRsd(w, h, walk.start, dirs);
        const level = walk.toLevel();
        expect(toRows(level)).toEqual(ref.rows);
        expect(walk.moves).toBe(ref.moves);
        expect(walk.steps).toBe(dirs.length);
        // The walk never revisits a cell, and the open cells are exactly the cells visited.
        expect(new Set(ref.cells).size).toBe(walk.steps + 1);
        const open = [...level.cells.keys()].filter((i) => level.cells[i] === CELL_EMPTY);
        expect(open).toEqual([...ref.cells].sort((a, b) => a - b));
        expect(level.head).toBe(ref.cells[0]);
        expect(walk.levelKey()).toBe(levelKey(level));
      }
    }
  });

  it('SolutionDownWalk.levelKey() equals levelKey(toLevel()) part-way through a walk too', () => {
    const rng = createRng(5);
    for (const [w, h] of ALL_SIZES) {
      const walk = new SolutionDownWalk(w, h);
      walk.reset(rng.int(w * h));
      expect(walk.levelKey()).toBe(levelKey(walk.toLevel()));
      for (let mask = walk.openMask(); mask !== 0; mask = walk.openMask()) {
        const open = [0, 1, 2, 3].filter((d) => (mask & (1 << d)) !== 0);
        walk.step(open[rng.int(open.length)]!);
        expect(walk.levelKey()).toBe(levelKey(walk.toLevel()));
      }
      expect(walk.toLevel('named').name).toBe('named');
    }
  });

  it('the same seed gives the same level and solution; different seeds mostly differ', () => {
    for (const [w, h] of [[3, 3], [5, 9], [8, 8], [16, 4], [16, 16]] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const a = generateRsd(w, h, createRng(seed)), b = generateRsd(w, h, createRng(seed));
        expect(levelKey(a.level)).toBe(levelKey(b.level));
        expect(a.solution).toBe(b.solution);
      }
    }
    const keys = new Set<string>();
    for (let seed = 0; seed < 200; seed++) keys.add(levelKey(generateRsd(8, 8, createRng(seed)).level));
    expect(keys.size).toBeGreaterThanOrEqual(185);
  });

  it('a reused walk gives the same level as a fresh one', () => {
    const reused = new SolutionDownWalk(6, 7);
    for (let seed = 0; seed < 50; seed++) {
      runRandomWalk(reused, createRng(seed));
      expect(levelKey(reused.toLevel())).toBe(levelKey(generateRsd(6, 7, createRng(seed)).level));
    }
  });
});

describe('RSD statistics on 8x8 (20,000 levels, seed 1)', () => {
  it('duplicate rate between 6% and 8.5% (SPEC §8: about 7.1%), start cell uniform', () => {
    const source = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed: 1 });
    const keys = new Set<string>();
    const starts = new Array<number>(64).fill(0);
    const total = 20_000;
    for (let i = 0; i < total; i++) {
      const item = source.generate(i);
      expect(item.levels).toHaveLength(1);
      const level = item.levels[0]!;
      keys.add(levelKey(level));
      starts[level.head]!++;
    }
    const duplicateRate = (total - keys.size) / total;
    expect(duplicateRate).toBeGreaterThan(0.06);
    expect(duplicateRate).toBeLessThan(0.085);
    // 312.5 expected per cell, sd about 17.5: every cell within +-6 sd.
    for (const n of starts) {
      expect(n).toBeGreaterThan(200);
      expect(n).toBeLessThan(425);
    }
  });
});
