/**
 * Colours and sizes of the Batch view's charts, as SVG attributes rather
 * than CSS classes: an exported SVG or PNG must look the same outside the
 * page (no stylesheet travels with it).
 */
export const CHART = {
  width: 560,
  height: 240,
  margin: { l: 46, r: 12, t: 14, b: 34 },
  background: '#111827',
  grid: '#273244',
  axis: '#6b7280',
  text: '#cbd5e1',
  muted: '#9ca3af',
  accent: '#fbbf24',
  font: 'system-ui, -apple-system, "Segoe UI", sans-serif',
  fontSize: 11,
} as const;

/** Ticks for a log axis: 1, 10, 100… up to `max`. */
export function logTicks(max: number): number[] {
  const out: number[] = [];
  for (let t = 1; t <= Math.max(1, max); t *= 10) out.push(t);
  return out;
}

/** 12,345 / 1.2k-style tick text. */
export function tickText(v: number): string {
  if (v >= 10_000) return `${Math.round(v / 1000)}k`;
  if (v >= 1000) return `${(v / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}
