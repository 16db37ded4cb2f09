/**
 * "Longest puzzle" in the generators dock (SPEC §14): the search that
 * maximises one feature (say the shortest solution's length) over levels of
 * a size with exactly N walls, under the pack's rules: `generate --maximize`
 * of the command line, in the generators worker, seeded (the same settings
 * give the CLI's level) and cancellable. The form and the last result live
 * in this section only: they are not saved with the workspace.
 */
import { useState } from 'react';
import { DEFAULT_MAXIMIZE_RESTARTS, MAXIMIZABLE_FEATURES, type MaximizableFeature } from '../../../core/generators/maximize';
import { parseRows } from '../../../core/level/format';
import { rulesetByName } from '../../../core/rules/registry';
import type { RulesetName } from '../../../core/rules/ruleset';
import { MAX_SEED } from '../../../core/util/schemas';
import type { MaximizeResult } from '../../../workers/generators.protocol';
import { MAX_MAXIMIZE_EVALUATIONS } from '../../../workers/generators.protocol';
import { featureLabel } from '../../adapters/graphHighlight';
import { packRules } from '../../store/rules';
import { generatedDifficulty } from '../../store/selectors';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { NumberField } from '../batch/NumberField';
import { GeneratedLevelCard } from './GeneratedLevelCard';

interface Form {
  width: number;
  height: number;
  walls: number;
  feature: MaximizableFeature;
  evaluations: number;
  seed: number;
}

type Run =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly form: Form; readonly rules: RulesetName; readonly done?: number; readonly best?: number }
  | { readonly status: 'done'; readonly form: Form; readonly rules: RulesetName; readonly result: MaximizeResult }
  | { readonly status: 'stopped'; readonly message: string };

/** The cells a level of `rules` needs besides walls: the start and each unique cell (ice's goal). */
function fixedCells(rules: RulesetName): number {
  return 1 + rulesetByName(rules).cellKinds.filter((k) => k.unique === true).length;
}

export function MaximizeSection() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ model: st.model, rules: packRules(st.pack) }));
  const [form, setForm] = useState<Form>({ width: 7, height: 6, walls: 3, feature: 'shortestSolutionLength', evaluations: 200_000, seed: 1 });
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const set = (patch: Partial<Form>): void => setForm((f) => ({ ...f, ...patch }));
  const maxWalls = form.width * form.height - fixedCells(s.rules) - 1;
  const ruleset = rulesetByName(s.rules);
  const featureProblem = form.feature === 'solutionPaths' && !ruleset.acyclic ? `${ruleset.title} does not count solution paths (its graph has cycles)` : null;

  const start = async (): Promise<void> => {
    const rules = s.rules;
    const sent = { ...form, walls: Math.min(form.walls, maxWalls) };
    setRun({ status: 'running', form: sent, rules });
    const outcome = await services.generators.maximize({ rules, ...sent }, (done, best) =>
      setRun((r) => (r.status === 'running' && r.form === sent ? { ...r, done, best } : r)),
    );
    if (outcome.kind === 'ok') setRun({ status: 'done', form: sent, rules, result: outcome.value });
    else setRun({ status: 'stopped', message: outcome.kind === 'cancelled' ? 'Cancelled; nothing was found.' : outcome.message });
  };
  const done = run.status === 'done' ? run : null;
  const level = done?.result.level ?? null;
  const otherRules = done !== null && done.rules !== s.rules;

  return (
    <section className="atd" data-testid="max.panel" aria-label="Longest puzzle">
      <h2 className="atd-title">Longest puzzle</h2>
      <form className="gen-form atd-form" onSubmit={(e) => (e.preventDefault(), void start())}>
        <label className="field wide">
          <span>maximise</span>
          <select value={form.feature} data-testid="max.feature" onChange={(e) => set({ feature: e.target.value as MaximizableFeature })}>
            {MAXIMIZABLE_FEATURES.map((f) => (
              <option key={f} value={f}>{featureLabel(f)}</option>
            ))}
          </select>
        </label>
        <NumberField label="W" ariaLabel="width" value={form.width} min={3} max={16} testId="max.width" onChange={(v) => set({ width: v! })} />
        <NumberField label="H" ariaLabel="height" value={form.height} min={3} max={16} testId="max.height" onChange={(v) => set({ height: v! })} />
        <NumberField label="walls" value={Math.min(form.walls, maxWalls)} min={0} max={maxWalls} testId="max.walls" title={`wall cells in every level (${ruleset.title}: ${ruleset.cellKinds.find((k) => k.tool === 'wall')?.name ?? 'wall'})`} onChange={(v) => set({ walls: v! })} />
        <NumberField label="levels tried" value={form.evaluations} min={1} max={MAX_MAXIMIZE_EVALUATIONS} testId="max.evaluations" width={86} onChange={(v) => set({ evaluations: v! })} />
        <NumberField label="seed" value={form.seed} min={0} max={MAX_SEED} testId="max.seed" width={78} onChange={(v) => set({ seed: v! })} />
        <div className="button-row">
          <button type="submit" className="primary" data-testid="max.run" disabled={run.status === 'running' || featureProblem !== null}>
            {run.status === 'running' ? 'Searching…' : 'Search'}
          </button>
          {run.status === 'running' && (
            <button type="button" data-testid="max.cancel" onClick={() => services.generators.cancel()}>Cancel</button>
          )}
        </div>
      </form>
      <p className="muted" data-testid="max.message" data-status={run.status}>
        {featureProblem !== null
          ? `${featureProblem}; maximise another feature.`
          : run.status === 'idle'
            ? `Annealing over ${ruleset.title} levels with exactly this many walls (${DEFAULT_MAXIMIZE_RESTARTS} restarts), as \`longcat generate --maximize\`: the same seed gives the same level.`
            : run.status === 'running'
              ? run.done === undefined
                ? `Searching ${run.form.evaluations.toLocaleString('en-US')} levels in a worker…`
                : `Searching in a worker: ${run.done.toLocaleString('en-US')} of ${run.form.evaluations.toLocaleString('en-US')} levels tried${run.best !== undefined && run.best >= 0 ? `, best so far ${run.best}` : ''}…`
              : run.status === 'stopped'
                ? run.message
                : level === null
                  ? `No solvable level met in ${done!.result.evaluations.toLocaleString('en-US')} levels tried.`
                  : `${featureLabel(done!.form.feature)} ${done!.result.value} (${rulesetByName(done!.rules).title} ${done!.form.width}x${done!.form.height}, ${done!.form.walls} walls), found at level ${done!.result.foundAt.toLocaleString('en-US')} of ${done!.result.evaluations.toLocaleString('en-US')}.`}
      </p>
      {done !== null && level !== null && (
        <ul className="gen-results">
          <GeneratedLevelCard
            testPrefix="max"
            rows={level.rows}
            difficulty={generatedDifficulty(s.model, level)}
            meta={`${done.result.value} · ${level.features.nStates} states`}
            data={{ 'data-id': level.id, 'data-key': level.key, 'data-value': done.result.value ?? '' }}
            onOpen={() => {
              const p = parseRows(level.rows);
              if (p.ok) get().openLevel(p.value, level.id);
            }}
            onAdd={() => {
              const p = parseRows(level.rows);
              if (!p.ok) return;
              if (otherRules) get().notify('error', `This is a ${rulesetByName(done.rules).title} level and the pack is ${ruleset.title}; nothing was changed.`);
              else get().addToPack({ level: p.value, name: level.id, id: level.id, features: level.features, rules: done.rules, source: { generator: 'maximize', seed: done.form.seed } });
            }}
          />
        </ul>
      )}
    </section>
  );
}
