/** Difficulty histogram of unique levels (thesis Figs. 5.2 and 5.4): bins of 5, band-coloured, linear or log counts. */
import { scaleLinear, scaleLog } from 'd3';
import type { HistogramBin } from '../../adapters/batchSeries';
import { bandSpans } from '../../adapters/chartSeries';
import { CHART, logTicks, tickText } from './chartTheme';

interface HistogramChartProps {
  readonly bins: readonly HistogramBin[];
  readonly log: boolean;
  readonly label: string;
}

export function HistogramChart({ bins, log, label }: HistogramChartProps) {
  const { width: W, height: H, margin: M } = CHART;
  const top = bins.length === 0 ? 100 : bins[bins.length - 1]!.x1;
  const max = Math.max(1, ...bins.map((b) => b.count));
  const x = scaleLinear().domain([0, top]).range([M.l, W - M.r]);
  const y = log ? scaleLog().domain([0.6, max * 1.4]).range([H - M.b, M.t]).clamp(true) : scaleLinear().domain([0, max]).nice().range([H - M.b, M.t]);
  const base = log ? 0.6 : 0;
  const yTicks = log ? logTicks(max) : y.ticks(5);
  const xTicks: number[] = [];
  for (let t = 0; t <= top; t += top > 200 ? 40 : 20) xTicks.push(t);
  const empty = bins.every((b) => b.count === 0);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label={label} fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="batch.histogram" data-log={log}>
      <rect width={W} height={H} fill={CHART.background} />
      {bandSpans(top).map((b) => (
        <rect key={b.band} x={x(b.from)} width={x(b.to) - x(b.from)} y={M.t} height={H - M.b - M.t} fill={b.colour} opacity={0.07} />
      ))}
      {yTicks.map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke={CHART.grid} />
          <text x={M.l - 5} y={y(t) + 3.5} textAnchor="end" fill={CHART.axis}>{tickText(t)}</text>
        </g>
      ))}
      {bins.map((b) =>
        b.count === 0 ? null : (
          <rect
            key={b.x0}
            x={x(b.x0) + 0.5}
            width={Math.max(1, x(b.x1) - x(b.x0) - 1)}
            y={y(b.count)}
            height={Math.max(0.5, y(base) - y(b.count))}
            fill={b.colour}
            data-testid="batch.histogram.bar"
            data-x0={b.x0}
            data-count={b.count}
          >
            <title>{`${b.x0}–${b.x1}: ${b.count.toLocaleString('en-US')} levels`}</title>
          </rect>
        ),
      )}
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} stroke={CHART.axis} />
      {xTicks.map((t) => (
        <text key={t} x={x(t)} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{t}{t === 200 && bins.length > 40 ? '+' : ''}</text>
      ))}
      <text x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle" fill={CHART.muted}>difficulty (bins of 5)</text>
      <text x={12} y={(M.t + H - M.b) / 2} textAnchor="middle" fill={CHART.muted} transform={`rotate(-90 12 ${(M.t + H - M.b) / 2})`}>
        unique levels{log ? ' (log)' : ''}
      </text>
      {empty && (
        <text x={W / 2} y={H / 2} textAnchor="middle" fill={CHART.muted}>no levels yet</text>
      )}
    </svg>
  );
}
