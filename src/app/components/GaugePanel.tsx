/** The difficulty gauge panel: value, band, per-feature contributions, the model's provenance, and every graph feature. */
import { FEATURE_NAMES } from '../../core/graph/features';
import { modelInfoLine } from '../adapters/difficulty';
import { selectCurrentGraph, selectReading } from '../store/selectors';
import { useStudioShallow } from '../studioContext';
import { Contributions, formatNumber } from './Contributions';
import { Gauge } from './Gauge';

export function GaugePanel() {
  const s = useStudioShallow((st) => ({ reading: selectReading(st), model: st.model, graph: st.analysis.graph, current: selectCurrentGraph(st), status: st.analysis.status }));
  const { reading, graph } = s;
  const capped = s.status === 'capped';
  const value = capped || reading === null || !reading.solvable ? null : reading.value;
  const emptyText = capped ? 'too big' : reading === null ? '…' : 'unsolvable';
  const band = value === null ? null : reading!.band;
  return (
    <section className={`panel gauge-panel${graph !== null && s.current === null ? ' stale' : ''}`} aria-label="Difficulty" data-testid="gauge.panel" data-key={graph?.levelKey ?? ''}>
      <header className="panel-header">
        <h2>Difficulty</h2>
        <span className="grow" />
        <span className={`band-tag band-${band ?? 'none'}`} data-testid="gauge.band">
          {band ?? (capped ? 'state cap' : reading !== null && !reading.solvable ? 'no solution' : '—')}
        </span>
      </header>
      <div className="gauge-row">
        <Gauge value={value} band={band} emptyText={emptyText} />
        {reading !== null && !capped && <Contributions items={reading.contributions} base={reading.base} units={reading.units} />}
      </div>
      <p className="model-line" data-testid="gauge.model" title={modelInfoLine(s.model)}>
        {modelInfoLine(s.model)}
      </p>
      <details className="features" open>
        <summary>Graph features</summary>
        <table data-testid="features.table">
          <tbody>
            {FEATURE_NAMES.map((f) => (
              <tr key={f} data-testid={`feature.${f}`}>
                <th>{f}</th>
                <td>{graph !== null && !capped ? formatNumber(graph.features[f]) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
