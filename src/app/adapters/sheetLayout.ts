/**
 * Where each level goes on a PNG sheet of thumbnails: a title band, then a
 * grid of tiles (the level drawn in a square, its number and name, its size
 * and difficulty under it). Pure arithmetic, so the test can check it and
 * the canvas code only draws. Big packs are split into pages so that no
 * sheet passes what browsers can encode (a canvas side of 32,767 px).
 */

/** Sizes of one sheet, in CSS pixels (the canvas multiplies by its scale). */
export const SHEET = {
  /** Longest side of a level picture. */
  picture: 128,
  /** Space around each tile. */
  gap: 14,
  /** Height of the label under a picture: the number and name (up to two lines), then size and difficulty. */
  label: 54,
  /** Height of the title band at the top. */
  title: 44,
  /** Most tiles in a row. */
  columns: 8,
  /** Most levels on one sheet; more make more sheets. */
  perPage: 96,
} as const;

/** One tile's place on its sheet. */
export interface SheetTile {
  /** Index into the pack (0-based). */
  readonly level: number;
  /** Top-left of the picture square. */
  readonly x: number;
  readonly y: number;
}

/** One sheet: its size and its tiles. */
export interface SheetPage {
  readonly width: number;
  readonly height: number;
  readonly tiles: readonly SheetTile[];
}

/** Width and height of one tile including its gap. */
export const TILE_WIDTH = SHEET.picture + SHEET.gap;
export const TILE_HEIGHT = SHEET.picture + SHEET.label + SHEET.gap;

/** The pages for `count` levels (none for an empty pack), in pack order. O(count). */
export function sheetPages(count: number): SheetPage[] {
  const pages: SheetPage[] = [];
  for (let first = 0; first < count; first += SHEET.perPage) {
    const n = Math.min(SHEET.perPage, count - first);
    const columns = Math.min(SHEET.columns, n);
    const rows = Math.ceil(n / columns);
    const tiles: SheetTile[] = [];
    for (let i = 0; i < n; i++) {
      tiles.push({
        level: first + i,
        x: SHEET.gap + (i % columns) * TILE_WIDTH,
        y: SHEET.title + Math.floor(i / columns) * TILE_HEIGHT,
      });
    }
    pages.push({ width: SHEET.gap + columns * TILE_WIDTH, height: SHEET.title + rows * TILE_HEIGHT, tiles });
  }
  return pages;
}

/** The picture's cell size and offset inside its square for a W x H level: centred, whole pixels per cell. */
export function pictureCells(width: number, height: number): { cell: number; dx: number; dy: number } {
  const cell = Math.floor(SHEET.picture / Math.max(width, height));
  return { cell, dx: Math.floor((SHEET.picture - cell * width) / 2), dy: Math.floor((SHEET.picture - cell * height) / 2) };
}
