/** Transient messages (bottom right): info fades after a few seconds, errors stay until dismissed. */
import { useEffect } from 'react';
import { useActions, useStudio } from '../studioContext';

export function Messages() {
  const get = useActions();
  const messages = useStudio((s) => s.messages);
  useEffect(() => {
    const timers = messages.filter((m) => m.kind === 'info').map((m) => setTimeout(() => get().dismissMessage(m.id), 5000));
    return () => timers.forEach(clearTimeout);
  }, [messages, get]);
  return (
    <div className="messages" aria-live="polite">
      {messages.map((m) => (
        <div key={m.id} className={`message message-${m.kind}`} data-testid="app.message" data-kind={m.kind} role={m.kind === 'error' ? 'alert' : 'status'}>
          <span>{m.text}</span>
          <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissMessage(m.id)}>✕</button>
        </div>
      ))}
    </div>
  );
}
