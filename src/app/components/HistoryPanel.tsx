/**
 * The history list: every change to the level, its name and the pack, newest
 * last. Click a row to put the document back as it was after that change
 * (later rows stay, greyed, for redo until a new change replaces them).
 */
import { useActions, useStudio } from '../studioContext';

const time = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function HistoryPanel() {
  const get = useActions();
  const history = useStudio((s) => s.history);
  const { entries, index } = history;
  return (
    <div className="history-panel" data-testid="history.panel">
      <div className="button-row">
        <button type="button" data-testid="history.undo" disabled={index === 0} title="Undo (Ctrl+Z)" onClick={() => get().undo()}>↶ Undo</button>
        <button type="button" data-testid="history.redo" disabled={index === entries.length} title="Redo (Ctrl+Shift+Z)" onClick={() => get().redo()}>↷ Redo</button>
        <span className="grow" />
        <span className="muted" data-testid="history.count">{index} of {entries.length}</span>
      </div>
      {entries.length === 0 ? (
        <p className="empty-note" data-testid="history.empty">No changes yet. Every edit of the level, its name and the pack shows up here.</p>
      ) : (
        <ol className="history-list" data-testid="history.list">
          <li>
            <button type="button" className={`history-item${index === 0 ? ' current' : ''}`} data-testid="history.start" aria-current={index === 0 ? 'step' : undefined} onClick={() => get().jumpTo(0)}>
              <span className="history-label">Start</span>
            </button>
          </li>
          {entries.map((e, i) => {
            const state = i + 1 === index ? 'current' : i + 1 < index ? 'done' : 'undone';
            return (
              <li key={e.id}>
                <button
                  type="button"
                  className={`history-item ${state}`}
                  data-testid="history.item"
                  data-state={state}
                  aria-current={state === 'current' ? 'step' : undefined}
                  title={state === 'undone' ? 'Redo up to here' : 'Go back to just after this change'}
                  onClick={() => get().jumpTo(i + 1)}
                >
                  <span className="history-label">{e.label}</span>
                  <span className="muted history-time">{time(e.at)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
