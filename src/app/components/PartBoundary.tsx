/**
 * An error boundary around one part of the studio (a view, a dock panel, a
 * side panel): when the part throws while drawing, the rest of the studio
 * stays up and this box says what failed, with "Try again" (draw it again)
 * and "Reset…" (after the designer confirms: the part's saved records are
 * copied into a backup and the part starts fresh).
 */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { RESETTABLE_PARTS, type ResettablePart } from '../controllers/workspaceController';
import { useActions, useServices } from '../studioContext';

interface Props {
  /** What the designer calls this part ("The level pack"). */
  readonly title: string;
  readonly part: ResettablePart;
  /** data-testid suffix: `boundary.<id>`. */
  readonly id: string;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
  /** Bumped by "Try again" so the children mount afresh. */
  readonly attempt: number;
}

export class PartBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The stack goes to the console, where a bug report's log will have it; the box shows one sentence.
    console.error(`Longcat Studio: ${this.props.title} failed:`, error, info.componentStack);
  }

  private readonly retry = (): void => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    if (this.state.error === null) return <PartKey key={this.state.attempt}>{this.props.children}</PartKey>;
    return <FailedPart title={this.props.title} part={this.props.part} id={this.props.id} error={this.state.error} onRetry={this.retry} />;
  }
}

function PartKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function FailedPart({ title, part, id, error, onRetry }: { title: string; part: ResettablePart; id: string; error: Error; onRetry: () => void }) {
  const { workspace } = useServices();
  const get = useActions();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const spec = RESETTABLE_PARTS[part];
  const resettable = spec.records.length > 0 || spec.fields.length > 0;
  const reset = async (): Promise<void> => {
    setBusy(true);
    try {
      get().notify('info', await workspace.reset(part, error.message.slice(0, 300)));
    } catch (e) {
      get().notify('error', `The reset failed: ${e instanceof Error ? e.message : String(e)}.`);
    }
    setBusy(false);
    setConfirming(false);
    onRetry();
  };
  return (
    <section className="part-failed error-box" role="alert" data-testid={`boundary.${id}`}>
      <h3>{title} stopped working</h3>
      <p>
        It failed while drawing: <code data-testid={`boundary.${id}.message`}>{error.message.slice(0, 500)}</code>. The rest of the studio still works.
      </p>
      {!confirming ? (
        <div className="button-row">
          <button type="button" className="primary" data-testid={`boundary.${id}.retry`} onClick={onRetry}>Try again</button>
          {resettable && (
            <button type="button" data-testid={`boundary.${id}.reset`} onClick={() => setConfirming(true)}>Reset {title.toLowerCase()}…</button>
          )}
        </div>
      ) : (
        <div className="confirm-box">
          <p>
            Reset {spec.label}? It starts fresh; what is saved of it now is kept as a backup you can download (see <i>Recovered work</i>).
          </p>
          <div className="button-row">
            <button type="button" className="danger" disabled={busy} data-testid={`boundary.${id}.confirmReset`} onClick={() => void reset()}>Reset</button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)}>Cancel</button>
          </div>
        </div>
      )}
    </section>
  );
}
