/**
 * The hit-rate map as one SVG (so it exports as SVG and PNG): difficulty
 * targets across, the second measure's values up (one row when there is
 * none), each cell shaded by the chosen number (share of requests within
 * tolerance, levels per second, unique share) and labelled with it; a cell
 * not done yet is an outline. Its title holds all three numbers.
 */
import { interpolateYlGn, scaleSequential, scaleSequentialLog } from 'd3';
import type { HitRateCell } from '../../../core/jobs/hitRate';
import { hitRateCellOrder } from '../../../core/jobs/hitRate';
import { MEASURES } from '../../../core/range/measures';
import type { HitRateRequest, HitRateShade } from '../../store/batchMaps';
import { CHART } from './chartTheme';

const CELL = { w: 46, h: 30 };
const MARGIN = { l: 86, t: 12, b: 34, r: 10 };

export const SHADE_LABELS: Record<HitRateShade, string> = { hitRate: 'hit rate', levelsPerSecond: 'levels per second', uniqueShare: 'unique share' };

const pct = (v: number): string => `${Math.round(100 * v)}%`;
const rate = (v: number): string => (v >= 100 ? String(Math.round(v)) : v >= 10 ? v.toFixed(0) : v.toFixed(1));

export function shadeValue(c: HitRateCell, shade: HitRateShade): number {
  return shade === 'hitRate' ? c.hitRate : shade === 'uniqueShare' ? c.uniqueShare : c.levelsPerCpuSecond;
}

export function HitRateChart({ request, cells, shade }: { readonly request: HitRateRequest; readonly cells: readonly HitRateCell[]; readonly shade: HitRateShade }) {
  const cols = request.targets.length;
  const seconds: (number | null)[] = request.also === undefined ? [null] : [...request.also.values];
  const rows = seconds.length;
  const W = MARGIN.l + cols * CELL.w + MARGIN.r, H = MARGIN.t + rows * CELL.h + MARGIN.b;
  const done = new Map(cells.map((c) => [`${c.target}|${c.second}`, c]));
  const maxRate = Math.max(2, ...cells.map((c) => c.levelsPerCpuSecond));
  const colour = shade === 'levelsPerSecond' ? scaleSequentialLog(interpolateYlGn).domain([1, maxRate]).clamp(true) : scaleSequential(interpolateYlGn).domain([0, 1]);
  const rowName = (v: number | null): string => (v === null ? 'any' : `${MEASURES[request.also!.measure].label} ${v}`);
  const order = hitRateCellOrder(request);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="batch-svg" style={{ maxWidth: `${Math.round(W * 1.5)}px` }} role="img" aria-label={`hit-rate map: ${SHADE_LABELS[shade]} per target`} fontFamily={CHART.font} fontSize={CHART.fontSize - 1} data-testid="hitRate.chart">
      <rect width={W} height={H} fill={CHART.background} />
      {order.map(({ target, second }) => {
        const xi = request.targets.indexOf(target), yi = seconds.indexOf(second);
        const x = MARGIN.l + xi * CELL.w, y = MARGIN.t + (rows - 1 - yi) * CELL.h;
        const c = done.get(`${target}|${second}`);
        if (c === undefined) return <rect key={`${target}|${second}`} x={x + 1} y={y + 1} width={CELL.w - 2} height={CELL.h - 2} fill="none" stroke={CHART.grid} data-testid="hitRate.pending" />;
        const v = shadeValue(c, shade);
        const fill = shade === 'levelsPerSecond' && v < 1 ? '#0b1220' : colour(v);
        // Light cells (low values) get dark text, dark cells light text.
        const light = shade === 'levelsPerSecond' ? v >= 1 && Math.log(v) < 0.55 * Math.log(maxRate) : v < 0.55;
        return (
          <g key={`${target}|${second}`} data-testid="hitRate.cell" data-target={target} data-second={second ?? ''} data-hits={c.hits} data-requests={c.requests} data-unique={c.uniqueShare} data-evaluations={c.evaluations}>
            <rect x={x + 1} y={y + 1} width={CELL.w - 2} height={CELL.h - 2} fill={fill} />
            <text x={x + CELL.w / 2} y={y + CELL.h / 2 + 4} textAnchor="middle" fill={light ? '#0b1220' : '#f8fafc'}>{shade === 'levelsPerSecond' ? rate(v) : pct(v)}</text>
            <title>{`difficulty ${target}${second !== null ? `, ${rowName(second)}` : ''}: ${c.hits} of ${c.requests} requests within tolerance (${pct(c.hitRate)}); ${rate(c.levelsPerCpuSecond)} levels per second; ${pct(c.uniqueShare)} unique; ${c.evaluations.toLocaleString('en-US')} evaluations`}</title>
          </g>
        );
      })}
      {request.targets.map((t, i) => (
        <text key={`t${i}`} x={MARGIN.l + (i + 0.5) * CELL.w} y={MARGIN.t + rows * CELL.h + 13} textAnchor="middle" fill={CHART.axis}>{t}</text>
      ))}
      {seconds.map((v, i) => (
        <text key={`s${i}`} x={MARGIN.l - 6} y={MARGIN.t + (rows - 1 - i) * CELL.h + CELL.h / 2 + 4} textAnchor="end" fill={CHART.axis}>{rowName(v)}</text>
      ))}
      <text x={MARGIN.l + (cols * CELL.w) / 2} y={H - 4} textAnchor="middle" fill={CHART.muted}>difficulty target</text>
    </svg>
  );
}

/** The cells as CSV: one row per cell, every number. */
export function hitRateCsv(request: HitRateRequest, cells: readonly HitRateCell[]): string {
  const head = 'rules,width,height,seed,target,second_measure,second,requests,hits,hit_rate,unique_share,evaluations,seconds,levels_per_second';
  const rows = cells.map((c) => [request.rules, request.width, request.height, request.seed, c.target, request.also?.measure ?? '', c.second ?? '', c.requests, c.hits, c.hitRate, c.uniqueShare, c.evaluations, c.cpuSeconds, c.levelsPerCpuSecond].join(','));
  return [head, ...rows].join('\n') + '\n';
}
