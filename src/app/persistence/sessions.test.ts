import { describe, expect, it } from 'vitest';
import { generateLevelsSync } from '../../workers/generators.api';
import { BatchController } from '../controllers/batchController';
import { LabController } from '../controllers/labController';
import { createStudioStore, type StudioStore } from '../store/store';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';
import { MAX_SAVED_LAB_SAMPLES, restoreBatchReport, restoreLabSession, saveLabSession } from './sessions';

// No Worker in Node: the controllers' clients fall back to the page's thread, which runs the same api.

/** Solvable levels from the RSD generator; "seconds" grow with the open cells (what a player would take longer on). */
function csv(): string {
  const generated = generateLevelsSync({ generator: 'rsd', width: 6, height: 6, seed: 7, count: 20 });
  if (generated.kind !== 'ok') throw new Error(generated.message);
  const lines = ['level,avgCompletionSeconds'];
  for (const l of generated.value.levels) lines.push(`${l.rows.join('/')},${(2 + 0.4 * l.rows.join('').split('.').length + l.features.nSolutionBranches).toFixed(2)}`);
  return lines.join('\n');
}

async function reload(first: StudioStore, run: (store: StudioStore) => Promise<void>): Promise<{ second: StudioStore; problems: string[]; kv: ReturnType<typeof memoryStore> }> {
  const kv = memoryStore();
  const autosave = startAutosave(first, kv, 0);
  await run(first);
  await autosave.flush();
  autosave.stop();
  const second = createStudioStore();
  return { second, problems: await loadSaved(second, kv), kv };
}

describe('the batch report survives a reload', () => {
  it('a finished evaluation comes back whole (summary, histogram, spans, samples)', async () => {
    const first = createStudioStore();
    first.getState().setBatchSettings({ generator: 'rpu', width: 6, height: 6, count: 300, seed: 2 });
    const { second, problems } = await reload(first, (s) => new BatchController(s).evaluate());
    expect(problems).toEqual([]);
    const run = first.getState().batchRun;
    expect(run.status).toBe('done');
    expect(run.runs[0]!.samples.length).toBeGreaterThan(0);
    expect(run.runs[0]!.measures!.levels.length).toBe(run.runs[0]!.report.unique);
    // The levels' measures (the expressive-range map's data) are not saved; everything else comes back.
    expect(second.getState().batchRun).toEqual({ ...run, runs: run.runs.map(({ measures: _measures, ...rest }) => rest) });
  });

  it('a report saved with five spans (80-200 holding everything above) comes back with 80-200 and 200+ split by its histogram', async () => {
    const first = createStudioStore();
    first.getState().setBatchSettings({ generator: 'rpu', width: 6, height: 6, count: 200, seed: 4 });
    const { kv } = await reload(first, (s) => new BatchController(s).evaluate());
    const saved = structuredClone(kv.data.get('batchReport')) as { runs: { report: { spans: { from: number; to: number | null; count: number }[]; histogram: number[] }; samples: { span: number; difficulty: number }[] }[] };
    const report = saved.runs[0]!.report;
    // Three levels at 200 and up: the last histogram bin (bin 40 holds 200+) and the 200+ span agree.
    while (report.histogram.length < 41) report.histogram.push(0);
    report.histogram[40] = 3;
    report.spans[5]!.count = 3;
    const expected = restoreBatchReport(structuredClone(saved));
    // The same report as an older version wrote it: five spans, the last 80-200 with the 3 above folded in.
    const old = structuredClone(saved);
    const spans = old.runs[0]!.report.spans;
    spans[4] = { from: 80, to: 200, count: spans[4]!.count + spans[5]!.count };
    spans.pop();
    for (const sm of old.runs[0]!.samples) if (sm.span === 5) sm.span = 4;
    const restored = restoreBatchReport(old);
    expect(restored.ok).toBe(true);
    expect(restored).toEqual(expected);
    if (restored.ok) expect(restored.value!.runs[0]!.report.spans.slice(4)).toEqual([{ from: 80, to: 200, count: report.spans[4]!.count }, { from: 200, to: null, count: 3 }]);
  });

  it('a new run that is still going (or fails) does not replace the saved report', async () => {
    const first = createStudioStore();
    first.getState().setBatchSettings({ generator: 'rpu', width: 5, height: 5, count: 100, seed: 1 });
    const { second, kv } = await reload(first, async (s) => {
      await new BatchController(s).evaluate();
      s.getState().setBatchSettings({ generator: 'sd-pcgrl', temperatures: 'hot' });
      await new BatchController(s).evaluate();
    });
    expect(first.getState().batchRun.status).toBe('failed');
    expect(second.getState().batchRun.status).toBe('done');
    expect(second.getState().batchRun.settings).toMatchObject({ generator: 'rpu', count: 100 });
    expect(kv.data.get('batchReport')).toMatchObject({ status: 'done' });
  });

  it('a corrupt report is refused with a sentence and changes nothing', async () => {
    const first = createStudioStore();
    first.getState().setBatchSettings({ generator: 'rpu', width: 6, height: 6, count: 200, seed: 3 });
    const { kv } = await reload(first, (s) => new BatchController(s).evaluate());
    const saved = structuredClone(kv.data.get('batchReport')) as { runs: { samples: { rows: string[] }[]; report: Record<string, unknown> }[] };
    const badGrid = structuredClone(saved);
    badGrid.runs[0]!.samples[0]!.rows = ['C..', '.x.', '...'];
    expect(restoreBatchReport(badGrid)).toMatchObject({ ok: false, error: expect.stringMatching(/^the saved batch report has a bad sample \(runs\.0\.samples\.0: .*line 2, column 2/) });
    const badNumber = structuredClone(saved);
    badNumber.runs[0]!.report['unique'] = -4;
    expect(restoreBatchReport(badNumber)).toMatchObject({ ok: false, error: expect.stringContaining('runs.0.report.unique') });
    expect(restoreBatchReport({ ...saved, status: 'running' })).toMatchObject({ ok: false, error: expect.stringContaining('status') });

    const store = createStudioStore();
    const kv2 = memoryStore({ batchReport: badGrid });
    const problems = await loadSaved(store, kv2);
    expect(problems).toEqual([expect.stringMatching(/^the saved batch report has a bad sample .*; it was set aside; the saved record is kept as a backup$/)]);
    // The damaged record is kept as found, and the record itself no longer holds it.
    expect([...kv2.saved.values()].map((b) => (b as { raw: unknown }).raw)).toEqual([badGrid]);
    expect(kv2.data.has('batchReport')).toBe(false);
    expect(store.getState().batchRun.status).toBe('idle');
  });
});

describe('the lab session survives a reload', () => {
  async function session(s: StudioStore): Promise<void> {
    const lab = new LabController(s);
    await lab.loadCsv(csv(), 'walls.csv');
    s.getState().setLabFeatures(['nSolutions', 'nSolutionBranches']);
    s.getState().setLabSeed(9);
    await lab.evaluate();
    s.getState().setLabMethod('ols');
    await lab.evaluate();
    await lab.ablate();
    await lab.fit();
  }

  it('data rows, Table 4.1 runs, the ablation and the fit come back equal', async () => {
    const first = createStudioStore();
    const { second, problems } = await reload(first, session);
    expect(problems).toEqual([]);
    const a = first.getState(), b = second.getState();
    expect(a.labError).toBeNull();
    expect(a.labData!.samples.length).toBeGreaterThan(5);
    expect(a.labRuns).toHaveLength(2);
    expect(a.labAblation).not.toBeNull();
    expect(a.labFitted).not.toBeNull();
    expect(b.labData).toEqual(a.labData);
    expect(b.labRuns).toEqual(a.labRuns);
    expect(b.labAblation).toEqual(a.labAblation);
    expect(b.labFitted).toEqual(a.labFitted);
    expect([b.labMethod, b.labFeatures, b.labSeed]).toEqual(['ols', ['nSolutions', 'nSolutionBranches'], 9]);
  });

  it('a corrupt session is refused whole with a sentence; the lab starts empty', async () => {
    const first = createStudioStore();
    const { kv } = await reload(first, session);
    const saved = kv.data.get('labSession') as { data: { samples: { rows: string[]; key: string }[] }; fitted: { model: Record<string, unknown>; used: number[] }; runs: { id: string }[] };
    const badModel = structuredClone(saved);
    badModel.fitted.model['coefficients'] = [1];
    expect(restoreLabSession(badModel)).toMatchObject({ ok: false, error: expect.stringContaining('invalid fitted model (fitted.model.coefficients') });
    const badIndex = structuredClone(saved);
    badIndex.fitted.used[0] = 10_000;
    expect(restoreLabSession(badIndex)).toMatchObject({ ok: false, error: expect.stringContaining('missing data row') });
    const badRun = structuredClone(saved);
    badRun.runs[1]!.id = badRun.runs[0]!.id;
    expect(restoreLabSession(badRun)).toMatchObject({ ok: false, error: expect.stringContaining('repeated run ids') });
    // A tampered key is not trusted: it is recomputed from the rows.
    const badKey = structuredClone(saved);
    badKey.data.samples[0]!.key = 'forged';
    const back = restoreLabSession(badKey);
    expect(back.ok && back.value.labData!.samples[0]!.key).toBe(first.getState().labData!.samples[0]!.key);

    const store = createStudioStore();
    const problems = await loadSaved(store, memoryStore({ labSession: badModel }));
    expect(problems).toEqual([expect.stringMatching(/^the saved lab session has an invalid fitted model .*; the lab starts empty; the saved record is kept as a backup$/)]);
    expect(store.getState()).toMatchObject({ labData: null, labRuns: [], labAblation: null, labFitted: null });
  });

  it(`data over ${MAX_SAVED_LAB_SAMPLES} rows is not kept, nor the fit that points into it; the runs and ablation are`, async () => {
    const first = createStudioStore();
    const { kv } = await reload(first, session);
    const s = first.getState();
    const one = s.labData!.samples[0]!;
    const big = { ...s.labData!, samples: Array.from({ length: MAX_SAVED_LAB_SAMPLES + 1 }, () => one) };
    const saved = saveLabSession({ ...s, labData: big });
    expect(saved).toMatchObject({ data: null, fitted: null, runs: s.labRuns, ablation: s.labAblation });
    const back = restoreLabSession(structuredClone(saved));
    expect(back).toMatchObject({ ok: true, value: { labData: null, labFitted: null, labRuns: s.labRuns } });
    // The small session was kept in full.
    expect(kv.data.get('labSession')).toMatchObject({ data: { source: 'walls.csv' } });
  });
});
