/** Unique levels per difficulty span (SPEC §8: 0-20 … 80-200), with counts and shares. */
import { scaleBand, scaleLinear, scaleLog } from 'd3';
import type { SpanBar } from '../../adapters/batchSeries';
import { CHART, logTicks, tickText } from './chartTheme';

export function SpansChart({ bars, log, label }: { readonly bars: readonly SpanBar[]; readonly log: boolean; readonly label: string }) {
  const { width: W, height: H, margin: M } = CHART;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const x = scaleBand<string>().domain(bars.map((b) => b.label)).range([M.l, W - M.r]).padding(0.28);
  const y = log ? scaleLog().domain([0.6, max * 2]).range([H - M.b, M.t + 12]).clamp(true) : scaleLinear().domain([0, max * 1.12]).range([H - M.b, M.t + 12]);
  const base = log ? 0.6 : 0;
  const yTicks = log ? logTicks(max) : y.ticks(5);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label={label} fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="batch.spans" data-log={log}>
      <rect width={W} height={H} fill={CHART.background} />
      {yTicks.map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke={CHART.grid} />
          <text x={M.l - 5} y={y(t) + 3.5} textAnchor="end" fill={CHART.axis}>{tickText(t)}</text>
        </g>
      ))}
      {bars.map((b) => {
        const bx = x(b.label)!, bw = x.bandwidth();
        const top = b.count === 0 ? y(base) : y(b.count);
        return (
          <g key={b.label}>
            {b.count > 0 && (
              <rect x={bx} width={bw} y={top} height={Math.max(0.5, y(base) - top)} fill={b.colour} rx={2} data-testid="batch.spans.bar" data-span={b.label} data-count={b.count}>
                <title>{`${b.label}: ${b.count.toLocaleString('en-US')} levels (${(100 * b.share).toFixed(1)}% of unique)`}</title>
              </rect>
            )}
            {b.count === 0 && <rect x={bx} width={bw} y={y(base) - 1} height={1} fill={CHART.axis} data-testid="batch.spans.bar" data-span={b.label} data-count={0} />}
            <text x={bx + bw / 2} y={top - 14} textAnchor="middle" fill={CHART.text} fontWeight={600}>{b.count.toLocaleString('en-US')}</text>
            <text x={bx + bw / 2} y={top - 3} textAnchor="middle" fill={CHART.muted} fontSize={10}>{(100 * b.share).toFixed(1)}%</text>
            <text x={bx + bw / 2} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{b.label}</text>
          </g>
        );
      })}
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} stroke={CHART.axis} />
      <text x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle" fill={CHART.muted}>difficulty span</text>
      <text x={12} y={(M.t + H - M.b) / 2} textAnchor="middle" fill={CHART.muted} transform={`rotate(-90 12 ${(M.t + H - M.b) / 2})`}>
        unique levels{log ? ' (log)' : ''}
      </text>
    </svg>
  );
}
