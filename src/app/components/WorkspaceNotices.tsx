/**
 * What the designer must know about the saved workspace, under the header:
 * this tab is read-only because another tab owns the workspace (with "Take
 * over here"), saving stopped because another tab upgraded the database,
 * and the backups of damaged saved work ("Recovered work": what was wrong,
 * what was kept, download or dismiss each).
 */
import { useState } from 'react';
import { capList } from '../persistence/backups';
import { useServices, useStudioShallow } from '../studioContext';

export function WorkspaceNotices() {
  return (
    <>
      <TabBanner />
      <RecoveredWork />
    </>
  );
}

function TabBanner() {
  const { workspace } = useServices();
  const role = useStudioShallow((s) => ({ role: s.tabRole })).role;
  if (role === 'read-only') {
    return (
      <div className="workspace-banner" role="alert" data-testid="workspace.readOnly">
        <span>
          <b>Read-only:</b> the studio is open in another tab, and that tab saves your work. So the two never overwrite each other, this tab does not accept edits.
        </span>
        <button type="button" className="primary" data-testid="workspace.takeOver" title="The other tab saves what it has, then this tab reloads with it and saves from now on" onClick={() => void workspace.takeOver()}>
          Take over here
        </button>
      </div>
    );
  }
  if (role === 'closed') {
    return (
      <div className="workspace-banner" role="alert" data-testid="workspace.closed">
        <span>
          <b>Not saving:</b> another tab opened a newer version of the studio, so this tab let go of its saved work. Reload this tab to go on.
        </span>
        <button type="button" className="primary" onClick={() => location.reload()}>Reload</button>
      </div>
    );
  }
  return null;
}

function RecoveredWork() {
  const { workspace } = useServices();
  const s = useStudioShallow((st) => ({ backups: st.backups, owner: st.tabRole === 'owner' }));
  const [open, setOpen] = useState(true);
  if (s.backups.length === 0) return null;
  const n = s.backups.length;
  return (
    <section className="recovered" data-testid="workspace.recovered">
      <div className="report-head">
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'} <b>Recovered work</b>: {n} backup{n === 1 ? '' : 's'} of damaged saved work, kept until you dismiss {n === 1 ? 'it' : 'them'}.
        </button>
      </div>
      {open && (
        <ul>
          {s.backups.map((b) => {
            const { shown, more } = capList(b.details, 5);
            const hidden = more + b.moreDetails;
            return (
              <li key={b.id} data-testid="workspace.backup" data-record={b.record}>
                <span data-testid="workspace.backup.summary">{b.summary}</span>
                {shown.length > 0 && (
                  <ul className="muted">
                    {shown.map((d, i) => <li key={i}><code>{d}</code></li>)}
                    {hidden > 0 && <li data-testid="workspace.backup.more">and {hidden.toLocaleString('en')} more</li>}
                  </ul>
                )}
                <div className="button-row">
                  <span className="muted small-text">{b.savedAt.replace('T', ' ').slice(0, 19)} UTC · {b.record}</span>
                  <button type="button" className="small" data-testid="workspace.backup.download" onClick={() => void workspace.downloadBackup(b.id)}>Download</button>
                  <button type="button" className="small" data-testid="workspace.backup.dismiss" disabled={!s.owner} title={s.owner ? 'Delete this backup for good' : 'Only the tab that saves can delete backups'} onClick={() => void workspace.dismissBackup(b.id)}>
                    Dismiss
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
