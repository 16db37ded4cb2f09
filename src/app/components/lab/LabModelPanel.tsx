/** The lab's model choice: method, features, seed; Evaluate (50 splits), Ablation (all subsets) and Fit, each in the worker. */
import { MAX_ABLATION_FEATURES } from '../../../core/difficulty/evaluation';
import { FIT_METHODS, type FitMethod } from '../../../core/difficulty/model';
import { FEATURE_NAMES } from '../../../core/graph/features';
import { MAX_SEED } from '../../../core/util/schemas';
import { ITERATION_7_FEATURES, PLAYER_MODEL_FEATURES } from '../../adapters/labSeries';
import { EVALUATION_SPLITS } from '../../controllers/labController';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { LabProgress } from './LabProgress';
import { rulesetByName } from '../../../core/rules/registry';
import { featuresFor, packRules } from '../../store/rules';

export const METHOD_LABEL: Record<FitMethod, string> = { ols: 'OLS', ridge: 'Ridge', lasso: 'Lasso' };

const ALL_GRAPH = FEATURE_NAMES.filter((f) => !PLAYER_MODEL_FEATURES.includes(f));

export function LabModelPanel() {
  const get = useActions();
  const { lab } = useServices();
  const s = useStudioShallow((st) => ({ method: st.labMethod, features: st.labFeatures, seed: st.labSeed, job: st.labJob, error: st.labError, hasData: st.labData !== null && st.labData.samples.length > 0, rules: st.labData?.rules ?? packRules(st.pack) }));
  // Features per ruleset: the data's (or the pack's, before there is data).
  const usable = featuresFor(s.rules);
  const busy = s.job !== null;
  const k = s.features.length;
  const subsets = 2 ** k - 1;
  const noFit = !s.hasData || k === 0;
  return (
    <section className="panel lab-section" aria-label="Model" data-testid="lab.model">
      <header className="panel-header">
        <h2>Model</h2>
      </header>
      <div className="lab-body">
        <div className="lab-row">
          <span className="lab-label">Method</span>
          <div className="segmented" role="radiogroup" aria-label="fitting method">
            {FIT_METHODS.map((m) => (
              <button key={m} type="button" role="radio" aria-checked={s.method === m} className={s.method === m ? 'active' : ''} data-testid={`lab.method.${m}`} onClick={() => get().setLabMethod(m)}>
                {METHOD_LABEL[m]}
              </button>
            ))}
          </div>
          <span className="lab-small muted">{s.method === 'ols' ? 'least squares' : 'alpha by 5-fold CV'}</span>
        </div>
        <div className="lab-row">
          <span className="lab-label">Features</span>
          <button type="button" className="link" data-testid="lab.features.iter7" onClick={() => get().setLabFeatures(ITERATION_7_FEATURES)}>iteration 7</button>
          <button type="button" className="link" data-testid="lab.features.graph" onClick={() => get().setLabFeatures(ALL_GRAPH.filter((f) => usable.includes(f)))}>all graph features</button>
          <button type="button" className="link" data-testid="lab.features.none" onClick={() => get().setLabFeatures([])}>none</button>
        </div>
        <div className="lab-features" role="group" aria-label="features">
          {FEATURE_NAMES.map((f) => (
            <label
              key={f}
              className={`lab-feature${s.features.includes(f) ? ' on' : ''}`}
              title={!usable.includes(f) ? `not a number under ${rulesetByName(s.rules).title} rules (the graph has cycles)` : PLAYER_MODEL_FEATURES.includes(f) ? 'random-player model: infinite on unsolvable levels, which the lab skips' : undefined}
            >
              <input type="checkbox" checked={s.features.includes(f)} disabled={!usable.includes(f) && !s.features.includes(f)} data-testid={`lab.feature.${f}`} onChange={() => get().toggleLabFeature(f)} />
              {f}
              {PLAYER_MODEL_FEATURES.includes(f) && <span className="lab-star">*</span>}
            </label>
          ))}
        </div>
        <p className="lab-note lab-small">* random-player model features: infinite on unsolvable levels, which are skipped before fitting.</p>
        <div className="lab-row">
          <label className="field">
            seed
            <input type="number" min={0} max={MAX_SEED} step={1} value={s.seed} data-testid="lab.seed" onChange={(e) => get().setLabSeed(Number(e.target.value))} />
          </label>
          <span className="lab-small muted">the same seed gives the same splits and folds</span>
        </div>
        <div className="button-row">
          <button type="button" data-testid="lab.evaluate" disabled={busy || noFit} onClick={() => void lab.evaluate()} title="Mean test MSE over 50 random 80/20 splits, beside the predict-the-mean baseline">
            Evaluate ({EVALUATION_SPLITS} splits)
          </button>
          <button
            type="button"
            data-testid="lab.ablate"
            disabled={busy || noFit || k > MAX_ABLATION_FEATURES}
            onClick={() => void lab.ablate()}
            title="Every non-empty subset of the chosen features, 5-fold MSE; top 10 and how often each feature is in them"
          >
            Ablation ({subsets.toLocaleString('en-US')} subset{subsets === 1 ? '' : 's'})
          </button>
          <button type="button" className="primary" data-testid="lab.fit" disabled={busy || noFit} onClick={() => void lab.fit()} title="Fit on every level; then name and save it">
            Fit
          </button>
        </div>
        {s.job !== null && s.job.kind !== 'data' && <LabProgress job={s.job} onCancel={() => lab.cancel()} />}
        {s.error !== null && s.error.kind !== 'data' && (
          <p className="error lab-error" role="alert" data-testid="lab.error">
            {s.error.message}
          </p>
        )}
      </div>
    </section>
  );
}
