/** A scatter plot drawn with d3 scales (React renders the SVG): points, axes with ticks, an optional y = x line, and Pearson's r. */
import { scaleLinear } from 'd3';
import type { ScatterSeries } from '../../adapters/labSeries';
import { formatStat } from '../../adapters/labSeries';

interface LabScatterProps {
  readonly series: ScatterSeries;
  readonly width: number;
  readonly height: number;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Draws the y = x line (predicted against actual). */
  readonly diagonal?: boolean;
  readonly title?: string;
  /** Emphasised (a chosen feature). */
  readonly highlight?: boolean;
  readonly testId: string;
  readonly feature?: string;
}

const M = { l: 38, r: 10, t: 20, b: 28 };

export function LabScatter({ series, width, height, xLabel, yLabel, diagonal = false, title, highlight = false, testId, feature }: LabScatterProps) {
  const x = scaleLinear().domain(series.xDomain).range([M.l, width - M.r]).nice();
  const y = scaleLinear().domain(series.yDomain).range([height - M.b, M.t]).nice();
  const countX = width > 300 ? 6 : 3, countY = height > 240 ? 6 : 4;
  const ticksX = x.ticks(countX), ticksY = y.ticks(countY);
  // Large counts (solutionPaths reaches 2^53) in SI units, the rest as plain numbers.
  const spec = (domain: number[]): string => (Math.max(...domain.map(Math.abs)) >= 1e4 ? '~s' : '~f');
  const formatX = x.tickFormat(countX, spec(x.domain())), formatY = y.tickFormat(countY, spec(y.domain()));
  const [d0, d1] = [Math.max(x.domain()[0]!, y.domain()[0]!), Math.min(x.domain()[1]!, y.domain()[1]!)];
  const r = series.r;
  const small = width < 300;
  return (
    <svg
      className={`lab-scatter${highlight ? ' lab-scatter-chosen' : ''}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${title ?? `${yLabel} against ${xLabel}`}${r === null ? '' : `, r = ${r.toFixed(2)}`}`}
      data-testid={testId}
      data-points={series.total}
      data-r={r ?? ''}
      {...(feature !== undefined ? { 'data-feature': feature } : {})}
    >
      <rect x={M.l} y={M.t} width={width - M.l - M.r} height={height - M.t - M.b} className="lab-plot-bg" />
      {ticksY.map((t) => (
        <g key={`y${t}`}>
          <line x1={M.l} x2={width - M.r} y1={y(t)} y2={y(t)} className="lab-gridline" />
          <text x={M.l - 4} y={y(t) + 3} textAnchor="end" className="lab-tick">{formatY(t)}</text>
        </g>
      ))}
      {ticksX.map((t) => (
        <g key={`x${t}`}>
          <line x1={x(t)} x2={x(t)} y1={M.t} y2={height - M.b} className="lab-gridline" />
          <text x={x(t)} y={height - M.b + 11} textAnchor="middle" className="lab-tick">{formatX(t)}</text>
        </g>
      ))}
      {diagonal && d1 > d0 && <line x1={x(d0)} y1={y(d0)} x2={x(d1)} y2={y(d1)} className="lab-diagonal" data-testid={`${testId}.diagonal`} />}
      {series.points.map((p, i) => (
        <circle key={i} cx={x(p.x)} cy={y(p.y)} r={small ? 2.2 : 3.2} className="lab-dot">
          <title>{`${p.label}: ${xLabel} ${formatStat(p.x)}, ${yLabel} ${formatStat(p.y)}`}</title>
        </circle>
      ))}
      <text x={small ? 6 : M.l} y={12} className={`lab-plot-title${highlight ? ' chosen' : ''}`}>{title ?? xLabel}</text>
      <text x={width - M.r} y={12} textAnchor="end" className="lab-plot-r" data-testid={`${testId}.r`}>
        {r === null ? 'r undefined' : `r = ${r.toFixed(2)}`}
      </text>
      {!small && (
        <>
          <text x={(M.l + width - M.r) / 2} y={height - 3} textAnchor="middle" className="lab-axis-label">{xLabel}</text>
          <text transform={`translate(10 ${(M.t + height - M.b) / 2}) rotate(-90)`} textAnchor="middle" className="lab-axis-label">{yLabel}</text>
        </>
      )}
      {series.total > series.points.length && (
        <text x={width - M.r - 2} y={M.t + 11} textAnchor="end" className="lab-tick">
          {series.points.length.toLocaleString('en-US')} of {series.total.toLocaleString('en-US')} drawn
        </text>
      )}
      {series.points.length === 0 && <text x={width / 2} y={height / 2} textAnchor="middle" className="lab-tick">no data</text>}
    </svg>
  );
}
