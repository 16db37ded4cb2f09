/**
 * The cat: a body drawn as one rounded tube through the cells it covered,
 * in order, a tail at the start cell and an upright head with ears and eyes.
 */
interface CatSpriteProps {
  /** Cells from the start (tail) to the head, as covered. */
  readonly path: readonly number[];
  readonly width: number;
  readonly cellSize: number;
  /** Dim the cat (e.g. a lost attempt). */
  readonly faded?: boolean;
}

const BODY = '#f5e6cc';
const OUTLINE = '#3b2a1f';

export function CatSprite({ path, width, cellSize: cs, faded = false }: CatSpriteProps) {
  if (path.length === 0) return null;
  const centre = (cell: number): [number, number] => [((cell % width) + 0.5) * cs, (Math.floor(cell / width) + 0.5) * cs];
  const points = path.map(centre);
  const head = points[points.length - 1]!;
  const line = points.map(([x, y]) => `${x},${y}`).join(' ');
  const tube = cs * 0.56;
  const r = cs * 0.36;
  let tail = null;
  if (points.length > 1) {
    const [x0, y0] = points[0]!, [x1, y1] = points[1]!;
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const tx = x0 - ((x1 - x0) / len) * cs * 0.3, ty = y0 - ((y1 - y0) / len) * cs * 0.3;
    tail = (
      <>
        <line x1={x0} y1={y0} x2={tx} y2={ty} stroke={OUTLINE} strokeWidth={cs * 0.2 + 3} strokeLinecap="round" />
        <line x1={x0} y1={y0} x2={tx} y2={ty} stroke={BODY} strokeWidth={cs * 0.2} strokeLinecap="round" />
      </>
    );
  }
  return (
    <g className="cat" opacity={faded ? 0.55 : 1} pointerEvents="none" data-testid="editor.cat">
      {tail}
      {points.length > 1 && (
        <>
          <polyline points={line} fill="none" stroke={OUTLINE} strokeWidth={tube + 3} strokeLinecap="round" strokeLinejoin="round" />
          <polyline points={line} fill="none" stroke={BODY} strokeWidth={tube} strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
      <g transform={`translate(${head[0]},${head[1]})`}>
        <path d={`M ${-r * 0.95} ${-r * 0.2} L ${-r * 0.85} ${-r * 1.25} L ${-r * 0.2} ${-r * 0.85} Z`} fill={BODY} stroke={OUTLINE} strokeWidth={1.5} strokeLinejoin="round" />
        <path d={`M ${r * 0.95} ${-r * 0.2} L ${r * 0.85} ${-r * 1.25} L ${r * 0.2} ${-r * 0.85} Z`} fill={BODY} stroke={OUTLINE} strokeWidth={1.5} strokeLinejoin="round" />
        <circle r={r} fill={BODY} stroke={OUTLINE} strokeWidth={1.5} />
        <circle cx={-r * 0.38} cy={-r * 0.15} r={Math.max(1.2, r * 0.12)} fill={OUTLINE} />
        <circle cx={r * 0.38} cy={-r * 0.15} r={Math.max(1.2, r * 0.12)} fill={OUTLINE} />
        <path d={`M ${-r * 0.12} ${r * 0.2} L ${r * 0.12} ${r * 0.2} L 0 ${r * 0.34} Z`} fill="#e8a0a0" />
      </g>
    </g>
  );
}
