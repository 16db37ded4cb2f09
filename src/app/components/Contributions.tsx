/**
 * Per-feature contributions to the difficulty: diverging d3-scaled bars
 * around the model's intercept, each feature by its plain name (its code
 * name and definition on hover). A row whose feature counts states lights
 * those states up on the graph when clicked.
 */
import { scaleLinear } from 'd3';
import type { GaugeContribution } from '../adapters/difficulty';
import { FEATURE_GLOSSARY, featureHasNodes, featureLabel } from '../adapters/graphHighlight';

const BAR_W = 56;

interface ContributionsProps {
  readonly items: readonly GaugeContribution[];
  readonly base: number;
  readonly units: 'difficulty' | 'model';
  /** The feature whose states are lit on the graph, if any. */
  readonly lit: string | null;
  readonly onLight: (feature: string) => void;
}

export function Contributions({ items, base, units, lit, onLight }: ContributionsProps) {
  const max = Math.max(1e-9, ...items.map((c) => Math.abs(c.contribution)));
  const x = scaleLinear().domain([-max, max]).range([0, BAR_W]);
  return (
    <table className="contributions" data-testid="gauge.contributions">
      <tbody>
        {items.map((c) => {
          const x0 = x(Math.min(0, c.contribution)), x1 = x(Math.max(0, c.contribution));
          return (
            <tr key={c.feature} data-testid={`gauge.contribution.${c.feature}`} data-contribution={c.contribution}>
              <th title={`${c.feature}: ${FEATURE_GLOSSARY[c.feature]?.means ?? ''}`}>
                {featureHasNodes(c.feature) ? (
                  <button type="button" className={`link feature-link${lit === c.feature ? ' on' : ''}`} aria-pressed={lit === c.feature} data-testid={`gauge.light.${c.feature}`} onClick={() => onLight(c.feature)}>
                    {featureLabel(c.feature)}
                  </button>
                ) : (
                  featureLabel(c.feature)
                )}
              </th>
              <td className="num">{formatNumber(c.value)}</td>
              <td>
                <svg width={BAR_W} height={12} aria-hidden>
                  <line x1={BAR_W / 2} x2={BAR_W / 2} y1={0} y2={12} className="axis" />
                  <rect x={x0} width={Math.max(1, x1 - x0)} y={2} height={8} className={c.contribution >= 0 ? 'bar-up' : 'bar-down'} />
                </svg>
              </td>
              <td className="num signed">{c.contribution >= 0 ? '+' : '−'}{Math.abs(c.contribution).toFixed(1)}</td>
            </tr>
          );
        })}
        <tr className="intercept" title={units === 'difficulty' ? 'every level starts here; the rows above add to it' : 'the rows above add to this on the model’s own scale, which is then turned into seconds (details: the intercept of a log-label model)'}>
          <th>{units === 'difficulty' ? 'base (s)' : 'starting value (model scale)'}</th>
          <td />
          <td />
          <td className="num">{base.toFixed(1)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return '∞';
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return v.toFixed(2);
}
