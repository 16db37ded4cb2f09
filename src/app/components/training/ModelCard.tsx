/** The session's model: its meta, download as three files, upload three files (validated), and hand-off to the generator. */
import { useRef } from 'react';
import { rulesetByName } from '../../../core/rules/registry';
import { modelRules } from '../../../ml/modelRules';
import { formatCount, formatDuration } from '../../adapters/trainingSeries';
import { useActions, useStudioShallow } from '../../studioContext';
import { useTrainingController } from './useTraining';

export function ModelCard() {
  const c = useTrainingController();
  const get = useActions();
  const input = useRef<HTMLInputElement>(null);
  const s = useStudioShallow((st) => ({ meta: st.trainingModel, phase: st.trainingPhase, session: st.trainingSession, uploadError: st.trainingUploadError }));
  const { meta } = s;
  const running = s.phase === 'running' || s.phase === 'starting' || s.phase === 'pausing' || s.phase === 'stopping';
  const row = (key: string, label: string, value: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={`training.model.${key}`}>{value}</dd>
    </>
  );
  return (
    <section className="train-model" data-testid="training.model">
      <h2>Model</h2>
      {meta === null ? (
        <p className="muted train-note">{s.session === null ? 'Train or upload a model.' : 'The model is described here when the run pauses or ends.'}</p>
      ) : (
        <dl className="train-meta" data-testid="training.model.meta" data-meta={JSON.stringify(meta)}>
          {row('env', 'environment', `${meta.env} ${meta.width}x${meta.height} (${meta.encoding})`)}
          {row('rules', 'ruleset', rulesetByName(modelRules(meta)).title)}
          {row('recipe', 'recipe · seed', `${meta.recipe} · ${meta.seed}`)}
          {row('episodes', 'episodes', formatCount(meta.episodes))}
          {row('envSteps', 'env steps', formatCount(meta.envSteps))}
          {row('updates', 'updates', formatCount(meta.updates))}
          {row('wallSeconds', 'trained', formatDuration(meta.wallSeconds))}
          {row('testDifficulty', 'test difficulty', meta.testDifficulty === null ? '—' : meta.testDifficulty.toFixed(1))}
          {row('backend', 'trained on', meta.backend)}
          {row('predictor', 'predictor', meta.predictor.name)}
          {row('createdAt', 'saved', `${meta.createdAt.replace('T', ' ').slice(0, 19)} UTC`)}
        </dl>
      )}
      <div className="button-row">
        <button type="button" data-testid="training.download" disabled={s.session === null || running} onClick={() => void c.download()} title="model.json, weights.bin and meta.json">
          ↓ Download
        </button>
        <button type="button" data-testid="training.uploadButton" disabled={running} onClick={() => input.current?.click()} title="pick model.json, weights.bin and meta.json together">
          ↑ Upload…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept=".json,.bin"
          data-testid="training.upload"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void c.upload(files);
          }}
        />
        {s.session?.env === 'sd-pcgrl' && (
          <button
            type="button"
            data-testid="training.useInGenerator"
            disabled={running}
            title="generate levels with this network in the Generators panel"
            onClick={() => {
              void c.useTrainedModel();
              get().setDockTab('generators');
              get().setView('studio');
            }}
          >
            Generate with it
          </button>
        )}
      </div>
      {s.uploadError !== null && (
        <div className="import-report error-box" data-testid="training.uploadError" role="alert">
          <div className="report-head">
            <b>Upload refused; the model is unchanged.</b>
            <button type="button" className="icon" aria-label="dismiss" onClick={() => get().setTrainingUploadError(null)}>✕</button>
          </div>
          <p className="train-note">{s.uploadError}</p>
        </div>
      )}
    </section>
  );
}
