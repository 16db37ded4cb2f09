/**
 * The notifications list (header): every error of this session, newest
 * first, with its time, after its toast has faded. The button shows how
 * many came since the list was last opened.
 */
import { useEffect, useRef, useState } from 'react';
import { useActions, useStudioShallow } from '../studioContext';

export function Notifications() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ log: st.notificationLog, unread: st.unreadNotifications }));
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    get().markNotificationsRead();
    const away = (e: PointerEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, get, s.log.length]);
  return (
    <div className="menu-wrap" ref={root} onKeyDown={(e) => e.key === 'Escape' && open && (e.stopPropagation(), setOpen(false))}>
      <button
        type="button"
        className="small"
        data-testid="app.notifications"
        data-unread={s.unread}
        aria-expanded={open}
        aria-haspopup="dialog"
        title="Errors of this session, kept after their message fades"
        onClick={() => setOpen(!open)}
      >
        Notifications{s.unread > 0 ? ` (${s.unread})` : ''}
      </button>
      {open && (
        <div className="menu notifications" role="dialog" aria-label="notifications" data-testid="app.notifications.list">
          {s.log.length === 0 ? (
            <p className="muted">No errors this session.</p>
          ) : (
            <ul>
              {[...s.log].reverse().map((m) => (
                <li key={m.id} data-testid="app.notifications.item">
                  <span className="muted small-text">{new Date(m.at).toLocaleTimeString()}</span> {m.text}
                </li>
              ))}
            </ul>
          )}
          {s.log.length > 0 && <button type="button" className="small" data-testid="app.notifications.clear" onClick={() => get().clearNotifications()}>Clear</button>}
        </div>
      )}
    </div>
  );
}
