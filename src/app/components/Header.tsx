/** The top bar: title, mode, save status, help. */
import { useActions, useStudioShallow } from '../studioContext';
import { CatSprite } from './CatSprite';

const SAVE_TEXT = { idle: '', loading: 'Loading saved work…', saving: 'Saving…', saved: 'All changes saved', failed: 'Not saved' } as const;

export function Header() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ mode: st.mode, save: st.saveStatus, name: st.levelName }));
  return (
    <header className="app-header">
      <h1>
        <svg className="logo" width={22} height={22} aria-hidden>
          <CatSprite path={[0]} width={1} cellSize={24} />
        </svg>
        Longcat Studio
      </h1>
      <span className={`mode-pill mode-${s.mode}`} data-testid="app.mode">{s.mode === 'edit' ? 'Editing' : s.mode === 'play' ? 'Playtest' : 'Solution replay'}</span>
      <span className="app-subtitle">{s.name}</span>
      <span className="grow" />
      <span className={`save save-${s.save}`} data-testid="app.save" data-status={s.save}>
        {SAVE_TEXT[s.save]}
      </span>
      <button type="button" className="small" data-testid="app.help" onClick={() => get().setHelpOpen(true)} title="Keyboard shortcuts (?)">
        ? Shortcuts
      </button>
    </header>
  );
}
