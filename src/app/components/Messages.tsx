/**
 * Transient messages (bottom right, at most three, so they never reach the
 * gauge): info fades after 5 s (8 s with Undo), errors after 12 s; every
 * error also stays in the notifications list in the header.
 */
import { useEffect } from 'react';
import { useActions, useStudio } from '../studioContext';

export function Messages() {
  const get = useActions();
  const messages = useStudio((s) => s.messages);
  useEffect(() => {
    const timers = messages.map((m) => setTimeout(() => get().dismissMessage(m.id), m.kind === 'error' ? 12_000 : m.undoId !== undefined ? 8000 : 5000));
    return () => timers.forEach(clearTimeout);
  }, [messages, get]);
  return (
    <div className="messages" aria-live="polite">
      {messages.map((m) => (
        <div key={m.id} className={`message message-${m.kind}`} data-testid="app.message" data-kind={m.kind} role={m.kind === 'error' ? 'alert' : 'status'}>
          <span>{m.text}</span>
          {m.undoId !== undefined && (
            <button type="button" className="small" data-testid="app.message.undo" onClick={() => (get().undoEntry(m.undoId!), get().dismissMessage(m.id))}>
              Undo
            </button>
          )}
          <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissMessage(m.id)}>✕</button>
        </div>
      ))}
    </div>
  );
}
