/** A level's small picture with some cells outlined: the cells a suggestion changes, or the pinned cells a generated level keeps. */
export function MarkedGrid({ rows, marked, size, markClass }: { rows: readonly string[]; marked: readonly number[]; size: number; markClass: string }) {
  const h = rows.length, w = rows[0]?.length ?? 0;
  const cs = size / Math.max(w, h, 1);
  const cells = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const ch = rows[y]![x];
      if (ch === '#') cells.push(<rect key={`w${x},${y}`} x={x * cs} y={y * cs} width={cs} height={cs} className="thumb-wall" />);
      if (ch === 'C') cells.push(<circle key="head" cx={(x + 0.5) * cs} cy={(y + 0.5) * cs} r={Math.max(1.5, cs * 0.4)} className="thumb-head" />);
    }
  }
  for (const i of marked) cells.push(<rect key={`m${i}`} x={(i % w) * cs + 1} y={Math.floor(i / w) * cs + 1} width={cs - 2} height={cs - 2} className={markClass} />);
  return (
    <svg className="thumb" width={w * cs} height={h * cs} viewBox={`0 0 ${w * cs} ${h * cs}`} aria-hidden>
      <rect width={w * cs} height={h * cs} className="thumb-empty" />
      {cells}
    </svg>
  );
}
