/**
 * "Generate at difficulty" in the generators dock (SPEC §7): a number or a
 * band, size, count and constraints; results as thumbnails with their
 * difficulty, one click to the pack or the editor; and "fill the pack along
 * a curve". Runs in the batch generation worker, with cancel.
 */
import { BANDS, type BandName } from '../../../core/difficulty/predict';
import { parseRows } from '../../../core/level/format';
import { MAX_SEED } from '../../../core/util/schemas';
import { DEFAULT_TOLERANCE, toleranceWidth } from '../../../core/generators/atDifficulty';
import type { FoundLevel } from '../../../workers/batch.api';
import { MAX_AT_DIFFICULTY_COUNT, MAX_CURVE_COUNT } from '../../../workers/batch.protocol';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { rulesetByName } from '../../../core/rules/registry';
import { packRules, uniqueSolutionApplies } from '../../store/rules';
import { NumberField } from '../batch/NumberField';
import { GeneratedLevelCard, pinnedCellsOf } from './GeneratedLevelCard';
import { KeepPinsField } from './KeepPinsField';
import { roundDifficulty, roundForMessage } from '../../../core/difficulty/scale';
import { SecondTargetField } from './SecondTargetField';
import { MEASURES } from '../../../core/range/measures';

const fmt = roundForMessage;

export function AtDifficultySection() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ settings: st.atdSettings, run: st.atdRun, curve: st.curveRun, packSize: st.pack.levels.length, rules: packRules(st.pack) }));
  const uniqueOk = uniqueSolutionApplies(s.rules);
  const { settings, run, curve } = s;
  const set = get().setAtdSettings;
  const busy = run.status === 'running' || curve.status === 'running';
  const runPinned = pinnedCellsOf(run.request?.pins);
  const window = { from: Math.max(0, settings.target - toleranceWidth(settings.target)), to: settings.target + toleranceWidth(settings.target) };
  const windowText = `±${fmt(toleranceWidth(settings.target, DEFAULT_TOLERANCE))}: ${fmt(window.from)}–${fmt(window.to)}`;

  const open = (l: FoundLevel, i: number): void => {
    const p = parseRows(l.rows);
    if (p.ok) get().openLevel(p.value, services.batch.foundLevelName(i));
  };
  const add = (l: FoundLevel, i: number): void => void services.batch.addFoundLevel(l, i);

  return (
    <section className="atd" data-testid="atd.panel" aria-label="Generate at difficulty">
      <h2 className="atd-title">Generate at difficulty</h2>
      <form className="gen-form atd-form" onSubmit={(e) => (e.preventDefault(), void services.batch.runAtDifficulty())}>
        <div className="segmented" role="radiogroup" aria-label="target kind">
          {(['band', 'number'] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={settings.mode === m} className={settings.mode === m ? 'active' : ''} data-testid={`atd.mode.${m}`} onClick={() => set({ mode: m })}>
              {m === 'band' ? 'Band' : 'Number'}
            </button>
          ))}
        </div>
        {settings.mode === 'band' ? (
          <label className="field">
            <select value={settings.band} aria-label="band" data-testid="atd.band" onChange={(e) => set({ band: e.target.value as BandName })}>
              {BANDS.map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name} ({Number.isFinite(b.to) ? `${b.from}–${b.to}` : `${b.from}+`})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <NumberField label="target" value={settings.target} min={0} max={100_000} integer={false} testId="atd.target" width={62} onChange={(v) => set({ target: v! })} />
        )}
        {settings.mode === 'number' && <span className="muted atd-window" data-testid="atd.window" title="the accepted window: the larger of ±10% and ±3">{windowText}</span>}
        <NumberField label="W" ariaLabel="width" value={settings.width} min={3} max={16} testId="atd.width" onChange={(v) => set({ width: v! })} />
        <NumberField label="H" ariaLabel="height" value={settings.height} min={3} max={16} testId="atd.height" onChange={(v) => set({ height: v! })} />
        <NumberField label="N" value={settings.count} min={1} max={MAX_AT_DIFFICULTY_COUNT} testId="atd.count" onChange={(v) => set({ count: v! })} />
        <NumberField label="seed" value={settings.seed} min={0} max={MAX_SEED} testId="atd.seed" width={78} onChange={(v) => set({ seed: v! })} />
        <button type="button" className="small" title="a random seed" data-testid="atd.randomSeed" onClick={() => set({ seed: Math.floor(Math.random() * 1_000_000) })}>random</button>
        <NumberField
          label="time limit, s"
          value={settings.timeLimitSeconds ?? null}
          min={1}
          max={600}
          optional
          testId="atd.timeLimit"
          width={46}
          title="stop the search after this many seconds (empty = automatic: 5 s, plus 1.5 s a level past the third; a curve: 4 s a level); for a curve it is each level's limit; the levels found by then are kept"
          onChange={(v) => set({ timeLimitSeconds: v })}
        />
        <fieldset className="atd-constraints" aria-label="constraints">
          <label className="atd-check" title="Skip levels whose grid is already in the pack">
            <input type="checkbox" checked={settings.notInPack} data-testid="atd.notInPack" onChange={(e) => set({ notInPack: e.target.checked })} /> not in the pack
          </label>
          <label
            className="atd-check"
            title={uniqueOk ? 'Only levels with exactly one solution path' : `Not for ${rulesetByName(s.rules).title}: its graph has cycles, so a level has no finite number of solution paths`}
          >
            <input type="checkbox" checked={uniqueOk && settings.uniqueSolution} disabled={!uniqueOk} data-testid="atd.uniqueSolution" onChange={(e) => set({ uniqueSolution: e.target.checked })} /> unique solution
          </label>
          <span className="atd-open">
            <NumberField label="open cells" value={settings.openMin} min={1} max={256} optional testId="atd.openMin" width={46} title="least open cells (empty = any)" onChange={(v) => set({ openMin: v })} />
            <NumberField label="to" value={settings.openMax} min={1} max={256} optional testId="atd.openMax" width={46} title="most open cells (empty = any)" onChange={(v) => set({ openMax: v })} />
          </span>
          <SecondTargetField />
          <KeepPinsField width={settings.width} height={settings.height} testPrefix="atd" />
        </fieldset>
        <div className="button-row">
          <button type="submit" className="primary" data-testid="atd.run" disabled={busy}>
            {run.status === 'running' ? 'Searching…' : `Generate ${settings.count === 1 ? 'one' : settings.count}`}
          </button>
          {run.status === 'running' && (
            <button type="button" data-testid="atd.cancel" onClick={() => services.batch.cancelGeneration()}>Cancel</button>
          )}
          {run.levels.length > 1 && (
            <button type="button" data-testid="atd.addAll" disabled={busy} onClick={() => void services.batch.addFoundLevels()}>
              Add all to pack
            </button>
          )}
        </div>
      </form>
      <AtDifficultyStatus />
      <ul className="gen-results" data-testid="atd.results">
        {run.levels.map((l, i) => {
          return (
            <GeneratedLevelCard
              key={l.key}
              testPrefix="atd"
              rows={l.rows}
              difficulty={roundDifficulty(l.difficulty)}
              meta={`${l.attempts} tries · ${l.milliseconds < 10 ? l.milliseconds.toFixed(1) : l.milliseconds.toFixed(0)} ms${l.second !== undefined && settings.also != null ? ` · ${MEASURES[settings.also.measure].label} ${Number(l.second.toPrecision(2))}` : ''}`}
              metaTitle={`${l.attempts} levels evaluated, ${l.milliseconds.toFixed(0)} ms; ${l.openCells} open cells, ${l.features.solutionPaths} solution path${l.features.solutionPaths === 1 ? '' : 's'}`}
              data={{ 'data-difficulty': l.difficulty, 'data-key': l.key, 'data-ms': l.milliseconds, 'data-attempts': l.attempts, ...(l.second !== undefined ? { 'data-second': l.second } : {}) }}
              added={run.added.includes(l.key)}
              pinned={runPinned}
              onOpen={() => open(l, i)}
              onAdd={() => add(l, i)}
            />
          );
        })}
      </ul>
      <CurveForm busy={busy} />
    </section>
  );
}

/** What the last request did: searching, found N in T ms, or why not (out of reach, with the range). */
function AtDifficultyStatus() {
  const { run } = useStudioShallow((st) => ({ run: st.atdRun }));
  if (run.status === 'idle') {
    return <p className="muted atd-note" data-testid="atd.message" data-status="idle">Unique, solvable levels within tolerance (±10% or ±3); a band covers the band.</p>;
  }
  if (run.status === 'running') {
    return <p className="muted atd-note" data-testid="atd.message" data-status="running" role="status">Searching for {run.request?.label} on {run.request?.width}x{run.request?.height} in a worker…</p>;
  }
  const found = run.levels.length;
  const bad = run.outOfReach || run.status === 'failed';
  return (
    <p className={bad ? 'atd-note atd-warn' : 'muted atd-note'} data-testid="atd.message" data-status={run.status} data-ms={run.milliseconds ?? ''} data-out-of-reach={run.outOfReach} role={bad ? 'alert' : 'status'}>
      {run.status === 'done' && found > 0 && `Found ${found} level${found === 1 ? '' : 's'} for ${run.request?.label} in ${roundForMessage((run.milliseconds ?? 0) / 1000)} s. `}
      {run.message}
      {!run.outOfReach && run.reachable !== null && run.status === 'done' && found > 0 && (
        <span className="atd-range"> Reachable on {run.request?.width}x{run.request?.height}: about {roundForMessage(run.reachable.min)}–{roundForMessage(run.reachable.max)}.</span>
      )}
    </p>
  );
}

function CurveForm({ busy }: { readonly busy: boolean }) {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ settings: st.atdSettings, curve: st.curveRun }));
  const { settings, curve } = s;
  const set = get().setAtdSettings;
  const done = curve.steps.length;
  return (
    <div className="atd-curve" data-testid="atd.curve">
      <h2 className="atd-title">Fill the pack along a curve</h2>
      <form className="gen-form" onSubmit={(e) => (e.preventDefault(), void services.batch.runCurve())}>
        <NumberField label="from" value={settings.curveFrom} min={0} max={10_000} integer={false} testId="atd.curve.from" width={52} onChange={(v) => set({ curveFrom: v! })} />
        <NumberField label="to" value={settings.curveTo} min={0} max={10_000} integer={false} testId="atd.curve.to" width={52} onChange={(v) => set({ curveTo: v! })} />
        <NumberField label="levels" value={settings.curveCount} min={1} max={MAX_CURVE_COUNT} testId="atd.curve.count" onChange={(v) => set({ curveCount: v! })} />
        <div className="button-row">
          <button type="submit" className="primary" data-testid="atd.curve.run" disabled={busy}>
            {curve.status === 'running' ? 'Filling…' : `Add ${settings.curveCount} levels`}
          </button>
          {curve.status === 'running' && (
            <button type="button" data-testid="atd.curve.cancel" onClick={() => services.batch.cancelGeneration()}>Cancel</button>
          )}
        </div>
      </form>
      <p className="muted atd-note">Evenly spaced targets, each level harder than the one before, added to the end of the pack ({settings.width}x{settings.height}, same constraints and pinned cells).</p>
      {curve.status !== 'idle' && (
        <>
          <progress className="atd-progress" max={curve.total} value={done} data-testid="atd.curve.progress" data-status={curve.status} />
          <p className={curve.status === 'failed' ? 'atd-note atd-warn' : 'muted atd-note'} data-testid="atd.curve.message" data-status={curve.status}>
            {curve.status === 'running' ? `${done} of ${curve.total} targets done…` : curve.message}
          </p>
        </>
      )}
    </div>
  );
}
