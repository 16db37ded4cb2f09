/**
 * The pack as PNG sheets of thumbnails, for producers and store pages: each
 * level drawn with its number, name, size and difficulty, laid out by
 * `adapters/sheetLayout.ts`. Drawn on a canvas at twice the layout size so
 * the labels stay sharp when zoomed; a pack over one page makes one file per
 * page.
 */
import type { LevelPack } from '../../core/pack/schema';
import { pictureCells, SHEET, sheetPages, type SheetPage } from '../adapters/sheetLayout';
import { downloadBlob } from './download';
import { formatDifficulty } from '../../core/difficulty/scale';

/** Colours of the sheet (the studio's dark theme, the thumbnails' palette). */
const COLOURS = { background: '#111827', empty: '#2b3a50', wall: '#7b8aa1', head: '#f59e0b', text: '#e5e7eb', muted: '#9ca3af' } as const;
/** Canvas pixels per layout pixel. */
const SCALE = 2;

/** `text` cut with an ellipsis to fit `width` in the context's font. */
function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(text.slice(0, mid) + '…').width <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo) + '…';
}

/** `text` in at most two lines of `width`: broken at a space where one fits, the second line cut with an ellipsis. */
function twoLines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  if (ctx.measureText(text).width <= width) return [text];
  let cut = 1;
  while (cut < text.length && ctx.measureText(text.slice(0, cut + 1)).width <= width) cut++;
  const space = text.lastIndexOf(' ', cut);
  if (space > 0) cut = space + 1;
  return [text.slice(0, cut).trimEnd(), fit(ctx, text.slice(cut).trimStart(), width)];
}

/** Draws one page of `pack` on a new canvas. */
export function drawSheet(pack: LevelPack, page: SheetPage, pageNumber: number, pageCount: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = page.width * SCALE;
  canvas.height = page.height * SCALE;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('this browser gives no 2D canvas');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, page.width, page.height);
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = COLOURS.text;
  ctx.font = 'bold 17px system-ui, sans-serif';
  const of = pageCount > 1 ? ` — sheet ${pageNumber} of ${pageCount}` : '';
  ctx.fillText(fit(ctx, `${pack.name}: ${pack.levels.length} level${pack.levels.length === 1 ? '' : 's'}${of}`, page.width - 2 * SHEET.gap), SHEET.gap, 28);
  for (const tile of page.tiles) {
    const level = pack.levels[tile.level]!;
    const h = level.rows.length, w = level.rows[0]?.length ?? 0;
    const { cell, dx, dy } = pictureCells(w, h);
    for (let y = 0; y < h; y++) {
      const row = level.rows[y]!;
      for (let x = 0; x < w; x++) {
        ctx.fillStyle = row[x] === '#' ? COLOURS.wall : COLOURS.empty;
        ctx.fillRect(tile.x + dx + x * cell, tile.y + dy + y * cell, cell, cell);
        if (row[x] === 'C') {
          ctx.fillStyle = COLOURS.head;
          ctx.beginPath();
          ctx.arc(tile.x + dx + (x + 0.5) * cell, tile.y + dy + (y + 0.5) * cell, cell * 0.4, 0, 2 * Math.PI);
          ctx.fill();
        }
      }
    }
    const top = tile.y + SHEET.picture;
    ctx.fillStyle = COLOURS.text;
    ctx.font = 'bold 13px system-ui, sans-serif';
    const title = twoLines(ctx, `${tile.level + 1}. ${level.name}`, SHEET.picture);
    title.forEach((line, i) => ctx.fillText(line, tile.x, top + 17 + 16 * i));
    ctx.fillStyle = COLOURS.muted;
    ctx.font = '12px system-ui, sans-serif';
    const d = level.difficulty;
    const detail = `${w}x${h} · ${d === null ? (level.features.nSolutions === 0 ? 'unsolvable' : 'no difficulty') : `difficulty ${formatDifficulty(d)}`}`;
    ctx.fillText(fit(ctx, detail, SHEET.picture), tile.x, top + 17 + 16 * title.length);
  }
  return canvas;
}

const toPng = (canvas: HTMLCanvasElement): Promise<Blob> =>
  new Promise((resolve, reject) => canvas.toBlob((blob) => (blob === null ? reject(new Error('the browser could not encode the PNG')) : resolve(blob)), 'image/png'));

/**
 * Downloads `pack` as PNG sheets named `<base>.png`, or `<base>-1.png`,
 * `<base>-2.png`, ... when it needs more than one; returns how many.
 */
export async function downloadThumbnailSheets(pack: LevelPack, base: string): Promise<number> {
  const pages = sheetPages(pack.levels.length);
  for (let i = 0; i < pages.length; i++) {
    const blob = await toPng(drawSheet(pack, pages[i]!, i + 1, pages.length));
    downloadBlob(blob, pages.length === 1 ? `${base}.png` : `${base}-${i + 1}.png`);
  }
  return pages.length;
}
