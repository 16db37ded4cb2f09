import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { parseRows } from './format';
import { CELL_EMPTY, CELL_WALL, levelsEqual, toRows, type Level } from './level';
import {
  clearRect, contentBounds, copyRect, cropToContent, floodFill, floodRegion, moveRect, paintCells, pasteClip, rectBetween, rectCells, rectOutline, resizeAnchored, shiftLevel,
} from './gridOps';

/** Random levels 3..9 a side, walls at random, the head on an open cell. */
const levels = fc
  .record({ w: fc.integer({ min: 3, max: 9 }), h: fc.integer({ min: 3, max: 9 }), seed: fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }), head: fc.nat() })
  .map(({ w, h, seed, head }): Level => {
    const cells = new Uint8Array(w * h);
    for (let i = 0; i < cells.length; i++) cells[i] = seed[i] ? CELL_WALL : CELL_EMPTY;
    const at = head % cells.length;
    cells[at] = CELL_EMPTY;
    return { width: w, height: h, cells, head: at };
  });
const cellOf = (level: Level, n: number): number => n % level.cells.length;

/** A level is valid when it round-trips through the text format. */
function valid(level: Level): boolean {
  const back = parseRows(toRows(level));
  return back.ok && levelsEqual(back.value, level);
}

describe('rectangles and lines of cells', () => {
  it('a rectangle holds (|dx|+1)(|dy|+1) cells and its outline the border', () => {
    fc.assert(
      fc.property(levels, fc.nat(), fc.nat(), (level, a, b) => {
        const r = rectBetween(level.width, level.height, cellOf(level, a), cellOf(level, b));
        const w = r.x1 - r.x0 + 1, h = r.y1 - r.y0 + 1;
        expect(rectCells(level.width, r)).toHaveLength(w * h);
        expect(rectOutline(level.width, r)).toHaveLength(w === 1 || h === 1 ? w * h : 2 * (w + h) - 4);
      }),
    );
  });

  it('painting never walls the head and changes only the painted cells', () => {
    fc.assert(
      fc.property(levels, fc.nat(), fc.nat(), fc.boolean(), (level, a, b, wall) => {
        const cells = rectCells(level.width, rectBetween(level.width, level.height, cellOf(level, a), cellOf(level, b)));
        const out = paintCells(level, cells, wall ? 'wall' : 'empty');
        expect(valid(out)).toBe(true);
        const inside = new Set(cells);
        for (let c = 0; c < level.cells.length; c++) {
          if (!inside.has(c) || c === level.head) expect(out.cells[c]).toBe(level.cells[c]);
          else expect(out.cells[c]).toBe(wall ? CELL_WALL : CELL_EMPTY);
        }
      }),
    );
  });
});

describe('flood fill', () => {
  it('fills exactly the connected region of the same kind, and no more', () => {
    fc.assert(
      fc.property(levels, fc.nat(), (level, n) => {
        const start = cellOf(level, n);
        const region = new Set(floodRegion(level, start));
        expect(region.has(start)).toBe(true);
        const kind = level.cells[start];
        const w = level.width;
        for (const c of region) {
          expect(level.cells[c]).toBe(kind);
          // Maximal: a 4-neighbour of the same kind is in the region too.
          const x = c % w;
          for (const m of [x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, c - w, c + w]) {
            if (m >= 0 && m < level.cells.length && level.cells[m] === kind) expect(region.has(m)).toBe(true);
          }
        }
        const filled = floodFill(level, start, kind === CELL_WALL ? 'empty' : 'wall');
        expect(valid(filled)).toBe(true);
      }),
    );
  });
});

describe('selections', () => {
  it('copy then paste in place changes nothing; cut empties the rectangle', () => {
    fc.assert(
      fc.property(levels, fc.nat(), fc.nat(), (level, a, b) => {
        const r = rectBetween(level.width, level.height, cellOf(level, a), cellOf(level, b));
        expect(levelsEqual(pasteClip(level, copyRect(level, r), r.x0, r.y0), level)).toBe(true);
        const cut = clearRect(level, r);
        expect(rectCells(level.width, r).every((c) => cut.cells[c] === CELL_EMPTY)).toBe(true);
      }),
    );
  });

  it('a move puts the copied content at the new place (clipped, head cell kept open)', () => {
    fc.assert(
      fc.property(levels, fc.nat(), fc.nat(), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), (level, a, b, dx, dy) => {
        const r = rectBetween(level.width, level.height, cellOf(level, a), cellOf(level, b));
        const clip = copyRect(level, r);
        const out = moveRect(level, r, dx, dy);
        expect(valid(out)).toBe(true);
        expect(out.head).toBe(level.head);
        for (let y = 0; y < clip.height; y++) {
          for (let x = 0; x < clip.width; x++) {
            const tx = r.x0 + dx + x, ty = r.y0 + dy + y;
            if (tx < 0 || ty < 0 || tx >= level.width || ty >= level.height) continue;
            const c = ty * level.width + tx;
            expect(out.cells[c]).toBe(c === level.head ? CELL_EMPTY : clip.cells[y * clip.width + x]);
          }
        }
      }),
    );
  });

  it('pastes into another level of a different size, clipped to it', () => {
    const from = parseRows(['C####', '.#.#.', '#####']);
    const to = parseRows(['C..', '...', '...']);
    if (!from.ok || !to.ok) throw new Error();
    const out = pasteClip(to.value, copyRect(from.value, { x0: 1, y0: 0, x1: 4, y1: 2 }), 1, 1);
    expect(toRows(out)).toEqual(['C..', '.##', '.#.']);
  });
});

describe('shift, resize, crop', () => {
  it('shifting wraps round and shifting back restores the level', () => {
    fc.assert(
      fc.property(levels, fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), (level, dx, dy) => {
        const out = shiftLevel(level, dx, dy);
        expect(valid(out)).toBe(true);
        expect(out.cells.reduce((s, v) => s + v, 0)).toBe(level.cells.reduce((s, v) => s + v, 0));
        expect(levelsEqual(shiftLevel(out, -dx, -dy), level)).toBe(true);
      }),
    );
  });

  it('growing then shrinking with the same anchor restores the level', () => {
    const anchors = fc.record({ x: fc.constantFrom(-1, 0, 1) as fc.Arbitrary<-1 | 0 | 1>, y: fc.constantFrom(-1, 0, 1) as fc.Arbitrary<-1 | 0 | 1> });
    fc.assert(
      fc.property(levels, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), anchors, (level, gw, gh, anchor) => {
        const grown = resizeAnchored(level, level.width + gw, level.height + gh, anchor);
        if (!grown.ok) throw new Error(grown.error.message);
        expect(valid(grown.value)).toBe(true);
        const back = resizeAnchored(grown.value, level.width, level.height, anchor);
        expect(back.ok && levelsEqual(back.value, level)).toBe(true);
      }),
    );
  });

  it('refuses an out-of-range size and a resize that would cut the head off, with a sentence', () => {
    const level = parseRows(['....', '....', '...C']);
    if (!level.ok) throw new Error();
    expect(resizeAnchored(level.value, 20, 3, { x: -1, y: -1 })).toMatchObject({ ok: false, error: { reason: 'size', message: expect.stringContaining('3 to 16') } });
    expect(resizeAnchored(level.value, 2, 3, { x: -1, y: -1 })).toMatchObject({ ok: false, error: { reason: 'size' } });
    expect(resizeAnchored(level.value, 3, 3, { x: -1, y: -1 })).toMatchObject({ ok: false, error: { reason: 'head' } });
    const kept = resizeAnchored(level.value, 3, 3, { x: 1, y: -1 });
    expect(kept.ok && toRows(kept.value)).toEqual(['...', '...', '..C']);
  });

  it('cropping the walls around the content leaves the puzzle unchanged (naive solver)', () => {
    fc.assert(
      fc.property(levels, (level) => {
        const cropped = cropToContent(level);
        expect(valid(cropped)).toBe(true);
        const b = contentBounds(level);
        expect(cropped.width).toBe(b.x1 - b.x0 + 1);
        const before = naiveAnalyze(toRows(level)), after = naiveAnalyze(toRows(cropped));
        expect(after.classes).toEqual(before.classes);
        expect(after.features.solutionPaths).toBe(before.features.solutionPaths);
      }),
      { numRuns: 60 },
    );
  });
});
