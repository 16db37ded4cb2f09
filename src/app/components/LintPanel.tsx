/**
 * The designer's rules, checked live on the level being drawn (SPEC §15):
 * load the rules file a game's CI runs `longcat lint --rules` with (or the
 * default rules), and each rule the level breaks is listed under the gauge.
 */
import { DEFAULT_LINT_RULES, parseLintRules } from '../../core/repo/lint';
import { readTextFile } from '../files/readFile';
import { selectLintViolations } from '../store/lintSelectors';
import { useActions, useStudioShallow } from '../studioContext';

export function LintPanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ violations: selectLintViolations(st), source: st.lintRulesSource, loaded: st.lintRules !== null }));
  const load = async (file: File | undefined): Promise<void> => {
    if (file === undefined) return;
    const text = await readTextFile(file, 1024 * 1024, 'a rules file');
    if (!text.ok) return get().notify('error', text.error);
    const rules = parseLintRules(text.value);
    if (!rules.ok) return get().notify('error', `${file.name} is not a lint rules file: ${rules.error.join('; ')}`);
    get().setLintRules(rules.value, file.name);
  };
  return (
    <details className="features lint" data-testid="lint.panel" open={s.loaded || undefined}>
      <summary>
        Rules{' '}
        {s.loaded && s.violations !== null && (
          <span className={s.violations.length > 0 ? 'lint-broken' : 'muted-more'} data-testid="lint.summary" data-count={s.violations.length}>
            {s.violations.length === 0 ? '· all pass' : `· ${s.violations.length} broken`}
          </span>
        )}
      </summary>
      <p className="muted-more">
        {s.source === null ? 'No rules loaded.' : `From ${s.source}.`}{' '}
        <label className="button-like">
          Load rules…
          <input type="file" accept=".json,application/json" hidden data-testid="lint.file" onChange={(e) => void load(e.target.files?.[0])} />
        </label>{' '}
        <button type="button" data-testid="lint.default" onClick={() => get().setLintRules(DEFAULT_LINT_RULES, 'the default rules')}>Default rules</button>
        {s.loaded && <button type="button" data-testid="lint.clear" onClick={() => get().setLintRules(null)}>Clear</button>}
      </p>
      {s.violations !== null && s.violations.length > 0 && (
        <ul data-testid="lint.violations">
          {s.violations.map((v) => (
            <li key={v.rule} data-testid="lint.violation" data-rule={v.rule}>
              <code>{v.rule}</code>: {v.message}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
