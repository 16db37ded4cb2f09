import { describe, expect, it } from 'vitest';
import { pictureCells, SHEET, sheetPages } from './sheetLayout';

describe('sheetPages', () => {
  it('places every level once, in order, without overlaps, inside its page', () => {
    for (const count of [0, 1, 7, 8, 9, 95, 96, 97, 250]) {
      const pages = sheetPages(count);
      expect(pages.flatMap((p) => p.tiles.map((t) => t.level))).toEqual(Array.from({ length: count }, (_, i) => i));
      for (const page of pages) {
        expect(page.tiles.length).toBeLessThanOrEqual(SHEET.perPage);
        const boxes = page.tiles.map((t) => ({ x0: t.x, y0: t.y, x1: t.x + SHEET.picture, y1: t.y + SHEET.picture + SHEET.label }));
        for (const b of boxes) {
          expect(b.x0).toBeGreaterThanOrEqual(0);
          expect(b.y0).toBeGreaterThanOrEqual(SHEET.title);
          expect(b.x1).toBeLessThanOrEqual(page.width);
          expect(b.y1).toBeLessThanOrEqual(page.height);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!, b = boxes[j]!;
            expect(a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0, `tiles ${i} and ${j} overlap`).toBe(true);
          }
        }
        // Browsers refuse canvases past 32,767 px a side; the sheet is drawn at 2x.
        expect(Math.max(page.width, page.height) * 2).toBeLessThan(32_767);
      }
      expect(pages).toHaveLength(Math.ceil(count / SHEET.perPage));
    }
  });
});

describe('pictureCells', () => {
  it('fits any level in the square with whole-pixel cells, centred', () => {
    for (let w = 3; w <= 16; w++) {
      for (let h = 3; h <= 16; h++) {
        const { cell, dx, dy } = pictureCells(w, h);
        expect(Number.isInteger(cell) && cell >= 1).toBe(true);
        expect(dx + cell * w).toBeLessThanOrEqual(SHEET.picture);
        expect(dy + cell * h).toBeLessThanOrEqual(SHEET.picture);
        expect(Math.abs(SHEET.picture - cell * w - 2 * dx)).toBeLessThanOrEqual(1);
        expect(Math.abs(SHEET.picture - cell * h - 2 * dy)).toBeLessThanOrEqual(1);
        expect((cell + 1) * Math.max(w, h)).toBeGreaterThan(SHEET.picture); // the largest whole cell that fits
      }
    }
  });
});
