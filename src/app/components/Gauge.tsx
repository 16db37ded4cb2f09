/** The difficulty gauge: a d3 arc per band, a needle at the value, the number and band in the middle. */
import { arc, scaleLinear } from 'd3';
import type { BandName } from '../../core/difficulty/predict';
import { bandSpans, gaugeScaleMax } from '../adapters/chartSeries';

interface GaugeProps {
  /** Null while unknown (no analysis yet, state cap, unsolvable). */
  readonly value: number | null;
  readonly band: BandName | null;
  /** Shown instead of the number when there is none. */
  readonly emptyText: string;
  /** What the number is, under it: "estimate" (structural) or "s, rated" (from players' attempts). */
  readonly unit?: string;
}

const W = 196, H = 114, R = 76, THICK = 15;

export function Gauge({ value, band, emptyText, unit = 'estimate' }: GaugeProps) {
  // The dial grows past 100 when the value does, so the needle always reads right.
  const max = gaugeScaleMax(value);
  const angle = scaleLinear().domain([0, max]).range([-Math.PI / 2, Math.PI / 2]).clamp(true);
  const bandArc = arc<{ from: number; to: number }>()
    .innerRadius(R - THICK)
    .outerRadius(R)
    .startAngle((d) => angle(d.from))
    .endAngle((d) => angle(d.to))
    .padAngle(0.012);
  const spans = bandSpans(max);
  const ticks = [0, 1, 2, 3, 4, 5].map((i) => (max * i) / 5);
  const a = value === null ? null : angle(value);
  const text = value === null ? emptyText : value >= 1000 ? value.toExponential(1) : value.toFixed(1);
  return (
    <svg className="gauge" width={W} height={H} viewBox={`${-W / 2} ${-R - 14} ${W} ${H}`} role="img" aria-label={`difficulty ${text}${value !== null ? ` (${unit})` : ''}${band ? `, ${band}` : ''}`} data-scale-max={max}>
      {spans.map((s) => (
        <path key={s.band} d={bandArc(s) ?? ''} fill={s.colour} opacity={band === null || band === s.band ? 1 : 0.35} />
      ))}
      {ticks.map((t) => {
        const ta = angle(t);
        return (
          <text key={t} className="gauge-tick" x={Math.sin(ta) * (R + 9)} y={-Math.cos(ta) * (R + 9) + 3} textAnchor="middle" data-testid="gauge.tick">
            {t >= 10_000 ? t.toExponential(0) : t}
          </text>
        );
      })}
      {a !== null && (
        // A pointer across the band ring (not a centre needle: the number sits in the middle).
        <g className="needle" style={{ transform: `rotate(${(a * 180) / Math.PI}deg)` }}>
          <line x1={0} y1={-(R - THICK - 9)} x2={0} y2={-(R + 3)} />
        </g>
      )}
      <text className={`gauge-value${value === null ? ' gauge-empty' : ''}`} y={-14} textAnchor="middle" data-testid="gauge.value" data-value={value ?? ''}>
        {text}
      </text>
      {value !== null && (
        <text className="gauge-unit" y={4} textAnchor="middle" data-testid="gauge.unit">
          {unit}
        </text>
      )}
    </svg>
  );
}
