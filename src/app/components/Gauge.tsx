/** The difficulty gauge: a d3 arc per band, a needle at the value, the number and band in the middle. */
import { arc, scaleLinear } from 'd3';
import type { BandName } from '../../core/difficulty/predict';
import { bandSpans, GAUGE_MAX } from '../adapters/chartSeries';

interface GaugeProps {
  /** Null while unknown (no analysis yet, state cap, unsolvable). */
  readonly value: number | null;
  readonly band: BandName | null;
  /** Shown instead of the number when there is none. */
  readonly emptyText: string;
}

const W = 196, H = 114, R = 76, THICK = 15;
const angle = scaleLinear().domain([0, GAUGE_MAX]).range([-Math.PI / 2, Math.PI / 2]).clamp(true);
const bandArc = arc<{ from: number; to: number }>()
  .innerRadius(R - THICK)
  .outerRadius(R)
  .startAngle((d) => angle(d.from))
  .endAngle((d) => angle(d.to))
  .padAngle(0.012);
const spans = bandSpans();

export function Gauge({ value, band, emptyText }: GaugeProps) {
  const a = value === null ? null : angle(Math.min(value, GAUGE_MAX));
  const text = value === null ? emptyText : value >= 1000 ? value.toExponential(1) : value.toFixed(1);
  return (
    <svg className="gauge" width={W} height={H} viewBox={`${-W / 2} ${-R - 14} ${W} ${H}`} role="img" aria-label={`difficulty ${text}${band ? `, ${band}` : ''}`}>
      {spans.map((s) => (
        <path key={s.band} d={bandArc(s) ?? ''} fill={s.colour} opacity={band === null || band === s.band ? 1 : 0.35} />
      ))}
      {[0, 20, 40, 60, 80, 100].map((t) => {
        const ta = angle(t);
        return (
          <text key={t} className="gauge-tick" x={Math.sin(ta) * (R + 9)} y={-Math.cos(ta) * (R + 9) + 3} textAnchor="middle">
            {t === GAUGE_MAX ? `${t}+` : t}
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
    </svg>
  );
}
