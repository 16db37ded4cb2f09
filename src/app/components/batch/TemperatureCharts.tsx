/**
 * SD-PCGRL per temperature, as the thesis plotted it for a designer:
 * duplicates (Fig. 5.6), the difficulty distribution (Fig. 5.7) and levels
 * per difficulty span (Fig. 5.8), the best temperature per span starred.
 */
import { interpolatePlasma, line, scaleBand, scaleLinear, scaleLog } from 'd3';
import { bestTemperaturePerSpan, spanLabel, type TemperaturePoint } from '../../adapters/batchSeries';
import { DIFFICULTY_SPANS, HISTOGRAM_BIN } from '../../../core/generators/evaluate';
import { CHART, logTicks, tickText } from './chartTheme';

const DUPLICATE_FILL = '#4b5563';

/** A temperature's colour (plasma, kept off its darkest end for the dark background). */
export const temperatureColour = (t: number): string => interpolatePlasma(0.2 + 0.75 * t);

const axisLabels = (x: string, y: string) => {
  const { width: W, height: H, margin: M } = CHART;
  return (
    <>
      <text x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle" fill={CHART.muted}>{x}</text>
      <text x={12} y={(M.t + H - M.b) / 2} textAnchor="middle" fill={CHART.muted} transform={`rotate(-90 12 ${(M.t + H - M.b) / 2})`}>{y}</text>
    </>
  );
};

function yAxis(ticks: number[], y: (v: number) => number) {
  const { width: W, margin: M } = CHART;
  return ticks.map((t) => (
    <g key={t}>
      <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke={CHART.grid} />
      <text x={M.l - 5} y={y(t) + 3.5} textAnchor="end" fill={CHART.axis}>{tickText(t)}</text>
    </g>
  ));
}

/** Unique and duplicate levels per temperature, stacked, with the duplicate share on top. */
export function DuplicatesChart({ points }: { readonly points: readonly TemperaturePoint[] }) {
  const { width: W, height: H, margin: M } = CHART;
  const max = Math.max(1, ...points.map((p) => p.unique + p.duplicates));
  const x = scaleBand<number>().domain(points.map((p) => p.temperature)).range([M.l, W - M.r]).padding(0.22);
  const y = scaleLinear().domain([0, max]).nice().range([H - M.b, M.t + 20]);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label="duplicates per temperature" fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="batch.temperature.duplicates">
      <rect width={W} height={H} fill={CHART.background} />
      {yAxis(y.ticks(5), y)}
      {points.map((p) => {
        const bx = x(p.temperature)!, bw = x.bandwidth();
        return (
          <g key={p.temperature} data-testid="batch.temperature.duplicates.bar" data-temperature={p.temperature} data-duplicates={p.duplicates}>
            <rect x={bx} width={bw} y={y(p.unique)} height={y(0) - y(p.unique)} fill={temperatureColour(p.temperature)} opacity={0.85}>
              <title>{`t = ${p.temperature}: ${p.unique.toLocaleString('en-US')} unique`}</title>
            </rect>
            <rect x={bx} width={bw} y={y(p.unique + p.duplicates)} height={y(p.unique) - y(p.unique + p.duplicates)} fill={DUPLICATE_FILL}>
              <title>{`t = ${p.temperature}: ${p.duplicates.toLocaleString('en-US')} duplicates (${p.duplicatesPercent.toFixed(1)}%)`}</title>
            </rect>
            <text x={bx + bw / 2} y={y(p.unique + p.duplicates) - 4} textAnchor="middle" fill={CHART.text} fontSize={10}>{p.duplicatesPercent.toFixed(0)}%</text>
            <text x={bx + bw / 2} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{p.temperature}</text>
          </g>
        );
      })}
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} stroke={CHART.axis} />
      <g transform={`translate(${M.l + 4}, 4)`}>
        {[0, 0.5, 1].map((t, i) => (
          <rect key={t} x={i * 6} width={6} height={10} fill={temperatureColour(t)} />
        ))}
        <text x={22} y={9} fill={CHART.text}>unique (colour = temperature)</text>
        <rect x={206} width={10} height={10} fill={DUPLICATE_FILL} />
        <text x={220} y={9} fill={CHART.text}>duplicates (% on top)</text>
      </g>
      {axisLabels('temperature (share of random moves)', 'levels')}
    </svg>
  );
}

/** Levels per span, one bar per temperature in each span group (log or linear); the best temperature per span is starred. */
export function SpansByTemperatureChart({ points, log }: { readonly points: readonly TemperaturePoint[]; readonly log: boolean }) {
  const { width: W, height: H, margin: M } = CHART;
  const max = Math.max(1, ...points.flatMap((p) => p.spans));
  const groups = scaleBand<number>().domain(DIFFICULTY_SPANS.map((_, i) => i)).range([M.l, W - M.r]).paddingInner(0.16).paddingOuter(0.05);
  const inner = scaleBand<number>().domain(points.map((p) => p.temperature)).range([0, groups.bandwidth()]).padding(0.08);
  const y = log ? scaleLog().domain([0.6, max * 2]).range([H - M.b, M.t + 10]).clamp(true) : scaleLinear().domain([0, max * 1.1]).nice().range([H - M.b, M.t + 10]);
  const base = log ? 0.6 : 0;
  const best = bestTemperaturePerSpan(points);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label="levels per difficulty span and temperature" fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="batch.temperature.spans" data-log={log}>
      <rect width={W} height={H} fill={CHART.background} />
      {yAxis(log ? logTicks(max) : y.ticks(5), y)}
      {DIFFICULTY_SPANS.map((_, i) => {
        const gx = groups(i)!;
        return (
          <g key={i}>
            {points.map((p) => {
              const c = p.spans[i]!;
              const bx = gx + inner(p.temperature)!;
              const isBest = best[i] === p.temperature;
              return c === 0 ? null : (
                <g key={p.temperature}>
                  <rect x={bx} width={inner.bandwidth()} y={y(c)} height={Math.max(0.5, y(base) - y(c))} fill={temperatureColour(p.temperature)} data-testid="batch.temperature.spans.bar" data-span={i} data-temperature={p.temperature} data-count={c}>
                    <title>{`${spanLabel(i)}, t = ${p.temperature}: ${c.toLocaleString('en-US')} levels`}</title>
                  </rect>
                  {isBest && <text x={bx + inner.bandwidth() / 2} y={y(c) - 3} textAnchor="middle" fill={CHART.accent} fontSize={10}>★</text>}
                </g>
              );
            })}
            <text x={gx + groups.bandwidth() / 2} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{spanLabel(i)}</text>
            {best[i] !== null && (
              <text x={gx + groups.bandwidth() / 2} y={H - M.b + 26} textAnchor="middle" fill={CHART.accent} fontSize={10} data-testid="batch.temperature.spans.best">
                ★ most at t = {best[i]}
              </text>
            )}
          </g>
        );
      })}
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} stroke={CHART.axis} />
      {axisLabels('', `unique levels${log ? ' (log)' : ''}`)}
    </svg>
  );
}

/** The difficulty histogram of every temperature as a line each (log or linear counts). */
export function DistributionByTemperatureChart({ points, log }: { readonly points: readonly TemperaturePoint[]; readonly log: boolean }) {
  const { width: W, height: H, margin: M } = CHART;
  const bins = Math.max(20, ...points.map((p) => p.histogram.length));
  const top = bins * HISTOGRAM_BIN;
  const max = Math.max(1, ...points.flatMap((p) => p.histogram));
  const x = scaleLinear().domain([0, top]).range([M.l, W - M.r - 44]);
  const y = log ? scaleLog().domain([0.6, max * 1.4]).range([H - M.b, M.t]).clamp(true) : scaleLinear().domain([0, max]).nice().range([H - M.b, M.t]);
  const xTicks: number[] = [];
  for (let t = 0; t <= top; t += top > 200 ? 40 : 20) xTicks.push(t);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" role="img" aria-label="difficulty distribution per temperature" fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="batch.temperature.distribution">
      <rect width={W} height={H} fill={CHART.background} />
      {yAxis(log ? logTicks(max) : y.ticks(5), y)}
      {points.map((p) => {
        const values = Array.from({ length: bins }, (_, i) => p.histogram[i] ?? 0);
        const path = line<number>()
          .defined((c) => !log || c > 0)
          .x((_, i) => x((i + 0.5) * HISTOGRAM_BIN))
          .y((c) => y(log ? Math.max(c, 0.6) : c))(values);
        return path === null ? null : <path key={p.temperature} d={path} fill="none" stroke={temperatureColour(p.temperature)} strokeWidth={1.6} data-testid="batch.temperature.distribution.line" data-temperature={p.temperature} />;
      })}
      <line x1={M.l} x2={W - M.r - 44} y1={H - M.b} y2={H - M.b} stroke={CHART.axis} />
      {xTicks.map((t) => (
        <text key={t} x={x(t)} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{t}</text>
      ))}
      <g transform={`translate(${W - M.r - 36}, ${M.t})`}>
        {points.map((p, i) => (
          <g key={p.temperature} transform={`translate(0, ${i * 14})`}>
            <line x1={0} x2={12} y1={5} y2={5} stroke={temperatureColour(p.temperature)} strokeWidth={2.5} />
            <text x={16} y={9} fill={CHART.text} fontSize={10}>{p.temperature}</text>
          </g>
        ))}
      </g>
      {axisLabels('difficulty (bins of 5)', `unique levels${log ? ' (log)' : ''}`)}
    </svg>
  );
}
