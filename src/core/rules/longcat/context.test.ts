/**
 * Longcat's packed dead test (SPEC §3: the empty cells form two or more
 * 4-connected regions) against the naive solver's component count, on random
 * marks over every grid size: the two-word path (up to 64 cells) and the
 * row-by-row path beyond, with states at an offset inside a larger buffer.
 */
import { describe, expect, it } from 'vitest';
import { emptyComponents } from '../../../../test/naive/naiveSolver';
import { CELL_EMPTY, CELL_WALL, MAX_SIDE, MIN_SIDE, type Level } from '../../level/level';
import { createRng, type Rng } from '../../util/rng';
import { longcat } from './index';

/** A random level and a random set of covered cells on it; `state` in the naive solver's alphabet ('.' empty, '#' marked). */
function randomMarks(rng: Rng, width: number, height: number): { level: Level; marked: Uint8Array; covered: number; state: string } {
  const n = width * height;
  const wallP = 0.3 * rng.next(), bodyP = rng.next();
  const cells = new Uint8Array(n);
  for (let i = 0; i < n; i++) cells[i] = rng.next() < wallP ? CELL_WALL : CELL_EMPTY;
  const head = rng.int(n);
  cells[head] = CELL_EMPTY;
  const marked = new Uint8Array(n);
  let covered = 0, state = '';
  for (let i = 0; i < n; i++) {
    const body = cells[i] === CELL_EMPTY && (i === head || rng.next() < bodyP);
    if (body) covered++;
    marked[i] = cells[i] === CELL_WALL || body ? 1 : 0;
    state += marked[i] ? '#' : '.';
  }
  return { level: { width, height, cells, head }, marked, covered, state };
}

describe('Longcat dead test', () => {
  it('says dead exactly when the naive solver counts two or more empty regions, on every size 3x3..16x16', () => {
    const rng = createRng(24);
    let dead = 0, alive = 0;
    for (let width = MIN_SIDE; width <= MAX_SIDE; width++) {
      for (let height = MIN_SIDE; height <= MAX_SIDE; height++) {
        for (let k = 0; k < 40; k++) {
          const { level, marked, covered, state } = randomMarks(rng, width, height);
          const ctx = longcat.compile(level);
          // The state sits at an offset among other words of garbage, as in the solver's buffer.
          const base = ctx.stride * 3;
          const bits = new Uint32Array(ctx.stride * 7);
          for (let w = 0; w < bits.length; w++) bits[w] = rng.u32();
          for (let w = 0; w < ctx.stride; w++) bits[base + w] = 0;
          for (let c = 0; c < marked.length; c++) if (marked[c]) bits[base + (c >>> 5)]! |= 1 << (c & 31);
          const expected = emptyComponents(state, width, height) >= 2;
          expect(ctx.isDead(bits, base, level.head, covered), `${width}x${height} ${state}`).toBe(expected);
          if (expected) dead++;
          else alive++;
        }
      }
    }
    // Both answers well represented.
    expect(dead).toBeGreaterThan(1000);
    expect(alive).toBeGreaterThan(1000);
  });

  it('follows a serpentine corridor through every row, both ways along the rows, and sees one cut in it', () => {
    // Rows 0, 2, 4.. empty; between them one open cell, alternately at the right and left end:
    // one long region whose rows are entered at alternating ends. A wall anywhere in it splits it.
    for (let width = MIN_SIDE; width <= MAX_SIDE; width++) {
      for (let height = MIN_SIDE; height <= MAX_SIDE; height++) {
        const n = width * height;
        const open = new Uint8Array(n);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const link = (y >> 1) % 2 === 0 ? width - 1 : 0;
            open[y * width + x] = y % 2 === 0 || x === link ? 1 : 0;
          }
        }
        const cuts = [-1, ...Array.from({ length: n }, (_, c) => c).filter((c) => open[c] && c !== 0)];
        for (const cut of cuts) {
          // The head sits in the corridor's first cell (covered); the cut, when any, is body.
          const level: Level = { width, height, cells: Uint8Array.from(open, (o) => (o ? CELL_EMPTY : CELL_WALL)), head: 0 };
          const ctx = longcat.compile(level);
          const bits = new Uint32Array(ctx.stride);
          let state = '';
          for (let c = 0; c < n; c++) {
            const marked = !open[c] || c === 0 || c === cut;
            if (marked) bits[c >>> 5]! |= 1 << (c & 31);
            state += marked ? '#' : '.';
          }
          const expected = emptyComponents(state, width, height) >= 2;
          expect(ctx.isDead(bits, 0, 0, cut < 0 ? 1 : 2), `${width}x${height} cut ${cut}`).toBe(expected);
        }
      }
    }
  });
});
