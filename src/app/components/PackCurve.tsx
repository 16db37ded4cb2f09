/** The pack's difficulty curve (d3 scales and line): difficulty by position over the band backgrounds. */
import { line, scaleLinear } from 'd3';
import { bandSpans, curveMax, difficultyCurve } from '../adapters/chartSeries';
import { selectPackLevelDifficulty } from '../store/selectors';
import { useStudioShallow } from '../studioContext';
import { formatDifficulty } from '../../core/difficulty/scale';

const W = 268, H = 108, M = { l: 26, r: 8, t: 8, b: 18 };

export function PackCurve() {
  // Difficulties are derived (features + the active model), so a new model re-draws the curve.
  const { pack, levels, featureCache, graph, model } = useStudioShallow((s) => ({ pack: s.pack, levels: s.pack.levels, featureCache: s.featureCache, graph: s.analysis.graph, model: s.model }));
  const points = difficultyCurve(levels, (l) => selectPackLevelDifficulty({ pack, featureCache, analysis: { graph }, model }, l));
  const top = curveMax(points);
  const x = scaleLinear().domain([0, Math.max(1, points.length - 1)]).range([M.l, W - M.r]);
  const y = scaleLinear().domain([0, top]).range([H - M.b, M.t]);
  const known = points.filter((p) => p.difficulty !== null);
  const path = line<(typeof points)[number]>()
    .defined((p) => p.difficulty !== null)
    .x((p) => x(p.index))
    .y((p) => y(p.difficulty ?? 0))(points);
  return (
    <svg className="curve" width={W} height={H} data-testid="pack.curve" data-points={known.length} role="img" aria-label="difficulty curve of the pack">
      {bandSpans(top).map((b) => (
        <rect key={b.band} x={M.l} width={W - M.l - M.r} y={y(b.to)} height={y(b.from) - y(b.to)} fill={b.colour} opacity={0.12} />
      ))}
      {y.ticks(4).map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} className="gridline" />
          <text x={M.l - 4} y={y(t) + 3} textAnchor="end" className="tick">{t}</text>
        </g>
      ))}
      <text x={W - M.r} y={H - 4} textAnchor="end" className="tick">level →</text>
      {path !== null && <path d={path} className="curve-line" />}
      {known.map((p) => (
        <circle key={p.id} cx={x(p.index)} cy={y(p.difficulty!)} r={3} className={`curve-dot band-${p.band}`}>
          <title>{`${p.index + 1}. ${p.name}: ${formatDifficulty(p.difficulty!)} (${p.band})`}</title>
        </circle>
      ))}
      {points.length === 0 && (
        <text x={W / 2} y={H / 2} textAnchor="middle" className="tick">no levels yet</text>
      )}
    </svg>
  );
}
