/**
 * A small picture of a level from its rows: walls dark, empty light, the head
 * as an orange dot. Hovering it shows a large preview beside it (kept inside
 * the window), so a 12x12 level in a 40 px thumbnail stays readable.
 */
import { memo, useState } from 'react';
import { createPortal } from 'react-dom';

interface LevelThumbProps {
  readonly rows: readonly string[];
  /** Longest side in pixels. */
  readonly size?: number;
  /** Show the large preview on hover (default true). */
  readonly preview?: boolean;
}

/** Longest side of the hover preview, px. */
const PREVIEW_SIZE = 240;

function LevelPicture({ rows, size, grid }: { rows: readonly string[]; size: number; grid: boolean }) {
  const h = rows.length, w = rows[0]?.length ?? 0;
  const cs = size / Math.max(w, h, 1);
  const cells = [];
  let head: [number, number] | null = null;
  for (let y = 0; y < h; y++) {
    const row = rows[y]!;
    for (let x = 0; x < w; x++) {
      const ch = row[x];
      if (ch === 'C') head = [x, y];
      if (ch === '#') cells.push(<rect key={`${x},${y}`} x={x * cs} y={y * cs} width={cs} height={cs} className="thumb-wall" />);
    }
  }
  const lines = [];
  if (grid) {
    for (let x = 1; x < w; x++) lines.push(<line key={`x${x}`} x1={x * cs} x2={x * cs} y1={0} y2={h * cs} className="thumb-grid" />);
    for (let y = 1; y < h; y++) lines.push(<line key={`y${y}`} y1={y * cs} y2={y * cs} x1={0} x2={w * cs} className="thumb-grid" />);
  }
  return (
    <svg className="thumb" width={w * cs} height={h * cs} viewBox={`0 0 ${w * cs} ${h * cs}`} aria-hidden data-testid={grid ? 'thumb.preview' : 'thumb'}>
      <rect width={w * cs} height={h * cs} className="thumb-empty" />
      {cells}
      {lines}
      {head !== null && <circle cx={(head[0] + 0.5) * cs} cy={(head[1] + 0.5) * cs} r={Math.max(1.5, cs * 0.42)} className="thumb-head" />}
    </svg>
  );
}

export const LevelThumb = memo(function LevelThumb({ rows, size = 56, preview = true }: LevelThumbProps) {
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const h = rows.length, w = rows[0]?.length ?? 0;
  const show = (e: React.MouseEvent<HTMLSpanElement>): void => {
    if (!preview) return;
    const r = e.currentTarget.getBoundingClientRect();
    const cs = PREVIEW_SIZE / Math.max(w, h, 1);
    const pw = w * cs + 12, ph = h * cs + 12;
    const left = r.right + 10 + pw <= window.innerWidth ? r.right + 10 : Math.max(4, r.left - 10 - pw);
    const top = Math.max(4, Math.min(r.top + r.height / 2 - ph / 2, window.innerHeight - 4 - ph));
    setAt({ left, top });
  };
  return (
    <span className="thumb-wrap" onMouseEnter={show} onMouseLeave={() => setAt(null)}>
      <LevelPicture rows={rows} size={size} grid={false} />
      {at !== null &&
        createPortal(
          <div className="thumb-popup" style={{ left: at.left, top: at.top }} role="tooltip">
            <LevelPicture rows={rows} size={PREVIEW_SIZE} grid />
          </div>,
          document.body,
        )}
    </span>
  );
});
