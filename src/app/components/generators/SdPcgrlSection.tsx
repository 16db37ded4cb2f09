/**
 * SD-PCGRL in the Generators dock: the model (the pack's ruleset's shipped
 * one, or the one being trained), temperature (SPEC §6: with probability t a random legal
 * direction, else the policy's best; t = 1 is RSD), start cell (random,
 * every cell in turn, or a chosen one), count and seed. Levels come back
 * analysed, batched through the network in a worker; open or add as RSD.
 */
import { useEffect } from 'react';
import { parseRows } from '../../../core/level/format';
import { isSeed, MAX_SEED } from '../../../core/util/schemas';
import type { SdLevel } from '../../../workers/training.api';
import { hasShippedModel, shippedModelFolder } from '../../controllers/modelFilesIo';
import { generatedDifficulty } from '../../store/selectors';
import type { NewPackEntry } from '../../store/packSlice';
import type { SdSettings, StartCellMode } from '../../store/trainingSlice';
import { useActions, useStudioShallow } from '../../studioContext';
import { packRules } from '../../store/rules';
import { GeneratedLevelCard, pinnedCellsOf } from './GeneratedLevelCard';
import { KeepPinsField } from './KeepPinsField';
import { formatCount } from '../../adapters/trainingSeries';
import { useTrainingController } from '../training/useTraining';
import { DEFAULT_RULESET_NAME } from '../../../core/rules/ruleset';

const MAX_COUNT = 1000;

export function SdPcgrlSection() {
  const c = useTrainingController();
  const get = useActions();
  const s = useStudioShallow((st) => ({ settings: st.sdSettings, model: st.sdModel, run: st.sdRun, difficultyModel: st.model, trained: st.trainingSession?.env === 'sd-pcgrl', rules: packRules(st.pack) }));
  // The controller loads the pack's ruleset's model (and drops one of another when the pack's ruleset changes).
  const { settings, model, run } = s;
  const set = (patch: Partial<SdSettings>) => get().setSdSettings(patch);
  useEffect(() => void c.peekShippedModel(), [c]);
  const meta = model.meta;
  const width = meta?.width ?? 8, height = meta?.height ?? 8;

  const source = () => ({ generator: 'sd-pcgrl', seed: run.settings?.seed ?? settings.seed, temperature: run.settings?.temperature ?? settings.temperature, model: run.model ?? shippedModelFolder(s.rules) });
  const open = (l: SdLevel): void => {
    const parsed = parseRows(l.rows);
    if (parsed.ok) get().openLevel(parsed.value, l.id);
  };
  const entry = (l: SdLevel): NewPackEntry | null => {
    const parsed = parseRows(l.rows);
    // The run's ruleset: the pack refuses the levels, saying why, if its ruleset changed since.
    return parsed.ok ? { level: parsed.value, name: l.id, id: l.id, features: l.features, rules: run.rules ?? s.rules, source: source() } : null;
  };
  const add = (l: SdLevel): void => {
    const e = entry(l);
    if (e !== null) get().addToPack(e);
  };
  const addAll = (): void => {
    const fresh = run.levels.filter((l) => !l.duplicate);
    get().addAllToPack(`Add ${fresh.length} SD-PCGRL levels`, fresh.flatMap((l) => entry(l) ?? []));
  };
  const duplicates = run.levels.filter((l) => l.duplicate).length;
  const runPinned = pinnedCellsOf(run.pins);

  return (
    <section className="sd-section" data-testid="sd.panel">
      <h3 className="sd-title">SD-PCGRL — learned solution-down</h3>
      <div className="sd-model" data-testid="sd.model" data-status={model.status} data-rules={meta?.rules ?? (meta !== null ? DEFAULT_RULESET_NAME : '')}>
        {model.status === 'missing' || (!hasShippedModel(s.rules) && meta === null) ? (
          <span className="muted">No shipped model for this pack's ruleset in this build. Train one in the Training view and use “Generate with it”.</span>
        ) : model.status === 'failed' ? (
          <span className="error" data-testid="sd.model.error">{model.error}</span>
        ) : meta === null ? (
          <span className="muted">Reading the model…</span>
        ) : (
          <>
            <b data-testid="sd.model.name">{model.source === 'training' ? 'trained in the studio' : `${shippedModelFolder(s.rules)} (shipped)`}</b>
            <span data-testid="sd.model.info">
              {meta.width}x{meta.height} · {meta.recipe} recipe · {formatCount(meta.episodes)} episodes · test difficulty {meta.testDifficulty === null ? '—' : meta.testDifficulty.toFixed(1)}
            </span>
            <span className="muted" data-testid="sd.model.backend">
              trained on {meta.backend}
              {model.backend !== null ? `; generating on ${model.backend.backend}` : ''}
            </span>
          </>
        )}
        <span className="sd-model-actions">
          {s.trained && model.source !== 'training' && (
            <button type="button" className="small" data-testid="sd.useTrained" onClick={() => void c.useTrainedModel()}>use the trained model</button>
          )}
          {model.source === 'training' && hasShippedModel(s.rules) && (
            <button type="button" className="small" data-testid="sd.useShipped" onClick={() => void c.loadShippedModel()}>use the shipped model</button>
          )}
        </span>
      </div>
      <form className="gen-form sd-form" onSubmit={(e) => (e.preventDefault(), void c.generate())}>
        <label className="field sd-temp" title="with probability t a random legal direction, else the policy's best; t = 1 is RSD">
          <span>temperature</span>
          <input type="range" min={0} max={1} step={0.05} value={settings.temperature} data-testid="sd.temperature" onChange={(e) => set({ temperature: Number(e.target.value) })} />
          <output data-testid="sd.temperature.value">{settings.temperature.toFixed(2)}</output>
        </label>
        <label className="field">
          <span>start</span>
          <select value={settings.startMode} data-testid="sd.startMode" onChange={(e) => set({ startMode: e.target.value as StartCellMode })}>
            <option value="random">random cell</option>
            <option value="every">every cell in turn</option>
            <option value="cell">chosen cell</option>
          </select>
        </label>
        {settings.startMode === 'cell' && (
          <div className="sd-cells" role="grid" aria-label="start cell" style={{ gridTemplateColumns: `repeat(${width}, 14px)` }} data-testid="sd.cells">
            {Array.from({ length: width * height }, (_, i) => (
              <button
                key={i}
                type="button"
                role="gridcell"
                aria-label={`start at column ${(i % width) + 1}, row ${Math.floor(i / width) + 1}`}
                aria-selected={settings.cell === i}
                className={settings.cell === i ? 'sd-cell on' : 'sd-cell'}
                data-testid="sd.cell"
                data-cell={i}
                onClick={() => set({ cell: i })}
              />
            ))}
          </div>
        )}
        <label className="field">
          <span>N</span>
          <input
            type="number"
            min={1}
            max={MAX_COUNT}
            value={settings.count}
            data-testid="sd.count"
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isInteger(v) && v >= 1 && v <= MAX_COUNT) set({ count: v });
            }}
          />
        </label>
        <label className="field">
          <span>seed</span>
          <input
            type="number"
            min={0}
            max={MAX_SEED}
            value={settings.seed}
            data-testid="sd.seed"
            className="sd-seed"
            onChange={(e) => {
              const v = Number(e.target.value);
              if (e.target.value !== '' && isSeed(v)) set({ seed: v });
            }}
          />
        </label>
        <KeepPinsField width={width} height={height} testPrefix="sd" />
        <div className="button-row">
          <button type="submit" className="primary" data-testid="sd.run" disabled={run.status === 'running' || model.status === 'loading' || meta === null}>
            {run.status === 'running' ? 'Generating…' : `Generate ${settings.count}`}
          </button>
          <button type="button" data-testid="sd.addAll" disabled={run.levels.length === 0} onClick={addAll}>
            Add all to pack
          </button>
        </div>
      </form>
      <p className="muted" data-testid="sd.summary">
        {run.status === 'idle'
          ? 't = 0 follows the policy, t = 1 is RSD. Every level is solvable by construction (solution-down).'
          : run.status === 'running'
            ? 'Generating in a worker…'
            : run.status === 'failed'
              ? <span className="error">{run.message}</span>
              : `${run.levels.length} level${run.levels.length === 1 ? '' : 's'} at t = ${run.settings?.temperature.toFixed(2)} in ${run.seconds?.toFixed(1)} s${duplicates > 0 ? `, ${duplicates} duplicate${duplicates === 1 ? '' : 's'}` : ''}${runPinned.length > 0 ? `; ${runPinned.length} pinned cells kept${run.levels.length < (run.settings?.count ?? 0) ? ` (${(run.settings?.count ?? 0) - run.levels.length} walks found no way to keep them)` : ''}` : ''}.`}
      </p>
      <ul className="gen-results" data-testid="sd.results">
        {run.levels.map((l) => (
          <GeneratedLevelCard
            key={l.id}
            testPrefix="sd"
            className={l.duplicate ? 'gen-item sd-dup' : 'gen-item'}
            rows={l.rows}
            difficulty={generatedDifficulty(s.difficultyModel, l)}
            meta={`#${l.index} · ${l.features.nStates} states${l.duplicate ? ' · dup' : ''}`}
            data={{ 'data-id': l.id, 'data-key': l.key, 'data-duplicate': l.duplicate, 'data-start': l.startCell }}
            pinned={runPinned}
            onOpen={() => open(l)}
            onAdd={() => add(l)}
          />
        ))}
      </ul>
    </section>
  );
}
