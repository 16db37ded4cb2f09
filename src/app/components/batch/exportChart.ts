/**
 * Saving a chart: its SVG as a standalone file, or drawn onto a canvas at
 * twice its size and saved as PNG. Charts carry their own background and
 * styles as attributes (chartTheme.ts), so nothing else is needed.
 */
import { downloadBlob } from '../../files/download';

/** The chart as standalone SVG text (namespace, pixel size from its viewBox). */
export function svgMarkup(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const vb = svg.viewBox.baseVal;
  if (vb !== null && vb.width > 0) {
    clone.setAttribute('width', String(vb.width));
    clone.setAttribute('height', String(vb.height));
  }
  clone.removeAttribute('class');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

/** Renders SVG text to a PNG blob at `scale` times its size. */
export async function svgToPng(markup: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2D canvas in this browser');
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b === null ? reject(new Error('PNG encoding failed')) : resolve(b)), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves the chart as `<name>.svg`. */
export function downloadSvg(svg: SVGSVGElement, name: string): void {
  downloadBlob(new Blob([svgMarkup(svg)], { type: 'image/svg+xml' }), `${name}.svg`);
}

/** Saves the chart as `<name>.png` (2x). */
export async function downloadPng(svg: SVGSVGElement, name: string): Promise<void> {
  const vb = svg.viewBox.baseVal;
  const w = vb !== null && vb.width > 0 ? vb.width : svg.clientWidth, h = vb !== null && vb.height > 0 ? vb.height : svg.clientHeight;
  downloadBlob(await svgToPng(svgMarkup(svg), w, h), `${name}.png`);
}
