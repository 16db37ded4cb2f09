/**
 * Saved difficulty models: the shipped default and every model saved or
 * uploaded here, each with Activate / Download / Delete, and an upload
 * that validates the file (a malformed one lists its problems and changes
 * nothing).
 */
import { capList } from '../../persistence/backups';
import { MoreItems } from '../MoreItems';
import { useRef, useState } from 'react';
import type { DifficultyModel } from '../../../core/difficulty/model';
import { modelWeakness, shippedDifficultyModel } from '../../adapters/difficulty';
import { packRules } from '../../store/rules';
import { modelFileName } from '../../adapters/labSeries';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { METHOD_LABEL } from './LabModelPanel';
import { downloadText } from '../../files/download';

function downloadModel(model: DifficultyModel): void {
  downloadText(`${JSON.stringify(model, null, 2)}\n`, modelFileName(model), 'application/json');
}

function ModelRow({ id, model, active, savedAt, onActivate, onDelete }: { id: string; model: DifficultyModel; active: boolean; savedAt: string; onActivate: () => void; onDelete: (() => void) | null }) {
  const [warning, setWarning] = useState<string | null>(null);
  const activate = (): void => {
    const weak = modelWeakness(model);
    if (weak === null) onActivate();
    else setWarning(weak);
  };
  return (
    <li className={`lab-model${active ? ' active' : ''}`} data-testid="lab.savedModel" data-id={id} data-active={active} data-name={model.name}>
      <div className="lab-model-text">
        <span className="lab-model-name" data-testid="lab.savedModel.name">{model.name}</span>
        {active && <span className="lab-active-tag">active</span>}
        <span className="lab-small muted lab-model-meta" title={model.provenance.summary}>
          {METHOD_LABEL[model.method]} · {model.features.length} feature{model.features.length === 1 ? '' : 's'}
          {savedAt !== '' ? ` · ${savedAt.slice(0, 16).replace('T', ' ')}` : ''}
        </span>
      </div>
      <div className="lab-model-actions">
        <button type="button" className="small" data-testid="lab.savedModel.activate" disabled={active} onClick={activate}>Activate</button>
        <button type="button" className="small" data-testid="lab.savedModel.download" onClick={() => downloadModel(model)}>Download</button>
        {onDelete !== null && (
          <button type="button" className="icon danger" aria-label={`delete ${model.name}`} data-testid="lab.savedModel.delete" onClick={onDelete}>✕</button>
        )}
      </div>
      {warning !== null && <WeakModelWarning text={warning} onConfirm={() => (setWarning(null), onActivate())} onCancel={() => setWarning(null)} />}
    </li>
  );
}

/** Asks before a weak model (few levels, low R²) becomes the one every difficulty comes from. */
export function WeakModelWarning({ text, onConfirm, onCancel }: { text: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="lab-weak error-box" role="alertdialog" aria-label="weak model" data-testid="lab.weakWarning">
      <p>This model is weak: {text}.</p>
      <div className="button-row">
        <button type="button" className="small" data-testid="lab.weakWarning.confirm" onClick={onConfirm}>Activate anyway</button>
        <button type="button" className="small" data-testid="lab.weakWarning.cancel" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

export function LabSavedModels() {
  const get = useActions();
  const { lab } = useServices();
  const s = useStudioShallow((st) => ({ models: st.savedModels, activeId: st.activeModelId, upload: st.labUploadProblems, rules: packRules(st.pack) }));
  const fileInput = useRef<HTMLInputElement>(null);
  const shipped = shippedDifficultyModel(s.rules);
  return (
    <section className="panel lab-section" aria-label="Saved models" data-testid="lab.models">
      <header className="panel-header">
        <h2>Saved models</h2>
        <span className="grow" />
        <button type="button" className="small" data-testid="lab.upload" onClick={() => fileInput.current?.click()} title="Add a model file (validated)">Upload…</button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="lab.uploadFile"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file !== undefined) void lab.uploadModelFile(file);
          }}
        />
      </header>
      <div className="lab-body">
        {s.upload !== null && (
          <div className="import-report error-box" role="alert" data-testid="lab.uploadProblems">
            <div className="report-head">
              <span>
                <b>{s.upload.file}</b> is not a valid model: {s.upload.problems.length} problem{s.upload.problems.length === 1 ? '' : 's'}; nothing was changed.
              </span>
              <button type="button" className="icon" aria-label="dismiss" onClick={() => get().setLabUploadProblems(null)}>✕</button>
            </div>
            <ul>
              {capList(s.upload.problems).shown.map((p, i) => (
                <li key={i} data-testid="lab.uploadProblem">
                  <code>{p.path}</code> {p.message}
                </li>
              ))}
              <MoreItems count={capList(s.upload.problems).more} />
            </ul>
          </div>
        )}
        <ul className="lab-model-list">
          <ModelRow id="default" model={shipped} active={s.activeId === null} savedAt="" onActivate={() => get().activateLabModel(null)} onDelete={null} />
          {s.models.map((m) => (
            <ModelRow key={m.id} id={m.id} model={m.model} active={s.activeId === m.id} savedAt={m.savedAt} onActivate={() => get().activateLabModel(m.id)} onDelete={() => get().deleteLabModel(m.id)} />
          ))}
        </ul>
        {s.models.length === 0 && <p className="lab-note lab-small">Models you save or upload are kept in this browser and survive a reload.</p>}
      </div>
    </section>
  );
}
