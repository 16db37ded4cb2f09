/** Counters, rates and the backend with the reason it was chosen. */
import { formatCount, formatDuration } from '../../adapters/trainingSeries';
import { useStudioShallow } from '../../studioContext';
import { PhasePill } from './TrainingControls';
import { rulesetByName } from '../../../core/rules/registry';
import { DEFAULT_RULESET_NAME } from '../../../core/rules/ruleset';

export function TrainingStats() {
  const s = useStudioShallow((st) => ({ last: st.trainingHistory.at(-1) ?? null, backend: st.trainingBackend, phase: st.trainingPhase, error: st.trainingError, session: st.trainingSession, budget: st.trainingBudgetMinutes }));
  const { last } = s;
  const stat = (key: string, label: string, value: number | null, text: string) => (
    <div className="train-stat" data-testid={`training.${key}`} data-value={value ?? ''}>
      <span>{label}</span>
      <b>{text}</b>
    </div>
  );
  const rate = (v: number | undefined, digits = 0) => (v === undefined ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
  return (
    <section className="train-status panel">
      <div className="train-status-line">
        <PhasePill phase={s.phase} />
        {s.session !== null && (
          <span className="muted" data-testid="training.session">
            {s.session.env} {s.session.width}x{s.session.height} · <span data-testid="training.sessionRules">for {rulesetByName(s.session.rules ?? DEFAULT_RULESET_NAME).title}</span> · <span data-testid="training.sessionRecipe">{s.session.recipe}</span> recipe · {s.session.encoding} · seed {s.session.seed}
          </span>
        )}
        <span className="grow" />
        <span className="train-backend" data-testid="training.backendInfo" data-backend={s.backend?.backend ?? ''}>
          {s.backend === null ? (
            <span className="muted">backend: chosen at start</span>
          ) : (
            <>
              backend <b data-testid="training.backendName">{s.backend.backend}</b>
              {s.backend.adapter !== undefined && (
                <>
                  {' '}
                  on <b data-testid="training.adapter" data-fallback={String(s.backend.adapter.fallback)}>{s.backend.adapter.name}</b>
                  {s.backend.adapter.fallback ? ' (software)' : ''}
                </>
              )}
              {s.backend.updatePath !== undefined && (
                <>
                  {' '}
                  · <span data-testid="training.updatePath" data-path={s.backend.updatePath}>{s.backend.updatePath === 'fused-webgpu' ? 'fused WebGPU update' : 'tfjs update'}</span>
                </>
              )}{' '}
              <span className="muted" data-testid="training.backendReason">— {s.backend.reason}</span>
            </>
          )}
        </span>
      </div>
      {s.error !== null && (
        <p className="error train-error" data-testid="training.error" role="alert">
          {s.error}
        </p>
      )}
      <BudgetProgress elapsed={s.last?.elapsed ?? 0} minutes={s.budget} running={s.phase === 'running' || s.phase === 'starting'} />
      <div className="train-stats">
        {stat('episodes', 'episodes', last?.episodes ?? null, last === null ? '—' : formatCount(last.episodes))}
        {stat('envSteps', 'env steps', last?.envSteps ?? null, last === null ? '—' : formatCount(last.envSteps))}
        {stat('updates', 'updates', last?.updates ?? null, last === null ? '—' : formatCount(last.updates))}
        {stat('elapsed', 'trained', last?.elapsed ?? null, last === null ? '—' : formatDuration(last.elapsed))}
        {stat('episodesPerSecond', 'episodes / s', last?.episodesPerSecond ?? null, rate(last?.episodesPerSecond, 1))}
        {stat('envStepsPerSecond', 'env steps / s', last?.envStepsPerSecond ?? null, rate(last?.envStepsPerSecond))}
        {stat('updatesPerSecond', 'updates / s', last?.updatesPerSecond ?? null, rate(last?.updatesPerSecond, 2))}
        {stat('loss', 'loss', last !== null && last.updates > 0 ? last.meanLoss : null, last !== null && last.updates > 0 ? last.meanLoss.toFixed(4) : '—')}
        {stat('epsilon', 'epsilon', last?.epsilon ?? null, last === null ? '—' : last.epsilon.toFixed(3))}
        {stat('testDifficulty', 'test difficulty', last?.testDifficulty ?? null, last?.testDifficulty == null ? '—' : last.testDifficulty.toFixed(1))}
      </div>
    </section>
  );
}

/** How much of the time budget is spent, and how long is left (the run stops itself at the end). */
function BudgetProgress({ elapsed, minutes, running }: { elapsed: number; minutes: number | null; running: boolean }) {
  if (minutes === null) return null;
  const total = minutes * 60;
  const spent = Math.min(1, elapsed / total);
  const left = Math.max(0, total - elapsed);
  return (
    <div className="train-budget" data-testid="training.budget" data-spent={spent.toFixed(4)} data-left={Math.round(left)}>
      <progress max={1} value={spent} aria-label={`training budget used: ${Math.round(spent * 100)}%`} />
      <span>
        {Math.round(spent * 100)}% of {formatDuration(total)} · <b data-testid="training.timeLeft">{formatDuration(left)}</b> left{running ? '' : ' (paused or stopped: the clock waits)'}
      </span>
    </div>
  );
}
