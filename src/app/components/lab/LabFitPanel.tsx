/**
 * The fitted model before it is saved: coefficients, train R² and MSE, its
 * prediction for the level in the studio, predicted against actual seconds
 * with the y = x line, every level's prediction, and Save / Save & activate.
 */
import { featureLabel } from '../../adapters/graphHighlight';
import { useMemo, useState } from 'react';
import { fitSizeWarning } from '../../../core/difficulty/fitGuard';
import { predictDifficulty } from '../../../core/difficulty/predict';
import { modelWeakness } from '../../adapters/difficulty';
import { formatStat, predictedVsActual } from '../../adapters/labSeries';
import { selectCurrentGraph } from '../../store/selectors';
import { useServices, useStudioShallow } from '../../studioContext';
import { LabScatter } from './LabScatter';
import { METHOD_LABEL } from './LabModelPanel';
import { WeakModelWarning } from './LabSavedModels';
import { formatDifficulty } from '../../../core/difficulty/scale';

/** The fit's guard rails in words: its cross-validated error beside the mean's, and a warning on few levels. */
function FitCheck({ levels, metrics }: { levels: number; metrics: Readonly<Record<string, number>> }) {
  const model = metrics['cvModelMse'], baseline = metrics['cvBaselineMse'], folds = metrics['cvFolds'];
  const few = fitSizeWarning(levels);
  const worse = model !== undefined && baseline !== undefined && model >= baseline;
  return (
    <div className="lab-body lab-fit-check" data-testid="lab.fitted.check">
      {model !== undefined && baseline !== undefined && (
        <p className={worse ? 'error-box' : 'lab-note'} data-testid="lab.fitted.cv" data-model={model} data-baseline={baseline}>
          Cross-validated error ({folds}-fold, on levels the fit did not see): this model <b>{formatStat(model)}</b>, predicting the mean <b>{formatStat(baseline)}</b>
          {worse ? '. The model does no better than the mean: do not activate it.' : '.'}
        </p>
      )}
      {few !== null && (
        <p className="lab-warning" role="status" data-testid="lab.fitted.fewLevels">
          {few}
        </p>
      )}
    </div>
  );
}

/** Most rows the predictions table lists. */
const MAX_PREDICTION_ROWS = 1_000;

export function LabFitPanel() {
  const { lab } = useServices();
  const s = useStudioShallow((st) => ({ fitted: st.labFitted, data: st.labData, graph: selectCurrentGraph(st), levelName: st.levelName, active: st.model }));
  const [name, setName] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const f = s.fitted;
  const series = useMemo(() => (f === null || s.data === null ? null : predictedVsActual(s.data.samples, f.used, f.predictions)), [f, s.data]);
  if (f === null || s.data === null || series === null) {
    return (
      <section className="panel lab-section" aria-label="Fitted model" data-testid="lab.fitted">
        <header className="panel-header"><h2>Fitted model</h2></header>
        <div className="lab-body">
          <p className="empty-note" data-testid="lab.fitted.empty">Fit a model to see its coefficients, predicted against actual seconds, and to save it.</p>
        </div>
      </section>
    );
  }
  const m = f.model;
  const fitted = s.graph === null ? null : predictDifficulty(m, s.graph.features), active = s.graph === null ? null : predictDifficulty(s.active, s.graph.features);
  const current = fitted !== null && active !== null ? { fitted, active } : null;
  const save = (activate: boolean, confirmed = false): void => {
    const weak = activate && !confirmed ? modelWeakness(m) : null;
    if (weak !== null) {
      setWarning(weak);
      return;
    }
    setWarning(null);
    if (lab.saveFitted(name, activate) !== null) setName('');
  };
  return (
    <section className="panel lab-section" aria-label="Fitted model" data-testid="lab.fitted">
      <header className="panel-header">
        <h2>Fitted model</h2>
        <span className="grow" />
        <span className="lab-small muted" data-testid="lab.fitted.summary">
          {METHOD_LABEL[m.method]}
          {m.method === 'ols' ? '' : `, alpha ${m.alpha.toPrecision(3)}`} · {f.used.length} levels · train R² {formatStat(m.metrics['r2'])} · train MSE {formatStat(m.metrics['trainMse'])}
        </span>
      </header>
      <FitCheck levels={f.used.length} metrics={m.metrics} />
      <div className="lab-body lab-fit-grid">
        <div className="lab-fit-side">
          <table className="lab-table lab-coefficients" data-testid="lab.coefficients">
            <thead>
              <tr><th>feature</th><th className="num">mean</th><th className="num">sd</th><th className="num" title="seconds per standard deviation">coef.</th></tr>
            </thead>
            <tbody>
              {m.features.map((feature, i) => (
                <tr key={feature} data-testid="lab.coefficient" data-feature={feature} data-value={m.coefficients[i]}>
                  <td title={feature}>{featureLabel(feature)}</td>
                  <td className="num">{formatStat(m.means[i])}</td>
                  <td className="num">{formatStat(m.scales[i])}</td>
                  <td className="num">{formatStat(m.coefficients[i])}</td>
                </tr>
              ))}
              <tr className="lab-intercept">
                <td>intercept</td>
                <td colSpan={2} />
                <td className="num" data-testid="lab.intercept" data-value={m.intercept}>{formatStat(m.intercept)}</td>
              </tr>
            </tbody>
          </table>
          <p className="lab-note lab-small">difficulty = max(0, intercept + Σ coef × (x − mean) / sd), in seconds.</p>
          <div className="lab-current" data-testid="lab.current">
            <span className="lab-label">Studio level{s.levelName !== '' ? ` “${s.levelName}”` : ''}</span>
            {current === null ? (
              <span className="muted">{s.graph === null ? 'not analysed yet' : 'unsolvable: no prediction'}</span>
            ) : (
              <span>
                this fit <b data-testid="lab.current.fitted" data-value={current.fitted}>{formatDifficulty(current.fitted)}</b> · active model{' '}
                <b data-testid="lab.current.active" data-value={current.active}>{formatDifficulty(current.active)}</b>
              </span>
            )}
          </div>
          <div className="lab-save">
            <input type="text" placeholder={m.name} maxLength={200} aria-label="model name" data-testid="lab.saveName" value={name} onChange={(e) => setName(e.target.value)} />
            <button type="button" data-testid="lab.save" onClick={() => save(false)}>Save</button>
            <button type="button" className="primary" data-testid="lab.saveActivate" onClick={() => save(true)}>Save &amp; activate</button>
          </div>
          {warning !== null && <WeakModelWarning text={warning} onConfirm={() => save(true, true)} onCancel={() => setWarning(null)} />}
        </div>
        <LabScatter series={series} width={340} height={300} xLabel="predicted seconds" yLabel="actual seconds" title="Predicted vs actual" diagonal testId="lab.scatter" />
      </div>
      <details className="lab-predictions">
        <summary>Every level&apos;s prediction ({f.used.length})</summary>
        <div className="lab-table-wrap lab-tall">
          <table className="lab-table" data-testid="lab.predictions">
            <thead>
              <tr><th>level</th><th className="num">actual</th><th className="num">predicted</th><th className="num">error</th></tr>
            </thead>
            <tbody>
              {f.used.slice(0, MAX_PREDICTION_ROWS).map((index, i) => {
                const sample = s.data!.samples[index]!;
                const p = f.predictions[i]!;
                return (
                  <tr key={index} data-testid="lab.prediction" data-line={sample.line ?? ''} data-key={sample.key} data-value={p}>
                    <td>{sample.name}</td>
                    <td className="num">{formatStat(sample.seconds)}</td>
                    <td className="num">{formatStat(p)}</td>
                    <td className="num">{formatStat(p - sample.seconds)}</td>
                  </tr>
                );
              })}
              {f.used.length > MAX_PREDICTION_ROWS && (
                <tr>
                  <td colSpan={4} className="muted">… and {(f.used.length - MAX_PREDICTION_ROWS).toLocaleString('en-US')} more (every level is in the scatter&apos;s r and the model&apos;s metrics)</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
