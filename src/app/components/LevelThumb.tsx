/** A small picture of a level from its rows: walls dark, empty light, the head as an orange dot. */
import { memo } from 'react';

interface LevelThumbProps {
  readonly rows: readonly string[];
  /** Longest side in pixels. */
  readonly size?: number;
}

export const LevelThumb = memo(function LevelThumb({ rows, size = 56 }: LevelThumbProps) {
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
  return (
    <svg className="thumb" width={w * cs} height={h * cs} viewBox={`0 0 ${w * cs} ${h * cs}`} aria-hidden data-testid="thumb">
      <rect width={w * cs} height={h * cs} className="thumb-empty" />
      {cells}
      {head !== null && <circle cx={(head[0] + 0.5) * cs} cy={(head[1] + 0.5) * cs} r={Math.max(1.5, cs * 0.42)} className="thumb-head" />}
    </svg>
  );
});
