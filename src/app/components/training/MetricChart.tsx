/** One training metric as a d3 line chart (scales, line, ticks) against training minutes. */
import { line, scaleLinear } from 'd3';
import { memo } from 'react';
import type { MetricSeries } from '../../adapters/trainingSeries';

const W = 300, H = 140, M = { l: 40, r: 12, t: 8, b: 20 };

export const MetricChart = memo(function MetricChart({ series }: { series: MetricSeries }) {
  const { points, xDomain, yDomain } = series;
  const x = scaleLinear().domain(xDomain).range([M.l, W - M.r]);
  const y = scaleLinear().domain(yDomain).range([H - M.b, M.t]);
  const path = line<(typeof points)[number]>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))(points);
  const sparse = points.length <= 40;
  const fmt = y.tickFormat(4);
  return (
    <figure className="train-chart" data-testid={`training.chart.${series.key}`} data-points={points.length} data-last={series.last ?? ''}>
      <figcaption>
        <span className="train-chart-title">{series.label}</span>
        <b className="train-chart-value" style={{ color: series.colour }}>
          {series.last === null ? '—' : series.last.toFixed(series.digits)}
        </b>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${series.label} over training time`}>
        {y.ticks(4).map((t) => (
          <g key={t}>
            <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} className="train-grid" />
            <text x={M.l - 5} y={y(t) + 3} textAnchor="end" className="train-tick">{fmt(t)}</text>
          </g>
        ))}
        {x.ticks(5).map((t) => (
          <text key={t} x={x(t)} y={H - 5} textAnchor="middle" className="train-tick">{t}</text>
        ))}
        <text x={M.l - 5} y={H - 5} textAnchor="end" className="train-tick train-axis-label">min</text>
        {path !== null && <path d={path} fill="none" stroke={series.colour} strokeWidth={1.8} strokeLinejoin="round" />}
        {sparse && points.map((p, i) => <circle key={i} cx={x(p.x)} cy={y(p.y)} r={2.4} fill={series.colour} />)}
        {points.length === 0 && (
          <text x={(M.l + W - M.r) / 2} y={(M.t + H - M.b) / 2} textAnchor="middle" className="train-tick">no data yet</text>
        )}
      </svg>
      <small className="muted">{series.note}</small>
    </figure>
  );
});
