/**
 * The Players view: import players' attempts (attempts CSV, results files,
 * GameAnalytics / Unity Analytics / PlayFab exports; read in a worker),
 * see what was read and every bad row of a refused file, and the pack
 * report the ratings make.
 */
import { useRef } from 'react';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { PackReport } from './PackReport';

export function PlayersView() {
  const { playerData } = useServices();
  const get = useActions();
  const s = useStudioShallow((st) => ({ data: st.playerData, rejected: st.playerRejected, status: st.playerDataStatus, message: st.playerDataMessage, files: st.playerFiles.length, levels: st.pack.levels.length }));
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="players-view" data-testid="players.view">
      <section className="panel" aria-label="Players' attempts">
        <header className="panel-header">
          <h2>Players&apos; attempts</h2>
          <span className="grow" />
          <span className={`busy${s.status === 'running' ? ' on' : ''}`} data-testid="players.status" data-status={s.status}>{s.status === 'running' ? 'reading and rating…' : ''}</span>
        </header>
        <div className="lab-body">
          <p className="lab-note">
            Files of attempts at this pack&apos;s levels: an attempts CSV (<code>level,player,outcome,seconds[,moves]</code>), the results files players send from a pack link, or a raw export of GameAnalytics progression events, Unity Analytics level events or PlayFab level events (a start is paired with the same player&apos;s complete or fail). Level keys match a pack level&apos;s id, else its name, else its position. A file with a bad row is not read at all; every bad row is listed.
          </p>
          <div className="button-row">
            <button type="button" className="primary" data-testid="players.import" disabled={s.levels === 0} onClick={() => input.current?.click()}>Import attempts…</button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept=".csv,.json,.ndjson,.jsonl,.txt,text/csv,application/json"
              data-testid="players.file"
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                // The files themselves go to the worker, which reads them: a million-row export never blocks the page.
                void playerData.importFiles(files.map((f) => ({ name: f.name, text: f })));
              }}
            />
            {s.files > 0 && (
              <>
                <button type="button" data-testid="players.useInLab" disabled={s.data === null} title="The rated levels (grid and rated seconds) become the predictor lab's data, to refit the structural model" onClick={() => void playerData.useInLab().then(() => get().setView('lab'))}>Refit in the lab</button>
                <button type="button" className="small" data-testid="players.clear" onClick={() => get().clearPlayerData()}>Clear</button>
              </>
            )}
          </div>
          {s.levels === 0 && <p className="empty-note">Add levels to the pack (or open a pack) first: attempts are matched to its levels.</p>}
          {s.message !== null && <p className="error-box" role="alert">{s.message}</p>}
          {s.rejected.length > 0 && (
            <div className="import-report error-box" role="alert" data-testid="players.rejected">
              {s.rejected.map((r) => (
                <details key={r.name} open>
                  <summary><b>{r.name}</b> was not read (nothing changed): {r.problems.length.toLocaleString('en-US')} bad row{r.problems.length === 1 ? '' : 's'}</summary>
                  <ul className="problem-list">
                    {r.problems.slice(0, 200).map((p, i) => (
                      <li key={i} data-testid="players.problem" data-line={p.line}>{p.line > 0 ? `line ${p.line}: ` : ''}{p.message}</li>
                    ))}
                    {r.problems.length > 200 && <li>… and {(r.problems.length - 200).toLocaleString('en-US')} more</li>}
                  </ul>
                </details>
              ))}
            </div>
          )}
          {s.data !== null && s.data.files.length > 0 && (
            <ul className="players-files" data-testid="players.files">
              {s.data.files.map((f) => (
                <li key={f.name} data-testid="players.fileRow" data-format={f.format} data-attempts={f.attempts}>
                  <b>{f.name}</b>: {f.label}, {f.attempts.toLocaleString('en-US')} attempt{f.attempts === 1 ? '' : 's'} from {f.rows.toLocaleString('en-US')} row{f.rows === 1 ? '' : 's'}{f.notes.length > 0 ? ` (${f.notes.join('; ')})` : ''}
                </li>
              ))}
              {s.data.keys.filter((k) => k.level === null).map((k) => (
                <li key={k.key} className="warn" data-testid="players.unmatched">level key “{k.key}” matches no pack level: {k.attempts} attempt{k.attempts === 1 ? '' : 's'} left out</li>
              ))}
            </ul>
          )}
        </div>
      </section>
      {s.data !== null && <PackReport />}
    </div>
  );
}
