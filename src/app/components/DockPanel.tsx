/** The left dock: the level pack, the generators, suggestions while drawing and the history, as tabs. */
import { PartBoundary } from './PartBoundary';
import { useActions, useStudio } from '../studioContext';
import { GeneratorsPanel } from './GeneratorsPanel';
import { HistoryPanel } from './HistoryPanel';
import { PackPanel } from './PackPanel';
import { SuggestionsPanel } from './SuggestionsPanel';

export function DockPanel() {
  const get = useActions();
  const tab = useStudio((s) => s.dockTab);
  return (
    <aside className="panel dock" aria-label="Pack and generators">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'pack'} className={tab === 'pack' ? 'active' : ''} data-testid="dock.tab.pack" onClick={() => get().setDockTab('pack')}>
          Pack
        </button>
        <button type="button" role="tab" aria-selected={tab === 'generators'} className={tab === 'generators' ? 'active' : ''} data-testid="dock.tab.generators" onClick={() => get().setDockTab('generators')}>
          Generators
        </button>
        <button type="button" role="tab" aria-selected={tab === 'suggestions'} className={tab === 'suggestions' ? 'active' : ''} data-testid="dock.tab.suggestions" onClick={() => get().setDockTab('suggestions')}>
          Suggest
        </button>
        <button type="button" role="tab" aria-selected={tab === 'history'} className={tab === 'history' ? 'active' : ''} data-testid="dock.tab.history" onClick={() => get().setDockTab('history')}>
          History
        </button>
      </div>
      <div className="dock-body" role="tabpanel">
        {tab === 'pack' ? (
          <PartBoundary key="pack" title="The level pack" part="pack" id="pack"><PackPanel /></PartBoundary>
        ) : tab === 'suggestions' ? (
          <PartBoundary key="suggestions" title="The suggestions" part="view" id="suggestions"><SuggestionsPanel /></PartBoundary>
        ) : tab === 'generators' ? (
          <PartBoundary key="generators" title="The generators" part="generators" id="generators"><GeneratorsPanel /></PartBoundary>
        ) : (
          <PartBoundary key="history" title="The history" part="history" id="history"><HistoryPanel /></PartBoundary>
        )}
      </div>
    </aside>
  );
}
