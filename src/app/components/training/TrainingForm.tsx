/** The training settings: environment, size, recipe, encoding, seed, budget, backend, and the advanced warm-up. */
import { BACKENDS } from '../../../ml/backendNames';
import { MAX_SEED } from '../../../core/util/schemas';
import type { TrainingForm as Form } from '../../store/trainingSlice';
import { useActions, useStudio } from '../../studioContext';
import { rulesetByName } from '../../../core/rules/registry';
import { envRulesProblem } from '../../../ml/envs';
import { packRules } from '../../store/rules';

export function TrainingForm({ disabled }: { disabled: boolean }) {
  const get = useActions();
  const form = useStudio((s) => s.trainingForm);
  // A new run trains for the pack's ruleset (SPEC §12): its environment carves under those rules.
  const rules = useStudio((s) => packRules(s.pack));
  const title = rulesetByName(rules).title;
  const set = (patch: Partial<Form>) => get().setTrainingForm(patch);
  const num = (key: 'width' | 'height' | 'seed' | 'minutes', label: string, min: number, max: number, step = 1) => (
    <label className="field">
      <span>{label}</span>
      <input
        aria-label={key}
        type="number"
        min={min}
        max={max}
        step={step}
        value={form[key]}
        disabled={disabled}
        data-testid={`training.${key}`}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(v) && v >= min && v <= max && (step !== 1 || Number.isInteger(v))) set({ [key]: v });
        }}
      />
    </label>
  );
  return (
    <fieldset className="train-form" disabled={disabled} data-testid="training.form">
      <p className="train-note" data-testid="training.rules" data-rules={rules}>
        Trains for <b>{title}</b>, this pack&rsquo;s ruleset{envRulesProblem(form.env, rules) !== null ? ` (Turtle is Longcat's only: pick SD-PCGRL)` : ''}.
      </p>
      <label className="field train-wide">
        <span>environment</span>
        <select value={form.env} data-testid="training.env" onChange={(e) => set({ env: e.target.value as Form['env'] })}>
          <option value="sd-pcgrl">SD-PCGRL — solution-down</option>
          <option value="turtle" disabled={envRulesProblem('turtle', rules) !== null}>Turtle PCGRL — puzzle-up baseline{envRulesProblem('turtle', rules) !== null ? ' (Longcat only)' : ''}</option>
        </select>
      </label>
      <div className="train-row">
        {num('width', 'W', 3, 16)}
        {num('height', 'H', 3, 16)}
        {num('seed', 'seed', 0, MAX_SEED)}
      </div>
      <label className="field train-wide">
        <span>recipe</span>
        <select value={form.recipe} data-testid="training.recipe" onChange={(e) => set({ recipe: e.target.value as Form['recipe'] })}>
          <option value="auto">auto — gpu on a real GPU, else fast</option>
          <option value="fast">fast — ours: 64 envs in lock-step, double DQN</option>
          <option value="gpu">gpu — 512 envs, batch 1,024: for a real GPU</option>
          <option value="thesis">thesis — replay 600, one env, its network</option>
          <option value="small">small — one conv, two updates per lock-step: CPU runs</option>
        </select>
      </label>
      <label className="field train-wide">
        <span>encoding</span>
        <select value={form.encoding} data-testid="training.encoding" disabled={disabled || form.env !== 'sd-pcgrl'} onChange={(e) => set({ encoding: e.target.value as Form['encoding'] })}>
          <option value="markov">markov — start cell and last move observed</option>
          <option value="thesis">thesis — grid only</option>
        </select>
      </label>
      <div className="train-row">
        {num('minutes', 'budget (min)', 0.05, 24 * 60, 0.05)}
        <label className="field">
          <span>backend</span>
          <select value={form.backend} data-testid="training.backend" onChange={(e) => set({ backend: e.target.value as Form['backend'] })}>
            <option value="auto">auto</option>
            {BACKENDS.map((b) => (
              <option key={b} value={b}>{b}</option>
            ))}
          </select>
        </label>
      </div>
      <details className="train-advanced">
        <summary>Advanced</summary>
        <label className="field">
          <span>updates start after</span>
          <input
            type="number"
            min={1}
            placeholder="recipe"
            value={form.learningStarts ?? ''}
            data-testid="training.learningStarts"
            onChange={(e) => {
              const v = Number(e.target.value);
              if (e.target.value === '') set({ learningStarts: null });
              else if (Number.isInteger(v) && v >= 1) set({ learningStarts: v });
            }}
          />
          <span>transitions</span>
        </label>
      </details>
    </fieldset>
  );
}
