/** RPU and RSD with size and seed: generate N levels in a worker, see thumbnails with difficulty, open or add to the pack. */
import { parseRows } from '../../core/level/format';
import { GENERATOR_NAMES } from '../../core/generators/registry';
import { MAX_SEED } from '../../core/util/schemas';
import type { GeneratedLevel } from '../../workers/generators.api';
import { MAX_GENERATE_COUNT } from '../../workers/generators.protocol';
import { generatedDifficulty } from '../store/selectors';
import type { NewPackEntry } from '../store/packSlice';
import { useActions, useServices, useStudioShallow } from '../studioContext';
import { rulesetByName } from '../../core/rules/registry';
import { generatorProblem } from '../controllers/generatorsController';
import { packRules } from '../store/rules';
import { GeneratedLevelCard, pinnedCellsOf } from './generators/GeneratedLevelCard';
import { KeepPinsField } from './generators/KeepPinsField';
import { AtDifficultySection } from './generators/AtDifficultySection';
import { SdPcgrlSection } from './generators/SdPcgrlSection';
import { MaximizeSection } from './generators/MaximizeSection';

const LABELS: Record<string, string> = { rsd: 'RSD — random solution-down', rpu: 'RPU — random puzzle-up' };

export function GeneratorsPanel() {
  const get = useActions();
  const services = useServices();
  const s = useStudioShallow((st) => ({ settings: st.generatorSettings, run: st.generatorRun, model: st.model, rules: packRules(st.pack) }));
  const { settings, run } = s;
  const set = get().setGeneratorSettings;
  const num = (key: 'width' | 'height' | 'seed' | 'count', min: number, max: number, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        aria-label={key}
        type="number"
        min={min}
        max={max}
        value={settings[key]}
        data-testid={`generator.${key}`}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isInteger(v) && v >= min && v <= max) set({ [key]: v });
        }}
      />
    </label>
  );
  const open = (l: GeneratedLevel): void => {
    const parsed = parseRows(l.rows);
    if (parsed.ok) get().openLevel(parsed.value, l.id);
  };
  // A run belongs to the ruleset it was made under: its levels and features mean something else under other rules.
  const runRules = run.settings?.rules ?? s.rules;
  const otherRules = runRules !== s.rules;
  const entry = (l: GeneratedLevel): NewPackEntry | null => {
    const parsed = parseRows(l.rows);
    if (!parsed.ok) return null;
    return { level: parsed.value, name: l.id, id: l.id, features: l.features, rules: runRules, source: { generator: run.settings?.generator ?? settings.generator, seed: run.settings?.seed ?? settings.seed } };
  };
  const add = (l: GeneratedLevel): void => {
    const e = entry(l);
    if (e !== null) get().addToPack(e);
  };
  const addAll = (): void => void get().addAllToPack(`Add ${run.levels.length} generated levels`, run.levels.flatMap((l) => entry(l) ?? []));
  const generate = (): void => void services.generators.run();
  const runPinned = pinnedCellsOf(run.settings?.pins);

  return (
    <div className="generators-panel" data-testid="generator.panel">
      <form className="gen-form" onSubmit={(e) => (e.preventDefault(), generate())}>
        <label className="field wide">
          <span>generator</span>
          <select value={settings.generator} data-testid="generator.kind" onChange={(e) => set({ generator: e.target.value as (typeof GENERATOR_NAMES)[number] })}>
            {GENERATOR_NAMES.map((g) => {
              const problem = generatorProblem(g, s.rules);
              return (
                <option key={g} value={g} disabled={problem !== null} title={problem ?? undefined}>
                  {LABELS[g] ?? g}{problem !== null ? ' (Longcat only)' : ''}
                </option>
              );
            })}
          </select>
        </label>
        {generatorProblem(settings.generator, s.rules) !== null && (
          <p className="muted" data-testid="generator.rulesNote">{generatorProblem(settings.generator, s.rules)}.</p>
        )}
        {num('width', 3, 16, 'W')}
        {num('height', 3, 16, 'H')}
        {num('seed', 0, MAX_SEED, 'seed')}
        <button type="button" className="small" title="a random seed" data-testid="generator.randomSeed" onClick={() => set({ seed: Math.floor(Math.random() * 1_000_000) })}>random</button>
        {num('count', 1, MAX_GENERATE_COUNT, 'N')}
        <KeepPinsField width={settings.width} height={settings.height} testPrefix="generator" />
        <div className="button-row">
          <button type="submit" className="primary" data-testid="generator.run" data-rules={s.rules} disabled={run.status === 'running' || generatorProblem(settings.generator, s.rules) !== null}>
            {run.status === 'running' ? 'Generating…' : settings.count === 1 ? 'Generate one' : `Generate ${settings.count}`}
          </button>
          {run.status === 'running' && (
            <button type="button" onClick={() => services.generators.cancel()}>Cancel</button>
          )}
          <button type="button" data-testid="generator.addAll" disabled={run.levels.length === 0 || otherRules} title={otherRules ? `These levels are ${rulesetByName(runRules).title} levels; the pack is ${rulesetByName(s.rules).title}` : undefined} onClick={addAll}>
            Add all to pack
          </button>
        </div>
      </form>
      <p className="muted" data-testid="generator.summary">
        {run.status === 'idle'
          ? `${rulesetByName(s.rules).title} levels (the pack's rules), unique and solvable; the same seed gives the same levels.`
          : run.status === 'running'
            ? 'Generating in a worker…'
            : `${run.levels.length} level${run.levels.length === 1 ? '' : 's'} (${rulesetByName(runRules).title}${runPinned.length > 0 ? `, ${runPinned.length} pinned cells kept` : ''}) from ${run.iterations} iteration${run.iterations === 1 ? '' : 's'}${run.duplicates > 0 ? `, ${run.duplicates} duplicates skipped` : ''}.${run.message !== null ? ` ${run.message}.` : ''}`}
      </p>
      <ul className="gen-results" data-testid="generator.results">
        {run.levels.map((l) => (
          <GeneratedLevelCard
            key={l.id}
            testPrefix="generator"
            rows={l.rows}
            difficulty={generatedDifficulty(s.model, l)}
            meta={`#${l.index} · ${l.features.nStates} states`}
            data={{ 'data-id': l.id, 'data-key': l.key }}
            pinned={runPinned}
            onOpen={() => open(l)}
            onAdd={() => add(l)}
          />
        ))}
      </ul>
      <SdPcgrlSection />
      <AtDifficultySection />
      <MaximizeSection />
    </div>
  );
}
