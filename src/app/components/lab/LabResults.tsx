/**
 * Evaluation results like thesis Table 4.1 (one row per run, kept so runs
 * compare) and the latest ablation: its top-10 subsets and how often each
 * feature is in them (seed 002 Table 1), always beside the
 * predict-the-mean baseline.
 */
import { featureLabel } from '../../adapters/graphHighlight';
import { formatStat, usageRows } from '../../adapters/labSeries';
import { useActions, useStudioShallow } from '../../studioContext';
import { METHOD_LABEL } from './LabModelPanel';

export function LabResults() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ runs: st.labRuns, ablation: st.labAblation }));
  const a = s.ablation;
  return (
    <section className="panel lab-section" aria-label="Results" data-testid="lab.results">
      <header className="panel-header">
        <h2>Evaluation · 50 random 80/20 splits</h2>
        <span className="grow" />
        {s.runs.length > 0 && (
          <button type="button" className="small" data-testid="lab.runs.clear" onClick={() => get().clearLabRuns()}>Clear</button>
        )}
      </header>
      <div className="lab-body">
        {s.runs.length === 0 ? (
          <p className="empty-note" data-testid="lab.runs.empty">No runs yet. Choose a method and features, then Evaluate: each run adds a row (test MSE over 50 splits beside the predict-the-mean baseline).</p>
        ) : (
          <div className="lab-table-wrap">
            <table className="lab-table lab-runs" data-testid="lab.runs">
              <thead>
                <tr>
                  <th className="num">#</th>
                  <th>method</th>
                  <th>features</th>
                  <th className="num" title="levels">n</th>
                  <th className="num">test MSE</th>
                  <th className="num">sd</th>
                  <th className="num" title="predict the training mean, same splits">baseline MSE</th>
                  <th className="num">train MSE</th>
                  <th className="num" title="test MSE / baseline MSE: below 1 beats the baseline">vs baseline</th>
                </tr>
              </thead>
              <tbody>
                {s.runs.map((r) => {
                  const ratio = r.baselineMse > 0 ? r.testMse / r.baselineMse : null;
                  return (
                    <tr key={r.id} data-testid="lab.run" data-method={r.method} data-test-mse={r.testMse} data-baseline-mse={r.baselineMse} data-train-mse={r.trainMse}>
                      <td className="num">{r.index}</td>
                      <td>{METHOD_LABEL[r.method]}</td>
                      <td className="lab-features-cell" title={`${r.source}, seed ${r.seed}`}>{r.features.join(', ')}</td>
                      <td className="num">{r.samples}</td>
                      <td className="num" data-testid="lab.run.test">{formatStat(r.testMse)}</td>
                      <td className="num">± {formatStat(r.sdTestMse)}</td>
                      <td className="num" data-testid="lab.run.baseline">{formatStat(r.baselineMse)}</td>
                      <td className="num">{formatStat(r.trainMse)}</td>
                      <td className={`num ${ratio !== null && ratio < 1 ? 'lab-good' : 'lab-bad'}`}>{ratio === null ? '–' : `${(ratio * 100).toFixed(0)}%`}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {a !== null && (
          <div className="lab-ablation" data-testid="lab.ablation" data-subsets={a.subsetsTried}>
            <h3 className="lab-h3">
              Ablation: {a.subsetsTried.toLocaleString('en-US')} subsets of {a.features.length} features, {METHOD_LABEL[a.method]}
              {a.method === 'ols' ? '' : ` (alpha ${a.alpha.toPrecision(3)})`}, {a.k}-fold MSE on {a.samples} levels · baseline{' '}
              <span data-testid="lab.ablation.baseline">{formatStat(a.baselineMse)}</span>
            </h3>
            <div className="lab-ablation-grid">
              <div className="lab-table-wrap">
                <table className="lab-table">
                  <thead>
                    <tr><th className="num">rank</th><th>features</th><th className="num">MSE</th></tr>
                  </thead>
                  <tbody>
                    {a.top.map((t, i) => (
                      <tr key={i} data-testid="lab.ablation.row" data-mse={t.mse}>
                        <td className="num">{i + 1}</td>
                        <td className="lab-features-cell">{t.features.join(', ')}</td>
                        <td className="num">{formatStat(t.mse)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <table className="lab-table lab-usage" data-testid="lab.usage">
                <thead>
                  <tr><th>feature</th><th className="num" colSpan={2}>in top {a.top.length}</th></tr>
                </thead>
                <tbody>
                  {usageRows(a.usage, a.features).map((u) => (
                    <tr key={u.feature} data-testid="lab.usage.row" data-feature={u.feature} data-count={u.count}>
                      <td title={u.feature}>{featureLabel(u.feature)}</td>
                      <td className="num">{u.count}</td>
                      <td className="lab-usage-bar-cell">
                        <span className="lab-usage-bar" style={{ width: `${a.top.length > 0 ? (u.count / a.top.length) * 100 : 0}%` }} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
