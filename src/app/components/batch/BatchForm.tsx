/** The Batch view's settings: generator, size, levels, seed (and SD-PCGRL temperatures), run / cancel, export. */
import { BATCH_GENERATORS, MAX_EVALUATION_COUNT, type BatchGenerator } from '../../../workers/batch.protocol';
import { parseTemperatureList, reportFile } from '../../adapters/batchSeries';
import { hasShippedModel } from '../../controllers/modelFilesIo';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { downloadBlob } from './exportChart';
import { NumberField } from './NumberField';

const LABELS: Record<BatchGenerator, string> = {
  rsd: 'RSD — random solution-down',
  rpu: 'RPU — random puzzle-up',
  'sd-pcgrl': 'SD-PCGRL — trained policy',
};

export function BatchForm() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ settings: st.batchSettings, run: st.batchRun }));
  const { settings, run } = s;
  const set = get().setBatchSettings;
  const running = run.status === 'running';
  const policy = hasShippedModel();
  const temps = parseTemperatureList(settings.temperatures);
  const sd = settings.generator === 'sd-pcgrl';
  const exportReport = (): void => {
    const r = get().batchRun;
    const file = reportFile(r);
    const st = r.settings;
    downloadBlob(new Blob([JSON.stringify(file, null, 2) + '\n'], { type: 'application/json' }), `evaluation-${st?.generator ?? 'run'}-${st?.width}x${st?.height}-n${st?.count}-s${st?.seed}.json`);
  };
  return (
    <form className="batch-form" onSubmit={(e) => (e.preventDefault(), void services.batch.evaluate())}>
      <label className="field">
        <span>generator</span>
        <select value={settings.generator} data-testid="batch.generator" disabled={running} onChange={(e) => set({ generator: e.target.value as BatchGenerator })}>
          {BATCH_GENERATORS.map((g) => (
            <option key={g} value={g}>
              {LABELS[g]}
              {g === 'sd-pcgrl' && !policy ? ' (no model shipped yet)' : ''}
            </option>
          ))}
        </select>
      </label>
      <NumberField label="W" ariaLabel="width" value={settings.width} min={3} max={16} testId="batch.width" disabled={running} onChange={(v) => set({ width: v! })} />
      <NumberField label="H" ariaLabel="height" value={settings.height} min={3} max={16} testId="batch.height" disabled={running} onChange={(v) => set({ height: v! })} />
      <NumberField label={sd ? 'levels per temperature' : 'levels'} value={settings.count} min={1} max={MAX_EVALUATION_COUNT} testId="batch.count" width={84} disabled={running} onChange={(v) => set({ count: v! })} />
      <NumberField label="seed" value={settings.seed} min={0} max={0xffffffff} testId="batch.seed" width={90} disabled={running} onChange={(v) => set({ seed: v! })} />
      {sd && (
        <label className="field" title={temps.ok ? `${temps.value.length} temperatures: ${temps.value.join(', ')}` : temps.error}>
          <span>temperatures</span>
          <input value={settings.temperatures} aria-invalid={!temps.ok} data-testid="batch.temperatures" disabled={running} style={{ width: 96 }} onChange={(e) => set({ temperatures: e.target.value })} />
        </label>
      )}
      <button type="submit" className="primary" data-testid="batch.run" disabled={running || (sd && !temps.ok)}>
        {running ? 'Running…' : 'Run evaluation'}
      </button>
      {running && (
        <button type="button" data-testid="batch.cancel" onClick={() => services.batch.cancelEvaluation()}>
          Cancel
        </button>
      )}
      <span className="grow" />
      <button type="button" data-testid="batch.export.json" disabled={run.runs.length === 0 || running} title="Download the report (every number, histogram, spans and samples) as JSON" onClick={exportReport}>
        Export report JSON
      </button>
    </form>
  );
}
