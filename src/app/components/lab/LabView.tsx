/**
 * The predictor lab (SPEC §5): load player data, choose a method and
 * features, evaluate (50 splits, ablation) beside the baseline, look at the
 * plots, fit, save and activate a model. The active model's provenance is
 * shown on top with a way back to the shipped default.
 */
import { useActions, useStudioShallow } from '../../studioContext';
import { LabDataPanel } from './LabDataPanel';
import { LabFeaturePlots } from './LabFeaturePlots';
import { LabFitPanel } from './LabFitPanel';
import { LabModelPanel } from './LabModelPanel';
import { LabPlayerResults } from './LabPlayerResults';
import { LabResults } from './LabResults';
import { LabSavedModels } from './LabSavedModels';

export function LabView() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ model: st.model, activeId: st.activeModelId }));
  return (
    <div className="lab" data-testid="lab.view">
      <div className="lab-active" data-testid="lab.active" data-name={s.model.name} data-default={s.activeId === null}>
        <span className="lab-label">Active model</span>
        <b data-testid="lab.active.name">{s.model.name}</b>
        <span className="lab-provenance" data-testid="lab.active.provenance" title={s.model.provenance.summary}>
          {s.model.provenance.summary}
        </span>
        <span className="grow" />
        <button type="button" className="small" data-testid="lab.useDefault" disabled={s.activeId === null} onClick={() => get().activateLabModel(null)}>
          Use shipped default
        </button>
      </div>
      <div className="lab-grid">
        <div className="lab-col">
          <LabDataPanel />
          <LabPlayerResults />
          <LabModelPanel />
          <LabSavedModels />
        </div>
        <div className="lab-col lab-main">
          <LabResults />
          <LabFitPanel />
          <LabFeaturePlots />
        </div>
      </div>
    </div>
  );
}
