/** The top bar: title, mode, save status, help. */
import { useActions, useStudioShallow } from '../studioContext';
import { CatSprite } from '../../ui/CatSprite';
import { Notifications } from './Notifications';
import { WORKSPACE_VIEWS } from '../views';

const SAVE_TEXT = { idle: '', loading: 'Loading saved work…', saving: 'Saving…', saved: 'All changes saved', failed: 'Not saved' } as const;

export function Header() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ mode: st.mode, save: st.saveStatus, name: st.levelName, view: st.view, role: st.tabRole, problem: st.saveProblem }));
  return (
    <header className="app-header">
      <h1>
        <svg className="logo" width={22} height={22} aria-hidden>
          <CatSprite path={[0]} width={1} cellSize={24} />
        </svg>
        Longcat Studio
      </h1>
      {WORKSPACE_VIEWS.length > 0 && (
        <nav className="view-tabs" role="tablist" aria-label="Workspace">
          {[{ id: 'studio' as const, label: 'Studio' }, ...WORKSPACE_VIEWS].map((v) => (
            <button key={v.id} type="button" role="tab" aria-selected={s.view === v.id} className={s.view === v.id ? 'active' : ''} data-testid={`app.view.${v.id}`} onClick={() => get().setView(v.id)}>
              {v.label}
            </button>
          ))}
        </nav>
      )}
      <span className={`mode-pill mode-${s.mode}`} data-testid="app.mode">{s.mode === 'edit' ? 'Editing' : s.mode === 'play' ? 'Playtest' : 'Solution replay'}</span>
      <span className="app-subtitle">{s.name}</span>
      <span className="grow" />
      <span className={`save save-${s.role === 'read-only' || s.role === 'closed' ? 'failed' : s.save}`} data-testid="app.save" data-status={s.save} title={s.save === 'saving' ? 'Your changes are kept in this browser’s journal and are being written to its database.' : undefined}>
        {s.role === 'read-only' ? 'Read-only: not saved here' : s.role === 'closed' ? 'Not saving' : s.save === 'failed' && s.problem !== null ? `Not saved: ${s.problem}` : SAVE_TEXT[s.save]}
      </span>
      <Notifications />
      <button type="button" className="small" data-testid="app.help" onClick={() => get().setHelpOpen(true)} title="Keyboard shortcuts (?)">
        ? Shortcuts
      </button>
    </header>
  );
}
