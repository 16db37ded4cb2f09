/**
 * Expressive-range maps side by side in one SVG (so one PNG holds them all):
 * a 2-D histogram per set of levels on shared axes, cells shaded by count
 * (log), the pack's levels as rings and rated levels as diamonds over every
 * map. Clicking a cell picks it (its levels open below the chart).
 */
import { scaleSequentialLog, interpolateYlOrRd } from 'd3';
import { axisFraction, mapShape } from '../../../core/range/histogram';
import { MEASURES, type MeasureName } from '../../../core/range/measures';
import { sweepAxisTitle, sweepMeasureTitle, type SweepParameter, type SweepPoint } from '../../../core/range/sweep';
import type { RangeResult } from '../../../workers/range.protocol';
import { CHART } from './chartTheme';

/** A picked cell: the map (group) and the bin. */
export interface PickedBin {
  readonly group: number;
  readonly xi: number;
  readonly yi: number;
}

const PLOT = 170;
const GAP = 26;
const MARGIN = { l: 44, t: 22, b: 34, r: 10 };
const PER_ROW = 4;

const tick = (v: number): string => (Math.abs(v) >= 10_000 ? v.toExponential(0) : Math.abs(v) >= 100 ? String(Math.round(v)) : String(Number(v.toPrecision(2))));

export function RangeMapChart({ result, labels, picked, onPick }: { readonly result: RangeResult; readonly labels: readonly string[]; readonly picked: PickedBin | null; readonly onPick: (bin: PickedBin) => void }) {
  const n = result.maps.length;
  const cols = Math.min(PER_ROW, n), rows = Math.ceil(n / PER_ROW);
  const cellW = MARGIN.l + PLOT + MARGIN.r + GAP;
  const W = cols * cellW, H = rows * (MARGIN.t + PLOT + MARGIN.b);
  const { xBins, yBins } = mapShape(result);
  const max = Math.max(1, ...result.maps.map((m) => m.counts.reduce((a, c) => Math.max(a, c), 0)));
  const colour = scaleSequentialLog(interpolateYlOrRd).domain([1, Math.max(2, max)]);
  const xl = MEASURES[result.x.measure], yl = MEASURES[result.y.measure];
  const ticks = (edges: readonly number[]) => [0, Math.floor((edges.length - 1) / 2), edges.length - 1];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" style={{ maxWidth: `${Math.round(W * 1.4)}px` }} role="img" aria-label={`expressive range: ${yl.label} against ${xl.label}`} fontFamily={CHART.font} fontSize={CHART.fontSize - 1} data-testid="range.chart" data-x-edges={JSON.stringify(result.x.edges)} data-y-edges={JSON.stringify(result.y.edges)}>
      <rect width={W} height={H} fill={CHART.background} />
      {result.maps.map((map, g) => {
        const ox = (g % PER_ROW) * cellW + MARGIN.l, oy = Math.floor(g / PER_ROW) * (MARGIN.t + PLOT + MARGIN.b) + MARGIN.t;
        const cw = PLOT / xBins, ch = PLOT / yBins;
        const px = (v: number): number => ox + axisFraction(result.x, v) * PLOT;
        const py = (v: number): number => oy + PLOT - axisFraction(result.y, v) * PLOT;
        return (
          <g key={g} data-testid="range.map" data-label={labels[g]} data-placed={map.placed} data-read={map.read} data-occupied={map.occupied} data-holes={map.holes}>
            <text x={ox} y={oy - 7} fill={CHART.text}>{labels[g]} · {map.occupied} of {xBins * yBins} bins, {map.holes} {map.holes === 1 ? 'hole' : 'holes'}</text>
            <rect x={ox} y={oy} width={PLOT} height={PLOT} fill="#0b1220" stroke={CHART.grid} />
            {Array.from(map.counts, (c, k) => {
              const xi = Math.floor(k / yBins), yi = k % yBins;
              const on = picked !== null && picked.group === g && picked.xi === xi && picked.yi === yi;
              if (c === 0 && !on) return null;
              return (
                <rect
                  key={k}
                  x={ox + xi * cw}
                  y={oy + PLOT - (yi + 1) * ch}
                  width={cw}
                  height={ch}
                  fill={c === 0 ? 'none' : colour(c)}
                  stroke={on ? '#f8fafc' : 'none'}
                  strokeWidth={on ? 1.5 : 0}
                  style={{ cursor: 'pointer' }}
                  data-testid="range.cell"
                  data-count={c}
                  data-xi={xi}
                  data-yi={yi}
                  onClick={() => onPick({ group: g, xi, yi })}
                >
                  <title>{`${xl.label} ${tick(result.x.edges[xi]!)}–${tick(result.x.edges[xi + 1]!)}, ${yl.label} ${tick(result.y.edges[yi]!)}–${tick(result.y.edges[yi + 1]!)}: ${c} levels`}</title>
                </rect>
              );
            })}
            {result.overlays[0]?.points.map((p, k) => (
              <circle key={`p${k}`} cx={px(p.x)} cy={py(p.y)} r={3} fill="none" stroke="#e2e8f0" strokeWidth={1.2} data-testid="range.point.pack" pointerEvents="none" />
            ))}
            {result.overlays[1]?.points.map((p, k) => (
              <path key={`r${k}`} d={`M${px(p.x)},${py(p.y) - 4}l4,4l-4,4l-4,-4z`} fill="#38bdf8" stroke="#0b1220" strokeWidth={0.8} data-testid="range.point.rated" pointerEvents="none" />
            ))}
            {ticks(result.x.edges).map((i) => (
              <text key={`x${i}`} x={ox + (i / xBins) * PLOT} y={oy + PLOT + 12} textAnchor="middle" fill={CHART.axis}>{tick(result.x.edges[i]!)}</text>
            ))}
            {ticks(result.y.edges).map((i) => (
              <text key={`y${i}`} x={ox - 4} y={oy + PLOT - (i / yBins) * PLOT + 3} textAnchor="end" fill={CHART.axis}>{tick(result.y.edges[i]!)}</text>
            ))}
            <text x={ox + PLOT / 2} y={oy + PLOT + 26} textAnchor="middle" fill={CHART.muted}>{xl.label}{result.x.scale === 'log' ? ' (log)' : ''}</text>
            <text x={ox - 34} y={oy + PLOT / 2} textAnchor="middle" fill={CHART.muted} transform={`rotate(-90 ${ox - 34} ${oy + PLOT / 2})`}>{yl.label}{result.y.scale === 'log' ? ' (log)' : ''}</text>
          </g>
        );
      })}
    </svg>
  );
}

/** A sweep's curve: the y measure's median per value of the parameter (line and points), the band between its quartiles. */
export function RangeSweepChart({ points, parameter, measure }: { readonly points: readonly SweepPoint[]; readonly parameter: SweepParameter; readonly measure: MeasureName }) {
  const { width: W, height: H, margin: M } = CHART;
  const ys = points.flatMap((p) => [p.q1, p.q3]);
  const lo = ys.length === 0 ? 0 : Math.min(...ys), hi = ys.length === 0 ? 1 : Math.max(...ys);
  const span = hi > lo ? hi - lo : 1;
  const vs = points.map((p) => p.value);
  const vMin = Math.min(...vs), vMax = Math.max(...vs);
  // One value alone sits in the middle.
  const x = (v: number): number => (vMax > vMin ? M.l + ((v - vMin) / (vMax - vMin)) * (W - M.l - M.r) : (M.l + W - M.r) / 2);
  const y = (v: number): number => H - M.b - ((v - lo) / span) * (H - M.b - M.t);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.value)},${y(p.median)}`).join('');
  const band = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.value)},${y(p.q3)}`).join('') + [...points].reverse().map((p) => `L${x(p.value)},${y(p.q1)}`).join('') + 'Z';
  const label = MEASURES[measure].label;
  const title = sweepAxisTitle(parameter);
  const valueText = (v: number): string => (parameter === 'size' ? `${v}x${v}` : String(v));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" style={{ maxWidth: `${Math.round(W * 1.4)}px` }} role="img" aria-label={`${label} per ${title}`} fontFamily={CHART.font} fontSize={CHART.fontSize} data-testid="range.sweep" data-parameter={parameter}>
      <rect width={W} height={H} fill={CHART.background} />
      {points.length > 0 && <path d={band} fill={CHART.accent} opacity={0.18} />}
      {points.length > 0 && <path d={line} fill="none" stroke={CHART.accent} strokeWidth={2} />}
      {points.map((p) => (
        <circle key={p.value} cx={x(p.value)} cy={y(p.median)} r={3} fill={CHART.accent} data-testid="range.sweep.point" data-value={p.value} data-count={p.count} data-q1={p.q1} data-median={p.median} data-q3={p.q3}>
          <title>{`${parameter === 'temperature' ? `t = ${p.value}` : parameter === 'size' ? valueText(p.value) : `${p.value} pinned cells`}: median ${tick(p.median)} (quartiles ${tick(p.q1)}–${tick(p.q3)}) over ${p.count} levels`}</title>
        </circle>
      ))}
      {[lo, (lo + hi) / 2, hi].map((v) => (
        <text key={v} x={M.l - 5} y={y(v) + 3.5} textAnchor="end" fill={CHART.axis}>{tick(v)}</text>
      ))}
      {points.map((p) => (
        <text key={`t${p.value}`} x={x(p.value)} y={H - M.b + 13} textAnchor="middle" fill={CHART.axis}>{valueText(p.value)}</text>
      ))}
      <text x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle" fill={CHART.muted}>{title}</text>
      <text x={12} y={(M.t + H - M.b) / 2} textAnchor="middle" fill={CHART.muted} transform={`rotate(-90 12 ${(M.t + H - M.b) / 2})`}>{sweepMeasureTitle(measure)}</text>
    </svg>
  );
}
