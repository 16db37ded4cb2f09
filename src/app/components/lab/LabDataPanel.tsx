/**
 * The lab's data: a CSV of `level,avgCompletionSeconds` (file or paste) or
 * the studio's playtest log; a summary of what is used, and every invalid
 * or skipped row with its line.
 */
import { capList } from '../../persistence/backups';
import { useRef, useState } from 'react';
import { playtestLevelCount } from '../../adapters/labSeries';
import { useServices, useStudioShallow } from '../../studioContext';
import { rulesetByName } from '../../../core/rules/registry';
import { packRules } from '../../store/rules';
import { LabProgress } from './LabProgress';

const EXAMPLE = 'level,avgCompletionSeconds\nC..#/.#../....,12.5';

export function LabDataPanel() {
  const { lab } = useServices();
  const s = useStudioShallow((st) => ({ data: st.labData, job: st.labJob, plays: st.playLog.length, playLog: st.playLog, stateCap: st.stateCap, error: st.labError, rules: packRules(st.pack) }));
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const levels = playtestLevelCount(s.playLog);
  const busy = s.job !== null;
  const d = s.data;
  const unsolvable = d?.skipped.filter((k) => k.reason === 'unsolvable').length ?? 0;
  const capped = d?.skipped.filter((k) => k.reason === 'state-cap').length ?? 0;

  return (
    <section className="panel lab-section" aria-label="Data" data-testid="lab.data">
      <header className="panel-header">
        <h2>Data</h2>
      </header>
      <div className="lab-body">
        <p className="lab-note">
          Player analytics as CSV rows <code>level,avgCompletionSeconds</code>, the level as its rows joined by <code>/</code> (a header line is optional), or the studio&apos;s own playtest log.
        </p>
        <div className="button-row">
          <button type="button" data-testid="lab.csvChoose" disabled={busy} onClick={() => fileInput.current?.click()}>Open CSV file…</button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            data-testid="lab.csvFile"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file !== undefined) void lab.loadCsvFile(file);
            }}
          />
          <button type="button" data-testid="lab.usePlaytests" disabled={busy || s.plays === 0} title="One row per level: the mean seconds of its won playtests" onClick={() => void lab.loadPlaytests()}>
            Use playtest log ({s.plays} play{s.plays === 1 ? '' : 's'}, {levels} level{levels === 1 ? '' : 's'})
          </button>
        </div>
        <textarea className="lab-paste" rows={4} spellCheck={false} placeholder={EXAMPLE} aria-label="paste CSV" data-testid="lab.csvText" value={text} onChange={(e) => setText(e.target.value)} />
        <div className="button-row">
          <button type="button" data-testid="lab.csvPaste" disabled={busy || text.trim() === ''} onClick={() => void lab.loadCsv(text, 'pasted CSV')}>Use pasted CSV</button>
          <span className="muted lab-small" data-testid="lab.rules" data-rules={s.rules}>Levels are analysed in a worker under the pack's {rulesetByName(s.rules).title} rules (state cap {s.stateCap.toLocaleString('en-US')}).</span>
        </div>
        {s.job?.kind === 'data' && <LabProgress job={s.job} onCancel={() => lab.cancel()} />}
        {s.error?.kind === 'data' && (
          <p className="error lab-error" role="alert" data-testid="lab.dataError">
            {s.error.message}
          </p>
        )}
        {d !== null && (
          <>
            <dl className="lab-summary" data-testid="lab.summary" data-used={d.samples.length} data-invalid={d.problems.length} data-unsolvable={unsolvable} data-capped={capped} data-rows={d.rowsRead}>
              <div><dt>source</dt><dd data-testid="lab.summary.source">{d.source}</dd></div>
              <div><dt>rows read</dt><dd>{d.rowsRead}</dd></div>
              <div><dt>levels used</dt><dd data-testid="lab.summary.used">{d.samples.length}</dd></div>
              <div className={d.problems.length > 0 ? 'lab-bad' : ''}><dt>invalid rows</dt><dd>{d.problems.length}</dd></div>
              <div><dt>unsolvable, skipped</dt><dd>{unsolvable}</dd></div>
              <div><dt>over the state cap, skipped</dt><dd>{capped}</dd></div>
            </dl>
            {d.problems.length > 0 && (
              <div className="lab-table-wrap lab-problems" role="alert">
                <table className="lab-table" data-testid="lab.problems">
                  <caption>Invalid rows (not used)</caption>
                  <thead>
                    <tr><th className="num">line</th><th>problem</th></tr>
                  </thead>
                  <tbody>
                    {capList(d.problems).shown.map((p, i) => (
                      <tr key={i} data-testid="lab.problem" data-line={p.line}>
                        <td className="num">{p.line}</td>
                        <td>{p.message}</td>
                      </tr>
                    ))}
                    {capList(d.problems).more > 0 && (
                      <tr data-testid="lab.problemsMore"><td /><td>and {capList(d.problems).more.toLocaleString('en')} more</td></tr>
                    )}
                  </tbody>
                </table>
              </div>
            )}
            {d.skipped.length > 0 && (
              <details className="lab-skipped">
                <summary>Skipped rows ({d.skipped.length})</summary>
                <div className="lab-table-wrap">
                  <table className="lab-table" data-testid="lab.skipped">
                    <tbody>
                      {capList(d.skipped).shown.map((k, i) => (
                        <tr key={i} data-testid="lab.skip" data-line={k.line ?? ''} data-reason={k.reason}>
                          <td className="num">{k.line ?? k.name}</td>
                          <td>{k.message}</td>
                        </tr>
                      ))}
                      {capList(d.skipped).more > 0 && (
                        <tr><td /><td>and {capList(d.skipped).more.toLocaleString('en')} more</td></tr>
                      )}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </>
        )}
      </div>
    </section>
  );
}
