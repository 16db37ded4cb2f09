/** Per-feature contributions to the difficulty: diverging d3-scaled bars around the model's intercept. */
import { scaleLinear } from 'd3';
import type { GaugeContribution } from '../adapters/difficulty';

const BAR_W = 56;

export function Contributions({ items, base, units }: { items: readonly GaugeContribution[]; base: number; units: 'difficulty' | 'model' }) {
  const max = Math.max(1e-9, ...items.map((c) => Math.abs(c.contribution)));
  const x = scaleLinear().domain([-max, max]).range([0, BAR_W]);
  return (
    <table className="contributions" data-testid="gauge.contributions">
      <tbody>
        {items.map((c) => {
          const x0 = x(Math.min(0, c.contribution)), x1 = x(Math.max(0, c.contribution));
          return (
            <tr key={c.feature} data-testid={`gauge.contribution.${c.feature}`} data-contribution={c.contribution}>
              <th title={c.feature}>{c.feature}</th>
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
        <tr className="intercept" title={units === 'difficulty' ? 'every level starts here; the rows above add to it' : 'log-label model: terms add up in model units, before the inverse transform'}>
          <th>{units === 'difficulty' ? 'base' : 'intercept (model units)'}</th>
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
