/**
 * The Batch view: run the SPEC §8 evaluation of any generator in a worker
 * (progress, cancel), then read it as a designer would: the numbers, the
 * difficulty histogram (log option), levels per span, SD-PCGRL per
 * temperature (thesis Figs. 5.6-5.8), the expressive range and sample
 * levels per span; export the report as JSON and each chart as SVG or PNG.
 * Below, the hit-rate map of generate at difficulty.
 */
import { histogramBins, runSweepValue, runTabLabel, spanBars, temperatureSeries } from '../../adapters/batchSeries';
import { sweepAxisTitle, sweepValueLabel } from '../../../core/range/sweep';
import { useActions, useStudioShallow } from '../../studioContext';
import { BatchForm } from './BatchForm';
import { BatchSummary, thesisReference } from './BatchSummary';
import { ChartFrame } from './ChartFrame';
import { HistogramChart } from './HistogramChart';
import { SpanSamples } from './SpanSamples';
import { RangeSection } from './RangeSection';
import { HitRateSection } from './HitRateSection';
import { SpansChart } from './SpansChart';
import { DistributionByTemperatureChart, DuplicatesChart, SpansByTemperatureChart } from './TemperatureCharts';
import { shippedModelFolder } from '../../controllers/modelFilesIo';

export function BatchView() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ run: st.batchRun, log: st.batchLogScale, index: st.batchRunIndex, model: st.model.name }));
  const { run, log } = s;
  const settings = run.settings;
  // Until a temperature is picked: the run in progress, or once done the one with the most non-trivial levels.
  const auto = run.status === 'running' || run.runs.length < 2 ? run.runs.length - 1 : run.runs.reduce((b, r, i) => (r.report.nonTrivial > run.runs[b]!.report.nonTrivial ? i : b), 0);
  const shown = run.runs.length === 0 ? null : (run.runs[s.index] ?? run.runs[auto]!);
  const temperatures = temperatureSeries(run.runs);
  const runsParameter = run.runs[0]?.sweep?.parameter ?? 'temperature';
  const swept = shown === null ? null : runSweepValue(shown);
  // The maps and the sweep's curve cover every run (base); the other charts show one (stem).
  const base = settings === null ? 'evaluation' : `${settings.generator}-${swept?.parameter === 'size' ? 'sizes' : `${settings.width}x${settings.height}`}-n${settings.count}-s${settings.seed}`;
  const stem = `${base}${swept === null ? '' : swept.parameter === 'temperature' ? `-t${swept.value}` : swept.parameter === 'size' ? `-${swept.value}x${swept.value}` : `-pins${swept.value}`}`;
  const progress = run.progress;
  const fraction = progress === null || progress.total === 0 ? 0 : progress.done / progress.total;
  const logToggle = (
    <label className="batch-toggle">
      <input type="checkbox" checked={log} data-testid="batch.log" onChange={(e) => get().setBatchLogScale(e.target.checked)} /> log scale
    </label>
  );
  const reference = settings === null ? null : thesisReference(settings.generator, settings.width, settings.height);

  return (
    <div className="batch-view" data-testid="batch.view">
      <header className="batch-head">
        <h2>Batch evaluation</h2>
        <span className="muted">the thesis’s evaluation (§5.4) · difficulty by the active model “{s.model}”</span>
      </header>
      <BatchForm />
      {run.status !== 'idle' && (
        <div className="batch-progress-row">
          <div
            className={`batch-progress batch-progress-${run.status}`}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={progress?.total ?? 0}
            aria-valuenow={progress?.done ?? 0}
            data-testid="batch.progress"
            data-status={run.status}
          >
            <div className="batch-progress-fill" style={{ width: `${(100 * fraction).toFixed(1)}%` }} />
          </div>
          <span className="batch-progress-text" data-testid="batch.progress.text">
            {progress === null
              ? run.status === 'running'
                ? settings?.generator === 'sd-pcgrl' ? 'Loading the policy…' : 'Starting…'
                : ''
              : `${progress.done.toLocaleString('en-US')} / ${progress.total.toLocaleString('en-US')}${progress.runs > 1 ? ` · ${progress.sweep != null ? sweepValueLabel(progress.sweep) : `temperature ${progress.temperature}`} (${progress.run + 1} of ${progress.runs})` : ''}`}
            {run.status === 'done' && run.seconds !== null && ` · done in ${run.seconds.toFixed(1)} s`}
          </span>
        </div>
      )}
      {run.message !== null && (
        <p className={run.status === 'failed' ? 'batch-message batch-error' : 'batch-message'} role={run.status === 'failed' ? 'alert' : 'status'} data-testid="batch.message">
          {run.message}
        </p>
      )}
      {run.policy !== null && (
        <p className="muted batch-note">
          Policy: <span data-testid="batch.policy">{shippedModelFolder(run.rules)} ({run.policy.description})</span>; tfjs backend <b>{run.policy.backend}</b> ({run.policy.reason}).
        </p>
      )}
      {shown === null || settings === null ? (
        <BatchEmpty />
      ) : (
        <>
          {run.runs.length > 1 && (
            <div className="batch-runs" role="tablist" aria-label={`${runsParameter === 'temperature' ? 'Temperature' : 'Run'} shown`}>
              <span className="muted">showing {sweepAxisTitle(runsParameter)}</span>
              <div className="segmented">
                {run.runs.map((r, i) => (
                  <button key={i} type="button" role="tab" aria-selected={r === shown} className={r === shown ? 'active' : ''} data-testid="batch.run.pick" onClick={() => get().setBatchRunIndex(i)}>
                    {runTabLabel(r)}
                  </button>
                ))}
              </div>
            </div>
          )}
          <BatchSummary run={shown} settings={settings} />
          {reference !== null && <p className="muted batch-note">{reference}</p>}
          <div className="batch-charts">
            <ChartFrame id="histogram" title="Difficulty histogram" fileName={`${stem}-histogram`} controls={logToggle} note="Unique solvable levels, bins of 5, coloured by band (thesis Figs. 5.2, 5.4).">
              <HistogramChart bins={histogramBins(shown.report)} log={log} label="difficulty histogram of unique levels" />
            </ChartFrame>
            <ChartFrame id="spans" title="Levels per difficulty span" fileName={`${stem}-spans`} controls={logToggle} note="Unique solvable levels per span, with their share; 200+ has its own bar, so 80–200 holds only what lies in it.">
              <SpansChart bars={spanBars(shown.report)} log={log} label="unique levels per difficulty span" />
            </ChartFrame>
            {temperatures.length > 0 && (
              <>
                <ChartFrame id="temperature-duplicates" title="Duplicates per temperature" fileName={`${stem}-duplicates-per-temperature`} note="Thesis Fig. 5.6: lower temperatures repeat themselves more.">
                  <DuplicatesChart points={temperatures} />
                </ChartFrame>
                <ChartFrame id="temperature-spans" title="Levels per span and temperature" fileName={`${stem}-spans-per-temperature`} controls={logToggle} note="Thesis Fig. 5.8: ★ marks the temperature with the most levels in each span.">
                  <SpansByTemperatureChart points={temperatures} log={log} />
                </ChartFrame>
                <ChartFrame id="temperature-distribution" title="Difficulty distribution per temperature" fileName={`${stem}-distribution-per-temperature`} controls={logToggle} note="Thesis Fig. 5.7: one line per temperature.">
                  <DistributionByTemperatureChart points={temperatures} log={log} />
                </ChartFrame>
              </>
            )}
          </div>
          <RangeSection stem={base} />
          <section className="batch-section">
            <h2>Sample levels per span{swept !== null ? ` (${swept.parameter === 'temperature' ? `t = ${swept.value}` : sweepValueLabel(swept)})` : ''}</h2>
            <p className="muted batch-note">The first unique levels found in each span. Click one to open it in the editor.</p>
            <SpanSamples samples={shown.samples} settings={swept?.parameter === 'size' ? { ...settings, width: swept.value, height: swept.value } : settings} temperature={shown.temperature} rules={run.rules} />
          </section>
        </>
      )}
      <HitRateSection />
    </div>
  );
}

function BatchEmpty() {
  return (
    <div className="batch-empty" data-testid="batch.empty">
      <p>
        Generate many levels with one generator and see what it is good for: how many are solvable and unique, how difficulty is spread, and which
        settings give hard levels. The thesis ran 20,000 per generator (about a second for RSD here, a minute for RPU).
      </p>
      <ul>
        <li><b>RSD</b> walks a random solution and builds walls around it: every level is solvable, most are trivial.</li>
        <li><b>RPU</b> adds random walls to an empty grid and keeps what stays solvable: few levels, many duplicates.</li>
        <li><b>SD-PCGRL</b> lets the trained policy choose the walk, once per temperature (1.0 is RSD).</li>
      </ul>
    </div>
  );
}
