/**
 * The difficulty gauge: one fixed dial for every level, ruleset and size
 * (core/difficulty/scale.ts): a d3 arc per band, a pointer at the value,
 * an optional second marker (the structural estimate beside a players'
 * rating, both in seconds), the number and its unit in the middle. The dial
 * never rescales and the number is never in scientific notation.
 */
import { arc } from 'd3';
import type { BandName } from '../../core/difficulty/predict';
import { DIAL_TICKS, dialPosition, formatDifficulty, tickLabel } from '../../core/difficulty/scale';
import { dialSpans } from '../adapters/chartSeries';

interface GaugeProps {
  /** Null while unknown (no analysis yet, state cap, unsolvable). */
  readonly value: number | null;
  readonly band: BandName | null;
  /** Shown instead of the number when there is none. */
  readonly emptyText: string;
  /** What the number is, under it: "estimated seconds" (structural) or "seconds, players' rating". */
  readonly unit?: string;
  /** A second value on the same dial, drawn as a small marker (the estimate when the headline is a rating). */
  readonly second?: { readonly value: number; readonly label: string } | null;
}

const W = 196, H = 114, R = 76, THICK = 15;

/** Dial position (0..1) to the angle d3's arc uses (-90° to +90°). */
const angleAt = (position: number): number => -Math.PI / 2 + Math.PI * position;

export function Gauge({ value, band, emptyText, unit = 'estimated seconds', second = null }: GaugeProps) {
  const bandArc = arc<{ from: number; to: number }>()
    .innerRadius(R - THICK)
    .outerRadius(R)
    .startAngle((d) => angleAt(d.from))
    .endAngle((d) => angleAt(d.to))
    .padAngle(0.012);
  const a = value === null ? null : angleAt(dialPosition(value));
  const text = value === null ? emptyText : formatDifficulty(value);
  const b = second === null ? null : angleAt(dialPosition(second.value));
  return (
    <svg
      className="gauge"
      width={W}
      height={H}
      viewBox={`${-W / 2} ${-R - 14} ${W} ${H}`}
      role="img"
      aria-label={`difficulty ${text}${value !== null ? ` ${unit}` : ''}${band ? `, ${band}` : ''}${second !== null ? `; ${second.label} ${formatDifficulty(second.value)}` : ''}`}
      data-dial="fixed"
    >
      {dialSpans().map((s) => (
        <path key={s.band} d={bandArc(s) ?? ''} fill={s.colour} opacity={band === null || band === s.band ? 1 : 0.35} />
      ))}
      {DIAL_TICKS.map((t) => {
        const ta = angleAt(dialPosition(t));
        return (
          <text key={t} className="gauge-tick" x={Math.sin(ta) * (R + 9)} y={-Math.cos(ta) * (R + 9) + 3} textAnchor="middle" data-testid="gauge.tick" data-seconds={t}>
            {tickLabel(t)}
          </text>
        );
      })}
      {b !== null && second !== null && (
        <g className="needle needle-second" style={{ transform: `rotate(${(b * 180) / Math.PI}deg)` }} data-testid="gauge.second" data-value={second.value}>
          <title>{`${second.label}: ${formatDifficulty(second.value)}`}</title>
          <circle cx={0} cy={-(R + 2)} r={3} />
        </g>
      )}
      {a !== null && (
        // A pointer across the band ring (not a centre needle: the number sits in the middle).
        <g className="needle" style={{ transform: `rotate(${(a * 180) / Math.PI}deg)` }} data-testid="gauge.needle" data-position={dialPosition(value!)}>
          <line x1={0} y1={-(R - THICK - 9)} x2={0} y2={-(R + 3)} />
        </g>
      )}
      <text
        className={`gauge-value${value === null ? ' gauge-empty' : ''}`}
        y={-14}
        textAnchor="middle"
        data-testid="gauge.value"
        data-value={value ?? ''}
        // Six significant digits can be nine characters ("2,091.82", "0.0213487"): smaller type keeps them inside the ring.
        style={value === null ? undefined : { fontSize: `${Math.min(26, Math.floor(150 / text.length))}px` }}
      >
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
