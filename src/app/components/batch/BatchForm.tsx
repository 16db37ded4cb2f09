/** The Batch view's settings: generator, size, levels, seed (SD-PCGRL's temperatures, or RSD's and RPU's sweep of size or pinned cells), run / cancel, export. */
import { MAX_SEED } from '../../../core/util/schemas';
import { BATCH_GENERATORS, MAX_EVALUATION_COUNT, batchGeneratorProblem, type BatchGenerator } from '../../../workers/batch.protocol';
import { rulesetByName } from '../../../core/rules/registry';
import { packRules } from '../../store/rules';
import { parseTemperatureList, reportFile } from '../../adapters/batchSeries';
import { hasShippedModel } from '../../controllers/modelFilesIo';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { useEffect, useState } from 'react';
import { estimateBatch, formatDuration, timeLeft, type MeasuredRate } from '../../adapters/batchEstimate';
import { DEFAULT_BATCH_SETTINGS, type BatchRun, type BatchSettings, type BatchSweep } from '../../store/batchSlice';
import { sweepValues } from '../../adapters/batchSweep';
import { downloadBlob } from '../../files/download';
import { NumberField } from './NumberField';

const LABELS: Record<BatchGenerator, string> = {
  rsd: 'RSD — random solution-down',
  rpu: 'RPU — random puzzle-up',
  'sd-pcgrl': 'SD-PCGRL — trained policy',
};

export function BatchForm() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ settings: st.batchSettings, run: st.batchRun, rules: packRules(st.pack) }));
  const { settings, run } = s;
  const set = get().setBatchSettings;
  const running = run.status === 'running';
  const policy = hasShippedModel(s.rules);
  const temps = parseTemperatureList(settings.temperatures);
  const sd = settings.generator === 'sd-pcgrl';
  const sweep = sweepValues(settings);
  const bySize = !sd && settings.sweep === 'size';
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
          {BATCH_GENERATORS.map((g) => {
            const problem = batchGeneratorProblem(g, s.rules);
            return (
              <option key={g} value={g} disabled={problem !== null} title={problem ?? undefined}>
                {LABELS[g]}
                {problem !== null ? ` (not for ${rulesetByName(s.rules).title})` : g === 'sd-pcgrl' && !policy ? ' (no model shipped yet)' : ''}
              </option>
            );
          })}
        </select>
      </label>
      <span className={`rules-tag rules-${s.rules}`} data-testid="batch.rules" title="the pack's rules: the levels are generated and analysed under them">{rulesetByName(s.rules).title}</span>
      <NumberField label="W" ariaLabel="width" value={settings.width} min={3} max={16} testId="batch.width" disabled={running || bySize} onChange={(v) => set({ width: v! })} />
      <NumberField label="H" ariaLabel="height" value={settings.height} min={3} max={16} testId="batch.height" disabled={running || bySize} onChange={(v) => set({ height: v! })} />
      <NumberField label={sd ? 'levels per temperature' : sweep !== null ? 'levels per run' : 'levels'} value={settings.count} min={1} max={MAX_EVALUATION_COUNT} testId="batch.count" width={84} disabled={running} onChange={(v) => set({ count: v! })} />
      <NumberField label="seed" value={settings.seed} min={0} max={MAX_SEED} testId="batch.seed" width={90} disabled={running} onChange={(v) => set({ seed: v! })} />
      {sd && (
        <label className="field" title={temps.ok ? `${temps.value.length} temperatures: ${temps.value.join(', ')}` : temps.error}>
          <span>temperatures</span>
          <input value={settings.temperatures} aria-invalid={!temps.ok} data-testid="batch.temperatures" disabled={running} style={{ width: 96 }} onChange={(e) => set({ temperatures: e.target.value })} />
        </label>
      )}
      {!sd && <SweepFields settings={settings} running={running} values={sweep} />}
      <button type="submit" className="primary" data-testid="batch.run" disabled={running || (sd && !temps.ok) || (sweep !== null && !sweep.ok)}>
        {running ? 'Running…' : 'Run evaluation'}
      </button>
      {running && (
        <button type="button" data-testid="batch.cancel" onClick={() => services.batch.cancelEvaluation()}>
          Cancel
        </button>
      )}
      <BatchTime settings={settings} run={run} runs={sd ? (temps.ok ? temps.value.length : 1) : sweep?.ok === true ? sweep.value.length : 1} sides={bySize && sweep?.ok === true ? sweep.value : null} />
      <span className="grow" />
      <button type="button" data-testid="batch.export.json" disabled={run.runs.length === 0 || running} title="Download the report (every number, histogram, spans and samples) as JSON" onClick={exportReport}>
        Export report JSON
      </button>
    </form>
  );
}

/** RSD and RPU: sweep the size or the number of pinned cells (cells of the level open in the editor), one run per value. */
function SweepFields({ settings, running, values }: { settings: BatchSettings; running: boolean; values: ReturnType<typeof sweepValues> }) {
  const set = useActions()().setBatchSettings;
  const kind = settings.sweep ?? null;
  const list = kind === 'size' ? (settings.sweepSizes ?? DEFAULT_BATCH_SETTINGS.sweepSizes!) : (settings.sweepPins ?? DEFAULT_BATCH_SETTINGS.sweepPins!);
  return (
    <>
      <label className="field" title="One run per value, each its own map on the expressive range's axes, and the y measure's curve over the values">
        <span>sweep</span>
        <select value={kind ?? ''} data-testid="batch.sweep" disabled={running} onChange={(e) => set({ sweep: e.target.value === '' ? null : (e.target.value as BatchSweep) })}>
          <option value="">none</option>
          <option value="size">size (N x N)</option>
          <option value="pins">pinned cells of the open level</option>
        </select>
      </label>
      {kind !== null && (
        <label className="field" title={values === null ? undefined : values.ok ? `${values.value.length} runs: ${values.value.join(', ')}` : values.error}>
          <span>{kind === 'size' ? 'sides' : 'cells pinned'}</span>
          <input
            value={list}
            aria-invalid={values !== null && !values.ok}
            data-testid="batch.sweep.values"
            disabled={running}
            style={{ width: 84 }}
            onChange={(e) => set(kind === 'size' ? { sweepSizes: e.target.value } : { sweepPins: e.target.value })}
          />
        </label>
      )}
    </>
  );
}

/** The last finished run's speed, as levels/s at 64 cells (null when it was another generator or none). */
function measuredRate(run: BatchRun): MeasuredRate | null {
  const st = run.settings;
  if (run.status !== 'done' || st === null || run.runs.length === 0) return null;
  // Each run's rate at 64 cells (a size sweep's runs each have their own size).
  const at64 = run.runs.map((r) => (r.levelsPerSecond * (r.sweep?.parameter === 'size' ? r.sweep.value ** 2 : st.width * st.height)) / 64);
  const mean = at64.reduce((a, v) => a + v, 0) / at64.length;
  return mean > 0 ? { generator: st.generator, perSecondAt64: mean } : null;
}

/** Before a run: how long it should take; while running: the time left, from the progress so far. */
function BatchTime({ settings, run, runs, sides }: { settings: BatchSettings; run: BatchRun; runs: number; sides: readonly number[] | null }) {
  const [now, setNow] = useState(() => Date.now());
  const running = run.status === 'running';
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  if (running) {
    const left = run.progress !== null && run.startedAt !== null ? timeLeft(run.progress, (Math.max(now, Date.now()) - run.startedAt) / 1000) : null;
    return (
      <span className="muted" data-testid="batch.timeLeft" data-seconds={left ?? ''}>
        {left === null ? 'estimating the time left…' : `${formatDuration(left)} left`}
      </span>
    );
  }
  const rate = measuredRate(run);
  const e = sides !== null
    ? { seconds: sides.reduce((a, side) => a + estimateBatch(settings.generator, side, side, settings.count, 1, rate).seconds, 0), basis: estimateBatch(settings.generator, 8, 8, 1, 1, rate).basis }
    : estimateBatch(settings.generator, settings.width, settings.height, settings.count, runs, rate);
  return (
    <span className="muted" data-testid="batch.estimate" data-seconds={e.seconds} title={e.basis === 'this machine' ? 'from the speed of your last run of this generator' : 'from a reference speed on a 2-core machine; your last run will refine it'}>
      takes {formatDuration(e.seconds)}
    </span>
  );
}
