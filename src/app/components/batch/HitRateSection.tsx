/**
 * The Batch view's hit-rate map of generate at difficulty (docs/range.md):
 * for a grid of targets (difficulties, and the values of an optional second
 * measure), the share of one-level requests that return a level within
 * tolerance, levels per second and the unique share, at the Batch form's
 * size and seed, computed in a worker cell by cell (Cancel keeps the cells
 * done). The same cells as `evaluate --targets` for the same settings.
 */
import { MEASURES, type MeasureName } from '../../../core/range/measures';
import { SECOND_MEASURES } from '../../../core/range/secondTarget';
import { MAX_HIT_RATE_REQUESTS } from '../../../workers/batch.protocol';
import { downloadText } from '../../files/download';
import { HIT_RATE_SHADES, hitRateGrid, type HitRateShade } from '../../store/batchMaps';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { ChartFrame } from './ChartFrame';
import { HitRateChart, hitRateCsv, SHADE_LABELS } from './HitRateChart';
import { NumberField } from './NumberField';

export function HitRateSection() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ form: st.hitRateForm, run: st.hitRateRun, size: `${st.batchSettings.width}x${st.batchSettings.height}`, seed: st.batchSettings.seed }));
  const { form, run } = s;
  const set = get().setHitRateForm;
  const running = run.status === 'running';
  const grid = hitRateGrid(form);
  const cells = grid.ok ? grid.value.targets.length * (grid.value.also?.values.length ?? 1) : 0;
  const request = run.request;
  const stem = request === null ? 'hit-rate' : `hit-rate-${request.width}x${request.height}-s${request.seed}${request.also !== undefined ? `-${request.also.measure}` : ''}`;
  const total = request === null ? 0 : request.targets.length * (request.also?.values.length ?? 1);
  const hits = run.cells.reduce((a, c) => a + c.hits, 0), asked = run.cells.reduce((a, c) => a + c.requests, 0);
  const controls = (
    <span className="range-controls">
      <button type="button" className="small" data-testid="hitRate.csv" disabled={request === null || run.cells.length === 0} onClick={() => downloadText(hitRateCsv(request!, run.cells), `${stem}.csv`, 'text/csv')}>CSV</button>
    </span>
  );
  return (
    <section className="batch-section" data-testid="hitRate.section">
      <h2>Where generate at difficulty works</h2>
      <p className="muted batch-note">
        For each target, one-level requests with their own seeds at {s.size}, seed {s.seed} (the form above): the share that returned a level within tolerance (both windows with a second measure),
        levels per second of the worker&apos;s time and the share of distinct levels. <code>evaluate --targets</code> gives the same cells.
      </p>
      <form className="batch-form" onSubmit={(e) => (e.preventDefault(), void services.batch.hitRateMap())}>
        <label className="field" title={grid.ok ? `${cells} cells` : grid.error}>
          <span>difficulty targets</span>
          <input value={form.targets} data-testid="hitRate.targets" aria-invalid={!grid.ok && !grid.error.startsWith('the values')} disabled={running} style={{ width: 90 }} onChange={(e) => set({ targets: e.target.value })} />
        </label>
        <label className="field">
          <span>and</span>
          <select value={form.alsoMeasure ?? ''} data-testid="hitRate.also.measure" aria-label="second measure" disabled={running} onChange={(e) => set({ alsoMeasure: e.target.value === '' ? null : (e.target.value as MeasureName) })}>
            <option value="">difficulty alone</option>
            {SECOND_MEASURES.map((m) => (
              <option key={m} value={m} title={MEASURES[m].meaning}>{MEASURES[m].label}</option>
            ))}
          </select>
        </label>
        {form.alsoMeasure !== null && (
          <label className="field">
            <span>values</span>
            <input value={form.alsoValues} data-testid="hitRate.also.values" aria-invalid={!grid.ok && grid.error.startsWith('the values')} disabled={running} style={{ width: 90 }} onChange={(e) => set({ alsoValues: e.target.value })} />
          </label>
        )}
        <NumberField label="requests per cell" value={form.requests} min={1} max={MAX_HIT_RATE_REQUESTS} testId="hitRate.requests" width={60} disabled={running} onChange={(v) => set({ requests: v! })} />
        <NumberField label="evaluations each" value={form.evaluations} min={1} max={10_000_000} testId="hitRate.evaluations" width={80} disabled={running} onChange={(v) => set({ evaluations: v! })} />
        <button type="submit" className="primary" data-testid="hitRate.run" disabled={running || !grid.ok} title={grid.ok ? undefined : grid.error}>
          {running ? 'Mapping…' : `Map ${cells} cell${cells === 1 ? '' : 's'}`}
        </button>
        {running && (
          <button type="button" data-testid="hitRate.cancel" onClick={() => services.batch.cancelHitRate()}>
            Cancel
          </button>
        )}
        <label className="field">
          <span>shade by</span>
          <select value={form.shade} data-testid="hitRate.shade" onChange={(e) => set({ shade: e.target.value as HitRateShade })}>
            {HIT_RATE_SHADES.map((k) => (
              <option key={k} value={k}>{SHADE_LABELS[k]}</option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="hitRate.status" data-status={run.status}>
          {request === null ? (grid.ok ? '' : grid.error) : `${run.cells.length} of ${total} cells · ${hits} of ${asked} requests hit${run.seconds !== null ? ` · ${run.seconds.toFixed(1)} s` : ''}`}
        </span>
      </form>
      {run.message !== null && <p className={run.status === 'failed' ? 'batch-message batch-error' : 'batch-message'} role={run.status === 'failed' ? 'alert' : 'status'} data-testid="hitRate.message">{run.message}</p>}
      {request !== null && run.status !== 'failed' && (
        <div className="batch-charts range-charts">
          <ChartFrame id="hit-rate" title="Hit-rate map" fileName={stem} controls={controls} note="Each cell: the requests for that target (and second value); an outline is a cell not done yet. Hover a cell for all its numbers.">
            <HitRateChart request={request} cells={run.cells} shade={form.shade} />
          </ChartFrame>
        </div>
      )}
    </section>
  );
}
